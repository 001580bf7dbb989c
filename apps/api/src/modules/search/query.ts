import {
  MAX_NEAR_ROWS,
  NEAR_WORDS,
  type AdvancedRow,
  type SearchOperator,
  type SearchType,
  type TermType,
} from '@estante/contract';
import type { SearchRequest } from './engine.ts';
import { SEARCH_ERRORS } from './errors.ts';
import { filterKeyGroups } from './filters.ts';
import { compactIdentifier, formatIssn, toIsbn13 } from './isbn.ts';
import { tabCondition, tabRelevanceOrder } from './tab-scope.ts';

/** Stemming configurations tried for the similar-word search: the record was stemmed in its own language. */
export const STEM_CONFIGS = [
  'portuguese',
  'english',
  'spanish',
  'french',
  'german',
  'italian',
  'russian',
  'dutch',
];

/** MARC language code → the text search configuration used to stem that record. */
export function stemConfigFor(language: string | null | undefined): string {
  switch (language) {
    case 'por':
      return 'portuguese';
    case 'eng':
      return 'english';
    case 'spa':
      return 'spanish';
    case 'fre':
      return 'french';
    case 'ger':
      return 'german';
    case 'ita':
      return 'italian';
    case 'rus':
      return 'russian';
    case 'dut':
      return 'dutch';
    default:
      return 'simple';
  }
}

/** Filter values counted per type (the selected ones come on top). */
export const FILTER_VALUE_CAP = 30;

/**
 * Up to this many results the relevance order uses ts_rank_cd; above it the ranking reads no
 * tsvector per row: exact title, exact author, then the most recent (docs/search.md "Ranking").
 */
export const FULL_RANK_LIMIT = 20_000;

/** Weight letter of each field in search_vector / stem_vector (migration 0001). */
const FIELD_WEIGHT: Record<SearchType, string | null> = {
  livre: null,
  titulo: 'A',
  autor: 'B',
  assunto: 'C',
};

/** The positional operators: they join a row to the row before it (docs/search.md). */
const POSITIONAL: ReadonlySet<SearchOperator> = new Set(['PROX', 'ANTES', 'DEPOIS']);

/** Bound parameters of one statement; `add` answers the placeholder. */
class Params {
  readonly values: unknown[] = [];
  add = (value: unknown): string => {
    this.values.push(value);
    return `$${this.values.length}`;
  };
}

/** A LIKE pattern matching values that start with the normalised parameter; typed % and _ match themselves. */
function likePrefix(param: string): string {
  return `regexp_replace(public.f_norm(${param}), '([\\\\%_])', '\\\\\\1', 'g') || '%'`;
}

/** A tsquery restricted to one weight, or to words of a single field when the search type is free. */
function inField(query: string, type: SearchType, sameField: boolean): string {
  const weight = FIELD_WEIGHT[type];
  if (weight) return `public.f_tsquery_weight(${query}, '${weight}')`;
  return sameField ? `public.f_tsquery_same_field(${query})` : query;
}

/** One piece of the match: a SQL condition over `title t` and the tsquery it ranks by (null: none). */
interface Unit {
  condition: string;
  rank: string | null;
}

/** The condition of one search row on its own: the first row, or an E / OU / NAO row. */
function termUnit(
  params: Params,
  text: string,
  type: SearchType,
  termType: TermType,
  similar: boolean,
  /** The placeholder already holding the text (the first row's is $1). */
  bound?: string,
): Unit {
  const term = bound ?? params.add(text);
  if (termType === 'inicio') {
    const prefix = likePrefix(term);
    const column = type === 'autor' ? 'main_author_norm' : type === 'assunto' ? null : 'title_norm';
    const condition = column
      ? `t.${column} LIKE ${prefix}`
      : `EXISTS (SELECT 1 FROM title_authority ta JOIN authority a ON a.id = ta.authority_id
          WHERE ta.title_id = t.id AND ta.role = 'subject' AND a.heading_norm LIKE ${prefix})`;
    return { condition, rank: `plainto_tsquery('simple', public.f_unaccent(${term}))` };
  }
  const make = termType === 'exata' ? 'phraseto_tsquery' : 'plainto_tsquery';
  const exact = `${make}('simple', public.f_unaccent(${term}))`;
  const phrase = termType === 'exata';
  const alternatives = [`t.search_vector @@ ${inField(exact, type, phrase)}`];
  // A title made only of signs ("<>.") has no words to index; it is still found by itself.
  if (type === 'livre' || type === 'titulo') alternatives.push(`t.title_norm = public.f_norm(${term})`);
  if (similar) {
    for (const config of STEM_CONFIGS) {
      const stemmed = `${make}('${config}', public.f_unaccent(${term}))`;
      alternatives.push(`t.stem_vector @@ ${inField(stemmed, type, phrase)}`);
    }
  }
  if (type === 'livre') {
    const identifier = compactIdentifier(text);
    if (identifier && identifier.length === 8)
      alternatives.push(`t.issn @> ARRAY[${params.add(formatIssn(identifier))}]`);
    if (identifier && identifier.length >= 10)
      alternatives.push(`t.isbn @> ARRAY[${params.add(toIsbn13(identifier))}]`);
    // Call numbers by prefix ("869.3 A" finds "869.3 A848d").
    if (/\d/.test(text)) alternatives.push(`t.call_number_norm LIKE ${likePrefix(term)}`);
  }
  return { condition: `(${alternatives.join(' OR ')})`, rank: exact };
}

/**
 * Rows joined by PROX / ANTES / DEPOIS: one tsquery in which each row's words are a phrase and the
 * rows keep their order and distance; every word of a match lies in the same field.
 */
function positionalUnit(
  params: Params,
  first: { text: string; type: SearchType },
  rows: AdvancedRow[],
  /** The placeholder already holding the first text (the first row's is $1). */
  bound?: string,
): Unit {
  const phrase = (text: string, placeholder = params.add(text)) =>
    `phraseto_tsquery('simple', public.f_unaccent(${placeholder}))`;
  let query = phrase(first.text, bound);
  for (const row of rows) {
    const next = phrase(row.termo);
    if (row.operador === 'PROX') query = `tsquery_phrase(${query}, ${next})`;
    else if (row.operador === 'ANTES') query = `public.f_tsquery_within(${query}, ${next}, ${NEAR_WORDS})`;
    else query = `public.f_tsquery_within(${next}, ${query}, ${NEAR_WORDS})`;
  }
  const fields = new Set([first.type, ...rows.map((r) => r.campo)].filter((f) => f !== 'livre'));
  // Rows naming two different fields can never be next to each other in one field.
  // (The query stays in the SQL so that every bound parameter is named.)
  if (fields.size > 1) return { condition: `(false AND t.search_vector @@ ${query})`, rank: null };
  const [field = 'livre'] = [...fields];
  return { condition: `t.search_vector @@ ${inField(query, field, true)}`, rank: query };
}

/**
 * The WHERE condition of a search (text rows and tab; filters apart) and its rank tsquery. The
 * first row's text must already be bound as $1.
 */
function buildMatch(request: SearchRequest, params: Params): { where: string; rank: string; term: string } {
  // Split the rows into groups: a positional operator glues a row to the group before it.
  const groups: {
    operator: SearchOperator | null;
    first: { text: string; type: SearchType };
    joined: AdvancedRow[];
  }[] = [{ operator: null, first: { text: request.text, type: request.type }, joined: [] }];
  for (const row of request.rows) {
    if (POSITIONAL.has(row.operador)) groups[groups.length - 1]!.joined.push(row);
    else groups.push({ operator: row.operador, first: { text: row.termo, type: row.campo }, joined: [] });
  }
  const term = '$1';
  // A tab browsed without a term (contract searchNeedsTerm): the tab's scope alone chooses the titles.
  // $1 (the empty text) is still named, since a statement must give every parameter a type.
  if (request.text === '' && request.rows.length === 0) {
    const scope = tabCondition(request, params.add) ?? 'true';
    return { where: `${term}::text = '' AND ${scope}`, rank: "''::tsquery", term };
  }
  let where = '';
  const ranks: string[] = [];
  for (const [index, group] of groups.entries()) {
    // Each ANTES / DEPOIS multiplies the tsquery by NEAR_WORDS alternatives: more would not run.
    if (group.joined.filter((r) => r.operador !== 'PROX').length > MAX_NEAR_ROWS)
      throw SEARCH_ERRORS.tooManyNearRows();
    const unit =
      group.joined.length > 0
        ? positionalUnit(params, group.first, group.joined, index === 0 ? term : undefined)
        : index === 0
          ? termUnit(params, request.text, request.type, request.termType, request.similar, term)
          : termUnit(params, group.first.text, group.first.type, 'qualquer', request.similar);
    if (unit.rank && group.operator !== 'NAO') ranks.push(unit.rank);
    if (index === 0) where = unit.condition;
    else if (group.operator === 'OU') where = `(${where} OR ${unit.condition})`;
    // NULL (a row against a missing column) must count as "does not match" under NOT.
    else if (group.operator === 'NAO') where = `(${where} AND NOT coalesce(${unit.condition}, false))`;
    else where = `(${where} AND ${unit.condition})`;
  }
  const scope = tabCondition(request, params.add);
  if (scope) where = `${where} AND ${scope}`;
  return { where, rank: ranks.length > 0 ? ranks.map((r) => `(${r})`).join(' || ') : "''::tsquery", term };
}

/** `facet_keys && ARRAY[…]` per applied filter type (SPEC §4: types AND, values of a type OR). */
function filterConditions(request: SearchRequest, params: Params): { prefix: string; condition: string }[] {
  return filterKeyGroups(request.filters).map((group) => ({
    prefix: group.prefix,
    condition: `t.facet_keys && ${params.add(group.keys)}::text[]`,
  }));
}

/** The SQL of one result page: the ids, best first. The text is always $1; limit and offset come last. */
export function buildSearchSql(
  request: SearchRequest,
  options: { fullRank?: boolean } = {},
): { sql: string; params: unknown[] } {
  const params = new Params();
  params.add(request.text);
  const match = buildMatch(request, params);
  const filters = filterConditions(request, params).map((f) => f.condition);
  const order = orderBy(request, match, options.fullRank ?? true);
  const limit = params.add(request.pageSize);
  const offset = params.add((request.page - 1) * request.pageSize);
  const sql = `SELECT t.id
    FROM title t
    WHERE ${[match.where, ...filters].join('\n      AND ')}
    ORDER BY ${order}
    LIMIT ${limit} OFFSET ${offset}`;
  return { sql, params: params.values };
}

/**
 * The SQL counting the filter values of a search in one pass over the matched titles: rows of
 * (key, count), at most `cap` keys per type by count plus the selected keys, and the key '#' whose
 * count is the number of results. Each type's values are counted under the applied filters of the
 * other types: a title that fails only filter type X still counts for X's values.
 */
export function buildFilterCountSql(
  request: SearchRequest,
  options: { cap?: number } = {},
): { sql: string; params: unknown[] } {
  const params = new Params();
  params.add(request.text);
  const match = buildMatch(request, params);
  const filters = filterConditions(request, params);
  const cap = params.add(options.cap ?? FILTER_VALUE_CAP);
  const ranked = (from: string, where: string) => `SELECT key, count(*)::int AS count,
             row_number() OVER (PARTITION BY split_part(key, ':', 1) ORDER BY count(*) DESC, key) AS place
        FROM ${from}
       WHERE ${where}
       GROUP BY key`;
  if (filters.length === 0) {
    const sql = `SELECT key, count FROM (
      ${ranked("title t, unnest(t.facet_keys || '{#}'::text[]) AS key", match.where)}
    ) counted
    WHERE place <= ${cap}`;
    return { sql, params: params.values };
  }
  const selected = params.add(filterKeyGroups(request.filters).flatMap((g) => g.keys));
  const misses = filters.map((f) => `(NOT ${f.condition})::int`).join(' + ');
  const missed = `CASE ${filters.map((f) => `WHEN NOT ${f.condition} THEN '${f.prefix}:'`).join(' ')} END`;
  const sql = `SELECT key, count FROM (
      ${ranked(
        `(SELECT * FROM (
           SELECT t.facet_keys, ${misses} AS misses, ${missed} AS missed
             FROM title t
            WHERE ${match.where}
         ) scored WHERE misses <= 1) m,
         unnest(m.facet_keys || '{#}'::text[]) AS key`,
        'm.misses = 0 OR starts_with(key, m.missed)',
      )}
    ) counted
    WHERE place <= ${cap} OR key = ANY (${selected}::text[])`;
  return { sql, params: params.values };
}

function orderBy(request: SearchRequest, match: { rank: string; term: string }, fullRank: boolean): string {
  switch (request.ordering) {
    case 'T':
      return 't.title_norm, t.id';
    case 'A':
      return 't.main_author_norm NULLS LAST, t.title_norm, t.id';
    case 'AC':
      return 't.year NULLS LAST, t.title_norm, t.id';
    case 'AD':
      return 't.year DESC NULLS LAST, t.title_norm, t.id';
    case 'N':
      return 't.call_number_norm NULLS LAST, t.id';
    case 'C':
    default: {
      // Relevance: an exact title, then an exact title proper (the title without its subtitle),
      // then an exact main author, then the best field matched (title > author > subject > rest)
      // and the weighted rank, then the most recent as a tie-breaker.
      // Exact means equal once accents, case, spaces and punctuation are set aside (f_match_key).
      const key = `public.f_match_key(${match.term})`;
      const exact = `(t.title_key = ${key}) IS TRUE DESC,
        (t.title_proper_key = ${key}) IS TRUE DESC,
        (${key} = ANY (t.author_keys)) IS TRUE DESC`;
      // The best field holding every word (title 4 > author 3 > subject 2 > the rest 1), then
      // ts_rank_cd (how often and how close) within it.
      const tier = (['A', 'B', 'C', 'D'] as const)
        .map((w, i) => `WHEN t.search_vector @@ public.f_tsquery_weight(${match.rank}, '${w}') THEN ${4 - i}`)
        .join(' ');
      const weighted = fullRank
        ? `CASE ${tier} ELSE 0 END DESC,
        ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', t.search_vector, ${match.rank}) DESC,\n        `
        : '';
      // A tab may put its own order first (the newest acquisitions first on new acquisitions).
      const tabFirst = tabRelevanceOrder(request);
      return `${tabFirst ? `${tabFirst},\n        ` : ''}${exact},\n        ${weighted}t.year DESC NULLS LAST, t.id`;
    }
  }
}
