import type { SearchRequest } from './engine.ts';
import { compactIdentifier, formatIssn, toIsbn13 } from './isbn.ts';
import { tabCondition } from './tab-scope.ts';

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

/** Weight letter of each field in search_vector / stem_vector (migration 0001). */
const FIELD_WEIGHT = { titulo: 'a', autor: 'b', assunto: 'c' } as const;

/** A LIKE pattern matching values that start with the normalised parameter; typed % and _ match themselves. */
function likePrefix(param: string): string {
  return `regexp_replace(public.f_norm(${param}), '([\\\\%_])', '\\\\\\1', 'g') || '%'`;
}

/** The SQL of one search page: a parameterised statement returning (id, total). */
export function buildSearchSql(request: SearchRequest): { sql: string; params: unknown[] } {
  const params: unknown[] = [request.text];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const term = '$1';
  const conditions: string[] = [];
  const weight = request.type === 'livre' ? null : FIELD_WEIGHT[request.type];
  const vector = (name: string) => (weight ? `ts_filter(${name}, '{${weight}}')` : name);

  let rankQuery: string;
  if (request.termType === 'inicio') {
    const prefix = likePrefix(term);
    const column =
      request.type === 'autor' ? 'main_author_norm' : request.type === 'assunto' ? null : 'title_norm';
    if (column) {
      conditions.push(`${column} LIKE ${prefix}`);
    } else {
      conditions.push(`EXISTS (SELECT 1 FROM title_authority ta JOIN authority a ON a.id = ta.authority_id
        WHERE ta.title_id = t.id AND ta.role = 'subject' AND a.heading_norm LIKE ${prefix})`);
    }
    rankQuery = `plainto_tsquery('simple', public.f_unaccent(${term}))`;
  } else {
    const make = request.termType === 'exata' ? 'phraseto_tsquery' : 'plainto_tsquery';
    const exactQuery = `${make}('simple', public.f_unaccent(${term}))`;
    rankQuery = exactQuery;
    const exactMatch = weight
      ? `(search_vector @@ ${exactQuery} AND ${vector('search_vector')} @@ ${exactQuery})`
      : `search_vector @@ ${exactQuery}`;
    const alternatives = [exactMatch];
    // A title made only of signs ("<>.") has no words to index; it is still found by itself.
    if (request.type === 'livre' || request.type === 'titulo')
      alternatives.push('title_norm = public.f_norm($1)');
    if (request.similar) {
      for (const config of STEM_CONFIGS) {
        const stemmed = `${make}('${config}', public.f_unaccent(${term}))`;
        alternatives.push(
          weight
            ? `(stem_vector @@ ${stemmed} AND ${vector('stem_vector')} @@ ${stemmed})`
            : `stem_vector @@ ${stemmed}`,
        );
      }
    }
    if (request.type === 'livre') {
      const identifier = compactIdentifier(request.text);
      if (identifier && identifier.length === 8)
        alternatives.push(`issn @> ARRAY[${p(formatIssn(identifier))}]`);
      if (identifier && identifier.length >= 10)
        alternatives.push(`isbn @> ARRAY[${p(toIsbn13(identifier))}]`);
      // Call numbers by prefix ("869.3 A" finds "869.3 A848d").
      if (/\d/.test(request.text)) {
        alternatives.push(`call_number_norm LIKE ${likePrefix(term)}`);
      }
    }
    conditions.push(`(${alternatives.join(' OR ')})`);
  }

  const scope = tabCondition(request, p);
  if (scope) conditions.push(scope);

  const order = orderBy(request, rankQuery);
  const limit = p(request.pageSize);
  const offset = p((request.page - 1) * request.pageSize);
  const sql = `SELECT t.id, count(*) OVER ()::int AS total
    FROM title t
    WHERE ${conditions.join(' AND ')}
    ORDER BY ${order}
    LIMIT ${limit} OFFSET ${offset}`;
  return { sql, params };
}

function orderBy(request: SearchRequest, rankQuery: string): string {
  switch (request.ordering) {
    case 'T':
      return 'title_norm, t.id';
    case 'A':
      return 'main_author_norm NULLS LAST, title_norm, t.id';
    case 'AC':
      return 'year NULLS LAST, title_norm, t.id';
    case 'AD':
      return 'year DESC NULLS LAST, title_norm, t.id';
    case 'N':
      return 'call_number_norm NULLS LAST, t.id';
    case 'C':
    default:
      // Relevance: an exact title, then an exact author, then weighted field matches
      // (title > author > subject > rest), then the most recent as a tie-breaker.
      return `(title_norm = public.f_norm($1)) DESC,
        (main_author_norm = public.f_norm($1)) DESC,
        ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', search_vector, ${rankQuery}) DESC,
        year DESC NULLS LAST, t.id`;
  }
}
