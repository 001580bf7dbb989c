// Searches answered with the title keys kept in this process (decision 0032): the matched titles
// come as sorted id lists of the frequent words (search_term_titles), joined by E / OU / NAO, and
// are counted in the API over the copy of every title's filter keys (TitleKeys), about 0.1 µs a
// title; the page is read through the primary key or ordered in memory.
import type { SearchOperator } from '@estante/contract';
import type { Queryable } from '../../../lib/db/index.ts';
import { searchRequest, type SearchRequest } from '../engine.ts';
import { filterKeyGroups } from '../filters.ts';
import { buildExactMatchSql, buildSearchSql, termCountScope, type CatalogueHints } from '../query.ts';
import type { Changed, TitleKeys } from '../title-keys.ts';
import { difference, guessWords, intersect, union } from './id-lists.ts';
import { countsOf } from './counts.ts';
import type { Counts } from './cache.ts';

/** Row operators the word lists answer as set operations (not the positional PROX, ANTES, DEPOIS). */
const SET_OPERATORS: ReadonlySet<SearchOperator> = new Set(['E', 'OU', 'NAO']);

/** Results above which a page in another order than relevance is read from the table as before. */
const WITHIN_LIMIT = 5_000;

/** The rows of a search the word lists answer, each with the scope of its field. */
export type MemoryPlan = { operator: SearchOperator | null; scope: string; text: string }[];

/**
 * The searches the word lists answer with the keys in memory: each row's words all frequent, and
 * its match exactly "every word in the field", rows joined by E, OU or NAO (termCountScope: no
 * similar words, no "starts with", no digits, no tab scope); not one word without filters, which
 * kept counts answer, unless `single` (its works are counted here). The rows with their scopes, or
 * null.
 */
export function memoryPlan(
  request: SearchRequest,
  words: ReadonlySet<string>,
  { single = false }: { single?: boolean } = {},
): MemoryPlan | null {
  const first = termCountScope({ ...request, rows: [] });
  if (first === null) return null;
  const plan: MemoryPlan = [{ operator: null, scope: first, text: request.text }];
  for (const row of request.rows) {
    const scope = termCountScope(searchRequest({ text: row.termo, type: row.campo }));
    if (scope === null || !SET_OPERATORS.has(row.operador)) return null;
    plan.push({ operator: row.operador, scope, text: row.termo });
  }
  const frequent = (text: string) => {
    const guessed = guessWords(text);
    return guessed.length > 0 && guessed.every((w) => words.has(w));
  };
  if (!plan.every((p) => frequent(p.text))) return null;
  if (request.termType === 'exata' && guessWords(request.text).length > 1) return null;
  if (!single && plan.length === 1 && guessWords(request.text).length === 1 && request.filters.length === 0)
    return null;
  return plan;
}

/**
 * The titles a plan's rows match, sorted: each row joined to what came before (buildMatch), E
 * both, OU either, NAO without; null when a word turns out not listed.
 */
async function matchedIds(
  tx: Queryable,
  memory: TitleKeys,
  request: SearchRequest,
  plan: MemoryPlan,
): Promise<Int32Array | null> {
  let matched: Int32Array | null = null;
  for (const [index, row] of plan.entries()) {
    const listed = await memory.titlesOfWords(tx, row.text, row.scope);
    if (!listed || (index === 0 && listed.words > 1 && request.termType === 'exata')) return null;
    matched =
      matched === null
        ? listed.ids
        : row.operator === 'OU'
          ? union(matched, listed.ids)
          : row.operator === 'NAO'
            ? difference(matched, listed.ids)
            : intersect(matched, listed.ids);
  }
  return matched;
}

/**
 * The titles a search's words match, sorted, and the titles changed in its snapshot, when the word
 * lists answer it (the one frequent word without filters too); null when they do not.
 */
async function matchedInSnapshot(
  tx: Queryable,
  memory: TitleKeys,
  request: SearchRequest,
  words: ReadonlySet<string>,
): Promise<{ matched: Int32Array; changed: Changed } | null> {
  const plan = memoryPlan(request, words, { single: true });
  const matched = plan && (await matchedIds(tx, memory, request, plan));
  if (!matched) return null;
  return { matched, changed: (await memory.changedSince(tx)).changed };
}

/**
 * How many works a search's results hold (grouped works, decision 0071), counted over the word
 * lists and the keys in memory when they answer it (decision 0085), as countWorks does over the
 * matched titles in the database: for the one frequent word whose counts are kept, whose works
 * are not. Null when the word lists do not answer it.
 */
export async function worksInMemory(
  tx: Queryable,
  memory: TitleKeys,
  request: SearchRequest,
  words: ReadonlySet<string>,
): Promise<number | null> {
  const found = await matchedInSnapshot(tx, memory, request, words);
  if (!found) return null;
  const { matched, changed } = found;
  const passing =
    request.filters.length === 0
      ? matched
      : memory.count(matched, filterKeyGroups(request.filters), changed, 0).passing;
  return memory.countWorks(passing, changed);
}

/**
 * The filter counts of a search in works (grouped works), counted over the word lists and the keys
 * in memory when they answer it (decision 0085), as buildFilterCountSql counts them with `byWork`
 * over every matched title; null when the word lists do not answer it.
 */
export async function workCountsInMemory(
  tx: Queryable,
  memory: TitleKeys,
  request: SearchRequest,
  words: ReadonlySet<string>,
  cap: number,
): Promise<{ key: string; count: number }[] | null> {
  const found = await matchedInSnapshot(tx, memory, request, words);
  return found && memory.countByWork(found.matched, filterKeyGroups(request.filters), found.changed, cap);
}

/**
 * A search answered from the word lists and the keys in memory: the counts (and the works, when
 * `works`) in the API, the page through the primary key (up to `fullRankLimit` titles, ranked as
 * ever) or in memory (exact matches first, then newest first); null when a word turns out not
 * listed.
 */
export async function answerInMemory(
  tx: Queryable,
  memory: TitleKeys,
  request: SearchRequest,
  plan: MemoryPlan,
  {
    hint,
    cap,
    fullRankLimit,
    works,
  }: { hint: CatalogueHints; cap: number; fullRankLimit: number; works: boolean },
): Promise<{ counts: Counts; ids: number[]; changed: Changed; complete: number } | null> {
  const matched = await matchedIds(tx, memory, request, plan);
  if (!matched) return null;
  const { changed, complete } = await memory.changedSince(tx);
  const { rows, passing } = memory.count(matched, filterKeyGroups(request.filters), changed, cap);
  const counts = countsOf(request, rows);
  // The works of the passing titles (grouped works), as countWorks would read them (decision 0085).
  if (works) counts.works = memory.countWorks(passing, changed);
  const offset = (request.page - 1) * request.pageSize;
  const pageIds = async (statement: { sql: string; params: unknown[] }) =>
    (await tx.query<{ id: number }>(statement.sql, statement.params)).rows.map((r) => r.id);
  let ids: number[];
  if (passing.length <= offset) ids = [];
  else if (passing.length <= fullRankLimit || (request.ordering !== 'C' && passing.length <= WITHIN_LIMIT))
    ids = await pageIds(buildSearchSql(request, { fullRank: true, within: Array.from(passing) }));
  else if (request.ordering === 'C') ids = await newestAfterExact(tx, memory, request, passing, changed);
  else ids = await pageIds(buildSearchSql(request, { fullRank: false, ...hint }));
  return { counts, ids, changed, complete };
}

/**
 * A big result in relevance order: exact title, title proper or author first, then the newest
 * (buildSearchSql's big-result order), the exact ones read through their indexes and the rest
 * ordered over the copy's years.
 */
async function newestAfterExact(
  tx: Queryable,
  memory: TitleKeys,
  request: SearchRequest,
  passing: Int32Array,
  changed: Changed,
): Promise<number[]> {
  const offset = (request.page - 1) * request.pageSize;
  const has = (id: number) => {
    let lo = 0;
    let hi = passing.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (passing[mid] === id) return true;
      if (passing[mid]! < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  };
  const exactStatement = buildExactMatchSql(request);
  const exact = (
    await tx.query<{ id: number; e1: boolean; e2: boolean; e3: boolean }>(
      exactStatement.sql,
      exactStatement.params,
    )
  ).rows.filter((r) => has(r.id));
  const rank = (r: { e1: boolean; e2: boolean; e3: boolean }) =>
    (r.e1 ? 4 : 0) + (r.e2 ? 2 : 0) + (r.e3 ? 1 : 0);
  exact.sort(
    (a, b) => rank(b) - rank(a) || memory.yearOf(b.id, changed) - memory.yearOf(a.id, changed) || a.id - b.id,
  );
  const first = exact.map((r) => r.id);
  const rest = memory.newestFirst(passing, offset + request.pageSize - first.length, changed, new Set(first));
  return [...first, ...rest].slice(offset, offset + request.pageSize);
}
