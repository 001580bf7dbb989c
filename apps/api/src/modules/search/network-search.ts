import { randomUUID } from 'node:crypto';
import {
  NO_YEAR,
  type FilterGroup,
  type FilterType,
  type ParsedSearchQuery,
  type SearchResponse,
} from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { findNetworkSummaries, presentNetworkHit } from '../network/index.ts';
import { filterValueKey } from './filters.ts';
import { compactIdentifier, formatIssn, toIsbn13 } from './isbn.ts';
import { STEM_CONFIGS } from './query.ts';
import { CATALOGUE_VERSION_COLUMNS } from './catalogue-version.ts';

/**
 * The network tab's own filter set (SPEC §2, §4): Z institution, T work type, Y year, I language.
 * /consulta/filtros answers it for search_tab=rede-oai.
 */
export const NETWORK_FILTERS = [
  { tipo: 'Z', descricao: 'search.filter.Z' },
  { tipo: 'T', descricao: 'search.filter.T' },
  { tipo: 'Y', descricao: 'search.filter.Y' },
  { tipo: 'I', descricao: 'search.filter.I' },
] as const satisfies readonly { tipo: FilterType; descricao: string }[];

type NetworkFilterType = (typeof NETWORK_FILTERS)[number]['tipo'];
const NETWORK_FILTER_TYPES: readonly NetworkFilterType[] = NETWORK_FILTERS.map((f) => f.tipo);

/** The value of each filter type for a record, as SQL over `network_record r JOIN network_institution i`. */
const FILTER_VALUE: Record<NetworkFilterType, string> = {
  Z: 'i.code::text',
  T: 'r.work_type',
  Y: `coalesce(r.year::text, '${NO_YEAR}')`,
  I: 'r.language',
};

/** Weight letter of each field in search_vector / stem_vector (migration 0014, as for titles). */
const FIELD_WEIGHT = { titulo: 'a', autor: 'b', assunto: 'c' } as const;

/** Bound parameters of one statement; $1 is always the typed text. */
function statement(text: string) {
  const params: unknown[] = [text];
  return {
    params,
    p(value: unknown): string {
      params.push(value);
      return `$${params.length}`;
    },
  };
}
type Statement = ReturnType<typeof statement>;

/** A LIKE pattern matching values that start with the normalised text; typed % and _ match themselves. */
const LIKE_PREFIX = `regexp_replace(public.f_norm($1), '([\\\\%_])', '\\\\\\1', 'g') || '%'`;

/** The text match of a search (SPEC §3 search and term types) and the tsquery that ranks it. */
function textMatch(query: ParsedSearchQuery, s: Statement): { where: string; rank: string } {
  const type = query.tipoBusca;
  if (query.tipoTermo === 'inicio') {
    const where =
      type === 'autor'
        ? `r.main_author_norm LIKE ${LIKE_PREFIX}`
        : type === 'assunto'
          ? `EXISTS (SELECT 1 FROM unnest(r.subjects) AS s(term) WHERE public.f_norm(s.term) LIKE ${LIKE_PREFIX})`
          : `r.title_norm LIKE ${LIKE_PREFIX}`;
    return { where, rank: `plainto_tsquery('simple', public.f_unaccent($1))` };
  }
  const weight = type === 'livre' ? null : FIELD_WEIGHT[type];
  const make = query.tipoTermo === 'exata' ? 'phraseto_tsquery' : 'plainto_tsquery';
  const matches = (vector: string, tsquery: string) =>
    weight
      ? `(r.${vector} @@ ${tsquery} AND ts_filter(r.${vector}, '{${weight}}') @@ ${tsquery})`
      : `r.${vector} @@ ${tsquery}`;
  const exact = `${make}('simple', public.f_unaccent($1))`;
  const alternatives = [matches('search_vector', exact)];
  if (type === 'livre' || type === 'titulo') alternatives.push('r.title_norm = public.f_norm($1)');
  if (query.similares) {
    for (const config of STEM_CONFIGS)
      alternatives.push(matches('stem_vector', `${make}('${config}', public.f_unaccent($1))`));
  }
  if (type === 'livre') {
    const identifier = compactIdentifier(query.termo);
    if (identifier?.length === 8) alternatives.push(`r.issn @> ARRAY[${s.p(formatIssn(identifier))}]`);
    if (identifier && identifier.length >= 10)
      alternatives.push(`r.isbn @> ARRAY[${s.p(toIsbn13(identifier))}]`);
  }
  return { where: `(${alternatives.join(' OR ')})`, rank: exact };
}

function orderBy(query: ParsedSearchQuery, rank: string): string {
  switch (query.ordenacao) {
    case 'T':
      return 'r.title_norm, r.id';
    case 'A':
      return 'r.main_author_norm NULLS LAST, r.title_norm, r.id';
    case 'AC':
      return 'r.year NULLS LAST, r.title_norm, r.id';
    case 'AD':
      return 'r.year DESC NULLS LAST, r.title_norm, r.id';
    case 'N':
      return 'r.call_number_norm NULLS LAST, r.id';
    case 'C':
    default:
      // As for local titles (docs/search.md): exact title, exact author, weighted rank, newest.
      return `(r.title_norm = public.f_norm($1)) DESC, (r.main_author_norm = public.f_norm($1)) DESC,
        ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', r.search_vector, ${rank}) DESC, r.year DESC NULLS LAST, r.id`;
  }
}

/** Applied filters of the network types, values by type (SPEC §4: same type OR, types AND). */
function appliedFilters(query: ParsedSearchQuery): Map<NetworkFilterType, string[]> {
  const applied = new Map<NetworkFilterType, string[]>();
  for (const filter of query.filtro) {
    const type = filter.tipo as NetworkFilterType;
    if (!NETWORK_FILTER_TYPES.includes(type)) continue;
    const values = applied.get(type) ?? [];
    if (!values.includes(filter.valor)) values.push(filter.valor);
    applied.set(type, values);
  }
  return applied;
}

/** The SQL condition of the applied filters, leaving out one type (or none); 'true' when there are none. */
function filterCondition(
  applied: Map<NetworkFilterType, string[]>,
  s: Statement,
  column: (type: NetworkFilterType) => string,
  except?: NetworkFilterType,
): string {
  const conditions = [...applied]
    .filter(([type]) => type !== except)
    .map(([type, values]) => `${column(type)} = ANY(${s.p(values)}::text[])`);
  return conditions.length > 0 ? conditions.join(' AND ') : 'true';
}

const FROM = 'FROM network_record r JOIN network_institution i ON i.id = r.institution_id';

/** One page of network records, best first, with the ids of the page. */
async function searchPage(
  db: Queryable,
  query: ParsedSearchQuery,
  applied: Map<NetworkFilterType, string[]>,
) {
  const s = statement(query.termo);
  const { where, rank } = textMatch(query, s);
  const filters = filterCondition(applied, s, (type) => FILTER_VALUE[type]);
  const sql = `SELECT r.id ${FROM} WHERE ${where} AND ${filters}
    ORDER BY ${orderBy(query, rank)} LIMIT ${s.p(query.quantPag)} OFFSET ${s.p((query.paginaAtiva - 1) * query.quantPag)}`;
  const { rows } = await db.query<{ id: number }>(sql, s.params);
  return rows.map((r) => r.id);
}

interface FacetRow {
  tipo: NetworkFilterType | 'total';
  valor: string;
  quantidade: number;
  descricao: string | null;
}

/**
 * The total and the filter values with their counts over the whole result (SPEC §4, contract
 * FilterValueSchema): each type counted with the applied filters of the other types only. Every
 * value the text search meets is counted (zero when other filters exclude it), as are applied values.
 */
async function searchFacets(
  db: Queryable,
  query: ParsedSearchQuery,
  applied: Map<NetworkFilterType, string[]>,
  language: ServerLanguage,
): Promise<FacetRow[]> {
  const s = statement(query.termo);
  const { where } = textMatch(query, s);
  const column = (type: NetworkFilterType) => `value_${type.toLowerCase()}`;
  const counts = NETWORK_FILTER_TYPES.map(
    (type) => `SELECT '${type}' AS tipo, m.${column(type)} AS valor,
        count(*) FILTER (WHERE ${filterCondition(applied, s, (t) => `m.${column(t)}`, type)})::int AS n
      FROM m WHERE m.${column(type)} IS NOT NULL GROUP BY m.${column(type)}`,
  );
  const selected = [...applied].flatMap(([type, values]) => values.map((value) => [type, value] as const));
  const lang = s.p(language);
  const label = (table: string, column: string) =>
    `(SELECT CASE ${lang}::text WHEN 'en' THEN x.${column}_en WHEN 'es' THEN x.${column}_es ELSE x.${column}_pt END
        FROM ${table} x WHERE x.code = c.valor)`;
  const sql = `WITH m AS (
      SELECT ${NETWORK_FILTER_TYPES.map((type) => `${FILTER_VALUE[type]} AS ${column(type)}`).join(', ')}
      ${FROM} WHERE ${where}
    ), c AS (
      SELECT 'total' AS tipo, '' AS valor,
             count(*) FILTER (WHERE ${filterCondition(applied, s, (t) => `m.${column(t)}`)})::int AS n FROM m
      UNION ALL ${counts.join(' UNION ALL ')}
      UNION ALL SELECT u.tipo, u.valor, 0 FROM unnest(${s.p(selected.map(([t]) => t))}::text[],
        ${s.p(selected.map(([, v]) => v))}::text[]) AS u(tipo, valor)
    )
    SELECT c.tipo, c.valor, max(c.n)::int AS quantidade,
      CASE c.tipo
        WHEN 'Z' THEN (SELECT x.name FROM network_institution x WHERE x.code::text = c.valor)
        WHEN 'T' THEN ${label('work_type', 'label')}
        WHEN 'I' THEN ${label('language', 'name')}
      END AS descricao
    FROM c GROUP BY c.tipo, c.valor`;
  const { rows } = await db.query<FacetRow>(sql, s.params);
  return rows;
}

/** The filter groups of the network tab, in NETWORK_FILTERS order; values nobody can pick left out. */
function filterGroups(rows: FacetRow[], applied: Map<NetworkFilterType, string[]>): FilterGroup[] {
  return NETWORK_FILTERS.flatMap(({ tipo, descricao }) => {
    const selected = applied.get(tipo) ?? [];
    const values = rows
      .filter((row) => row.tipo === tipo && (row.quantidade > 0 || selected.includes(row.valor)))
      .map((row) => ({
        valor: row.valor,
        descricao:
          tipo === 'Y'
            ? row.valor === NO_YEAR
              ? filterValueKey('Y', NO_YEAR)
              : row.valor
            : (row.descricao ?? row.valor),
        quantidade: row.quantidade,
        selecionado: selected.includes(row.valor),
      }));
    if (values.length === 0) return [];
    if (tipo === 'Y') {
      // SPEC §4: years descending, records without a year last.
      const key = (valor: string) => (valor === NO_YEAR ? -Infinity : Number(valor));
      values.sort((a, b) => key(b.valor) - key(a.valor));
    } else {
      values.sort((a, b) => b.quantidade - a.quantidade || a.descricao.localeCompare(b.descricao));
    }
    return [{ tipo, descricao, valores: values }];
  });
}

/**
 * The network tab's counts (total and filter values, described) of recent searches, each under
 * the catalogue version it was counted at (migration 0016: network records and institutions move
 * it), least recently used going first.
 */
export class NetworkCountCache {
  private readonly entries = new Map<string, { version: number; rows: FacetRow[] }>();
  constructor(private readonly size = 500) {}

  get(key: string, version: number): FacetRow[] | undefined {
    const entry = this.entries.get(key);
    if (entry?.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.rows;
  }

  set(key: string, version: number, rows: FacetRow[]): void {
    this.entries.delete(key);
    this.entries.set(key, { version, rows });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * GET /consulta?search_tab=rede-oai: searches the records of the library network (SPEC §3 Network
 * record) instead of the local catalogue, with the tab's own filters; advanced rows and tab
 * options do not apply to this tab. With a cache, the counts of a search already counted under
 * the current catalogue version are not counted again.
 */
export async function searchNetwork(
  db: Queryable,
  query: ParsedSearchQuery,
  language: ServerLanguage,
  cache?: NetworkCountCache,
): Promise<SearchResponse> {
  const applied = appliedFilters(query);
  // Read before the counts, in a statement of its own (see search_catalogue_version).
  const version = cache
    ? (
        await db.query<{ version: number; keepable: boolean }>(
          `SELECT ${CATALOGUE_VERSION_COLUMNS} FROM public.search_catalogue_version() v`,
        )
      ).rows[0]
    : undefined;
  const key = JSON.stringify([
    query.termo,
    query.tipoBusca,
    query.tipoTermo,
    query.similares,
    [...applied].sort(([a], [b]) => (a < b ? -1 : 1)).map(([type, values]) => [type, [...values].sort()]),
    language,
  ]);
  const kept = version ? cache?.get(key, version.version) : undefined;
  const [ids, facets] = await Promise.all([
    searchPage(db, query, applied),
    kept ?? searchFacets(db, query, applied, language),
  ]);
  if (cache && version?.keepable && !kept) cache.set(key, version.version, facets);
  const rows = await findNetworkSummaries(db, ids, language);
  return {
    data: rows.map(presentNetworkHit),
    total: facets.find((row) => row.tipo === 'total')?.quantidade ?? 0,
    id: randomUUID(),
    base: query.base,
    tab: query.search_tab,
    paginaAtiva: query.paginaAtiva,
    quantPag: query.quantPag,
    ordenacao: query.ordenacao,
    filtros: filterGroups(facets, applied),
  };
}
