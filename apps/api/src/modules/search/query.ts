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
 * ts_rank_cd costs about 3 µs per match.
 */
export const FULL_RANK_LIMIT = 2_000;

/**
 * A filter held by at least this share of the titles is checked on the matched titles instead of
 * through the GIN index of facet_keys, whose posting list for it is long (120 ms to decode for
 * `T:LIVRO` at a million titles), unless the text matches so many titles that reading them costs
 * more (INDEX_READ_RATIO).
 */
export const COMMON_KEY_SHARE = 0.05;

/**
 * Reading a matched title to check a filter costs about as much as decoding this many entries of
 * a GIN posting list (6 µs against 0.3 µs at a million titles).
 */
export const INDEX_READ_RATIO = 20;

/** The key whose count is the number of results (the counting statements add it to every title). */
export const TOTAL_KEY = '#';

/** The key whose count is the number of works among the results (buildFilterCountSql `works`). */
export const WORKS_KEY = '#works';

/** What the statements below may know of the catalogue besides the request. */
export interface CatalogueHints {
  /** Titles in the catalogue. */
  titles?: number;
  /** How many titles hold each filter key held by many titles (others may be left out). */
  keyTitles?: ReadonlyMap<string, number>;
  /** How many titles the text matches, when known (a frequent word's kept total). */
  matched?: number;
}

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

/**
 * `vector @@ query` within the field of the search type. On search_vector a weighted field is
 * matched through that field's own index (`ts_filter`, migration 0016), which means the same as
 * the weight-labelled tsquery, phrases included: the positions of the field are kept.
 */
function matchIn(
  vector: 't.search_vector' | 't.stem_vector',
  query: string,
  type: SearchType,
  sameField: boolean,
): string {
  const weight = FIELD_WEIGHT[type];
  if (weight && vector === 't.search_vector')
    return `ts_filter(${vector}, '{${weight.toLowerCase()}}') @@ ${query}`;
  // Words kept together in one field of any kind: the index finds the titles holding them together
  // at all (one phrase, which it reads fast), and each of those is checked for one field. Given
  // the four-field tsquery itself (`IS TRUE` keeps it off the index), the index would read every
  // title holding any of its words.
  if (!weight && sameField)
    return `(${vector} @@ ${query} AND (${vector} @@ ${inField(query, type, true)}) IS TRUE)`;
  return `${vector} @@ ${inField(query, type, sameField)}`;
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
  const alternatives = [matchIn('t.search_vector', exact, type, phrase)];
  // A title made only of signs ("<>.") has no words to index; it is still found by itself.
  if (type === 'livre' || type === 'titulo') alternatives.push(`t.title_norm = public.f_norm(${term})`);
  if (similar) {
    for (const config of STEM_CONFIGS) {
      const stemmed = `${make}('${config}', public.f_unaccent(${term}))`;
      alternatives.push(matchIn('t.stem_vector', stemmed, type, phrase));
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
  return { condition: matchIn('t.search_vector', query, field, true), rank: query };
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

/**
 * Whether a filter held by `holders` titles is cheaper checked on each matched title than read
 * from the GIN index: when it is common (COMMON_KEY_SHARE) and the text does not match so many
 * titles that reading them all costs more than the posting list (INDEX_READ_RATIO).
 */
export function checkedOnRows(holders: number, hints: CatalogueHints): boolean {
  const titles = hints.titles ?? 0;
  if (titles === 0 || holders < COMMON_KEY_SHARE * titles) return false;
  if (hints.matched === undefined) return true;
  return holders >= INDEX_READ_RATIO * hints.matched * (1 - Math.min(1, holders / titles));
}

/**
 * `facet_keys && ARRAY[…]` per applied filter type (SPEC §4: types AND, values of a type OR).
 * A filter cheaper checked on the matched titles (checkedOnRows) is written `(…) IS TRUE`, which
 * keeps the planner off the GIN index; the others go through the index.
 */
function filterConditions(
  request: SearchRequest,
  params: Params,
  hints: CatalogueHints,
): { prefix: string; condition: string }[] {
  return filterKeyGroups(request.filters).map((group) => {
    const holders = group.keys.reduce((sum, key) => sum + (hints.keyTitles?.get(key) ?? 0), 0);
    const test = `t.facet_keys && ${params.add(group.keys)}::text[]`;
    return { prefix: group.prefix, condition: checkedOnRows(holders, hints) ? `(${test}) IS TRUE` : test };
  });
}

/** The SQL of one result page: the ids, best first. The text is always $1; limit and offset come last. */
export function buildSearchSql(
  request: SearchRequest,
  options: {
    fullRank?: boolean;
    /**
     * The titles that match and pass the filters, when the API knows them (decision 0032): the
     * page reads them through the primary key and only ranks them.
     */
    within?: readonly number[];
  } & CatalogueHints = {},
): { sql: string; params: unknown[] } {
  const params = new Params();
  params.add(request.text);
  const match = buildMatch(request, params);
  // The titles given are the matches: the match is not checked again (a field search's ts_filter
  // costs 3 µs a title), only written where the planner folds it away, so that every parameter of
  // the rows stays named.
  const where = options.within
    ? `(t.id = ANY (${params.add(options.within)}::int[]) OR (false AND ${match.where}))`
    : [match.where, ...filterConditions(request, params, options).map((f) => f.condition)].join(
        '\n      AND ',
      );
  const fullRank = options.fullRank ?? true;
  if (!fullRank && !options.within && request.ordering === 'C' && !tabRelevanceOrder(request)) {
    // A big result set in relevance order: the exact title, title proper and author matches
    // through their own indexes, then the most recent of the rest along title_year_recent, so
    // the page reads a few dozen titles however many match. The same order as orderBy below.
    const key = `public.f_match_key(${match.term})`;
    const exact = `(t.title_key = ${key} OR t.title_proper_key = ${key} OR t.author_keys @> ARRAY[${key}])`;
    const limit = params.add(request.pageSize);
    const offset = params.add((request.page - 1) * request.pageSize);
    const sql = `SELECT id FROM (
      (SELECT t.id, (t.title_key = ${key}) IS TRUE AS e1, (t.title_proper_key = ${key}) IS TRUE AS e2,
              (${key} = ANY (t.author_keys)) IS TRUE AS e3, t.year
         FROM title t
        WHERE ${where}
          AND ${exact})
      UNION ALL
      (SELECT t.id, false, false, false, t.year
         FROM title t
        WHERE ${where}
          AND NOT coalesce(${exact}, false)
        ORDER BY t.year DESC NULLS LAST, t.id
        LIMIT ${limit}::int + ${offset}::int)
    ) found
    ORDER BY e1 DESC, e2 DESC, e3 DESC, year DESC NULLS LAST, id
    LIMIT ${limit} OFFSET ${offset}`;
    return { sql, params: params.values };
  }
  const order = orderBy(request, match, fullRank);
  const limit = params.add(request.pageSize);
  const offset = params.add((request.page - 1) * request.pageSize);
  const sql = `SELECT t.id
    FROM title t
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${limit} OFFSET ${offset}`;
  return { sql, params: params.values };
}

/**
 * Grouped works (decision 0071): the titles a search matches that pass every applied filter, with
 * `columns` over `title t`; with `workKeys`, only the titles of those works. The text is $1.
 */
export function buildMatchedTitlesSql(
  request: SearchRequest,
  columns: string,
  workKeys?: readonly string[],
): { sql: string; params: unknown[] } {
  const params = new Params();
  params.add(request.text);
  const match = buildMatch(request, params);
  const conditions = [match.where, ...filterConditions(request, params, {}).map((f) => f.condition)];
  if (workKeys) conditions.push(`t.work_key = ANY (${params.add(workKeys)}::text[])`);
  return {
    sql: `SELECT ${columns} FROM title t WHERE ${conditions.join('\n  AND ')}`,
    params: params.values,
  };
}

/**
 * The titles whose title, title proper or an author is exactly the search text (f_match_key),
 * through their own indexes, with which of the three it is: the first places of a big result set
 * in relevance order (buildSearchSql), for the API to order the rest itself (decision 0032).
 */
export function buildExactMatchSql(request: SearchRequest): { sql: string; params: unknown[] } {
  const key = 'public.f_match_key($1)';
  return {
    sql: `SELECT t.id, (t.title_key = ${key}) IS TRUE AS e1, (t.title_proper_key = ${key}) IS TRUE AS e2,
                 (${key} = ANY (t.author_keys)) IS TRUE AS e3
            FROM title t
           WHERE t.title_key = ${key} OR t.title_proper_key = ${key} OR t.author_keys @> ARRAY[${key}]`,
    params: [request.text],
  };
}

/**
 * The titles of each word of a search text kept in search_term_titles (migration 0018) for a
 * scope: one row per word of the text, `listed` false when the word is not a frequent one; the
 * word's chunks joined in id order as one string (`1,2,3`, which the API reads far faster than an
 * array), or null when the caller already holds them as of that `changed` (`known`: word and
 * changed), the newest change of any of its chunks.
 */
export function buildTitleListSql(
  text: string,
  scope: string,
  known: readonly { lexeme: string; changed: string }[],
): { sql: string; params: unknown[] } {
  return {
    sql: `WITH q AS (
            SELECT DISTINCT w AS word FROM unnest(tsvector_to_array(to_tsvector('simple', public.f_unaccent($1)))) w
          )
          SELECT q.word AS lexeme, st.lexeme IS NOT NULL AS listed,
                 coalesce(max(s.changed), 0)::text AS changed,
                 CASE WHEN coalesce(max(s.changed), 0)::text = k.changed THEN NULL
                      ELSE coalesce(string_agg(array_to_string(s.ids, ','), ',' ORDER BY s.chunk)
                                      FILTER (WHERE cardinality(s.ids) > 0), '') END AS ids
            FROM q
            LEFT JOIN search_term st ON st.lexeme = q.word
            LEFT JOIN search_term_titles s ON s.lexeme = st.lexeme AND s.scope = $2::"char"
            LEFT JOIN unnest($3::text[], $4::text[]) AS k(lexeme, changed) ON k.lexeme = q.word
           GROUP BY q.word, st.lexeme, k.changed`,
    params: [text, scope, known.map((k) => k.lexeme), known.map((k) => k.changed)],
  };
}

/** The counted keys of a type, most frequent first, at most `cap` (ties by key), over `from` filtered by `where`. */
function ranked(from: string, where: string, counted = 'count(*)'): string {
  return `SELECT key, ${counted}::int AS count,
             row_number() OVER (PARTITION BY split_part(key, ':', 1) ORDER BY ${counted} DESC, key) AS place
        FROM ${from}
       WHERE ${where}
       GROUP BY key`;
}

/**
 * The SQL counting the filter values of a search in one pass over the matched titles: rows of
 * (key, count), at most `cap` keys per type by count plus the selected keys, and the key '#' whose
 * count is the number of results. Each type's values are counted under the applied filters of the
 * other types: a title that fails only filter type X still counts for X's values.
 */
export function buildFilterCountSql(
  request: SearchRequest,
  options: {
    cap?: number;
    /** Count works, not titles (grouped works, decision 0071): titles sharing a work key count once. */
    byWork?: boolean;
    /**
     * Also the number of works among the results (WORKS_KEY), in the same pass over the matched
     * titles: grouped works need a page of their own only when it is below the total.
     */
    works?: boolean;
  } & CatalogueHints = {},
): { sql: string; params: unknown[] } {
  const params = new Params();
  params.add(request.text);
  const match = buildMatch(request, params);
  const filters = filterConditions(request, params, options);
  const cap = params.add(options.cap ?? FILTER_VALUE_CAP);
  const work = `coalesce(t.work_key, '#' || t.id)`;
  const withWork = options.byWork || options.works;
  if (filters.length === 0) {
    const counted = ranked(
      options.works
        ? "m, unnest(m.facet_keys || '{#}'::text[]) AS key"
        : "title t, unnest(t.facet_keys || '{#}'::text[]) AS key",
      options.works ? 'true' : match.where,
      options.byWork ? `count(DISTINCT ${options.works ? 'm.work' : work})` : undefined,
    );
    if (!options.works)
      return {
        sql: `SELECT key, count FROM (
      ${counted}
    ) counted
    WHERE place <= ${cap}`,
        params: params.values,
      };
    // The matched titles once (MATERIALIZED), read by both the counts and the works.
    const sql = `WITH m AS MATERIALIZED (SELECT t.facet_keys, ${work} AS work FROM title t WHERE ${match.where})
    SELECT key, count FROM (
      ${counted}
    ) counted
    WHERE place <= ${cap}
    UNION ALL
    SELECT '${WORKS_KEY}', count(*)::int FROM (SELECT DISTINCT work FROM m) w`;
    return { sql, params: params.values };
  }
  const selected = params.add(filterKeyGroups(request.filters).flatMap((g) => g.keys));
  const misses = filters.map((f) => `(NOT ${f.condition})::int`).join(' + ');
  const missed = `CASE ${filters.map((f) => `WHEN NOT ${f.condition} THEN '${f.prefix}:'`).join(' ')} END`;
  const scored = `SELECT t.facet_keys, ${misses} AS misses, ${missed} AS missed${withWork ? `, ${work} AS work` : ''}
             FROM title t
            WHERE ${match.where}`;
  const counted = ranked(
    // OFFSET 0 keeps the planner from inlining `scored`: its misses would then be worked out
    // again for each key of each title (seventeen times), not once per title.
    `(SELECT * FROM ${
      options.works
        ? 'scored'
        : `(
           ${scored}
           OFFSET 0
         ) scored`
    } WHERE misses <= 1) m,
         unnest(m.facet_keys || '{#}'::text[]) AS key`,
    'm.misses = 0 OR starts_with(key, m.missed)',
    options.byWork ? 'count(DISTINCT m.work)' : undefined,
  );
  const kept = `SELECT key, count FROM (
      ${counted}
    ) counted
    WHERE place <= ${cap} OR key = ANY (${selected}::text[])`;
  if (!options.works) return { sql: kept, params: params.values };
  const sql = `WITH scored AS MATERIALIZED (${scored})
    ${kept}
    UNION ALL
    SELECT '${WORKS_KEY}', count(*)::int FROM (SELECT DISTINCT work FROM scored WHERE misses = 0) w`;
  return { sql, params: params.values };
}

/**
 * With filters of exactly one type applied: the counts of every other type (and the total '#')
 * over the titles that pass the filter. The filtered type's own values are counted without it
 * (buildTermCountSql for a frequent word, else buildFilterCountSql does both in one pass).
 */
export function buildFilteredCountSql(
  request: SearchRequest,
  options: { cap?: number } & CatalogueHints = {},
): { sql: string; params: unknown[] } {
  const params = new Params();
  params.add(request.text);
  const match = buildMatch(request, params);
  const filters = filterConditions(request, params, options);
  if (filters.length !== 1) throw new Error('buildFilteredCountSql: one filter type');
  const [filter] = filters as [{ prefix: string; condition: string }];
  const cap = params.add(options.cap ?? FILTER_VALUE_CAP);
  // OFFSET 0: the matched titles first, then their keys (the planner would otherwise mix the two).
  const sql = `SELECT key, count FROM (
      ${ranked(
        `(SELECT t.facet_keys FROM title t WHERE ${match.where} AND ${filter.condition} OFFSET 0) m,
         unnest(m.facet_keys || '{#}'::text[]) AS key`,
        `split_part(key, ':', 1) <> ${params.add(filter.prefix)}`,
      )}
    ) counted
    WHERE place <= ${cap}`;
  return { sql, params: params.values };
}

/** The scope of search_term_count (migration 0016) a search type reads. */
const TERM_SCOPE: Record<SearchType, string> = { livre: '*', titulo: 'A', autor: 'B', assunto: 'C' };

/**
 * The scope of the kept counts that answer this search when its text is one frequent word, or
 * null when kept counts cannot answer it: the match must be exactly "the word in the field"
 * (no advanced rows, no similar words, no "starts with", no tab scope, and no digits, which also
 * search ISBNs and call numbers). Whether the text is one word, and a frequent one, the database
 * tells (buildTermCountSql answers no rows otherwise).
 */
export function termCountScope(request: SearchRequest): string | null {
  if (request.rows.length > 0 || request.similar || request.termType === 'inicio') return null;
  if (request.text.trim() === '' || /\d/.test(request.text)) return null;
  if (tabCondition(request, () => 'NULL') !== null) return null;
  return TERM_SCOPE[request.type];
}

/**
 * The kept counts of a one-word search (search_term_count): for each key prefix its `cap` most
 * frequent keys (ties by key, as the counting statements rank them), the selected keys, and the
 * total '#'. No rows when the text is not a single frequent word.
 */
export function buildTermCountSql(
  request: SearchRequest,
  options: { scope: string; prefixes: readonly string[]; selected: readonly string[]; cap?: number },
): { sql: string; params: unknown[] } {
  const params = new Params();
  const text = params.add(request.text);
  const scope = params.add(options.scope);
  const sql = `WITH word AS (SELECT public.f_single_lexeme(${text}) AS lexeme)
    SELECT c.key, c.n AS count
      FROM word, unnest(${params.add(options.prefixes)}::text[]) AS p(prefix)
      CROSS JOIN LATERAL (
        SELECT k.key, k.n FROM search_term_count k
         WHERE k.lexeme = word.lexeme AND k.scope = ${scope}::"char" AND split_part(k.key, ':', 1) = p.prefix
           AND k.n > 0
         ORDER BY k.n DESC, k.key
         LIMIT ${params.add(options.cap ?? FILTER_VALUE_CAP)}) c
    UNION ALL
    SELECT k.key, k.n
      FROM word JOIN search_term_count k ON k.lexeme = word.lexeme
     WHERE k.scope = ${scope}::"char" AND k.key = ANY (${params.add([TOTAL_KEY, ...options.selected])}::text[])
       AND k.n > 0`;
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
