import type { Db, Queryable } from '../../lib/db/index.ts';
import { titleSummarySql, type TitleSummaryRow } from '../catalogue/index.ts';
import type { SearchOperator } from '@estante/contract';
import { CATALOGUE_VERSION_COLUMNS } from './catalogue-version.ts';
import {
  searchRequest,
  type SearchCacheStats,
  type SearchEngine,
  type SearchRequest,
  type SearchResult,
} from './engine.ts';
import {
  catalogueFilterType,
  filterKeyGroups,
  filterTypesForTab,
  groupFilterCounts,
  keyPrefix,
} from './filters.ts';
import {
  buildExactMatchSql,
  buildFilterCountSql,
  buildFilteredCountSql,
  buildSearchSql,
  buildTermCountSql,
  COMMON_KEY_SHARE,
  FILTER_VALUE_CAP,
  FULL_RANK_LIMIT,
  termCountScope,
  TOTAL_KEY,
  type CatalogueHints,
} from './query.ts';
import {
  difference,
  guessWords,
  intersect,
  titleKeysOf,
  union,
  type Changed,
  type TitleKeys,
} from './title-keys.ts';

/** Knobs of the PostgreSQL engine (defaults in query.ts; docs/search.md). */
export interface PostgresSearchOptions {
  /** Results above which relevance skips ts_rank_cd. */
  fullRankLimit?: number;
  /** Values counted per filter type. */
  filterValueCap?: number;
  /** Longest a search may run on PostgreSQL before it fails (ms). */
  statementTimeoutMs?: number;
  /**
   * Searches whose counts (and the ids of their pages) the engine keeps, least recently used
   * going first; 0 keeps none.
   */
  countCacheSize?: number;
  /** Read the counts kept per frequent word (migration 0016); false counts every search. */
  termCounts?: boolean;
  /**
   * How long the frequent words and the shares of the filter values are trusted before they are
   * read again (ms). They choose how a search is answered, never what it answers.
   */
  hintsTtlMs?: number;
  /**
   * Every title's filter keys kept in this process (decision 0032), for frequent words with
   * filters and several frequent words: 'background' loads them at the first search and counts
   * in the database until then, 'wait' makes the first search wait for them, 'off' keeps none.
   */
  keysInMemory?: 'off' | 'background' | 'wait';
}

/** Row operators the word lists answer as set operations (not the positional PROX, ANTES, DEPOIS). */
const SET_OPERATORS: ReadonlySet<SearchOperator> = new Set(['E', 'OU', 'NAO']);

/** The rows of a search the word lists answer, each with the scope of its field. */
type MemoryPlan = { operator: SearchOperator | null; scope: string; text: string }[];

/** Results above which a page in another order than relevance is read from the table as before. */
const WITHIN_LIMIT = 5_000;

/** Searches whose counts are kept by default. */
export const COUNT_CACHE_SIZE = 2_000;

/**
 * What is kept of one search, under the catalogue version it was read at: the total, the filter
 * groups, and the ids of the pages asked for (by order, page and page size).
 */
interface Counted {
  version: number;
  total: number;
  filters: SearchResult['filters'];
  /** How many titles the text matches, when kept counts told. */
  matched?: number;
  pages: Map<string, number[]>;
}

/** Pages kept per search (the first pages in a few orders). */
const PAGES_KEPT = 8;

/**
 * What makes two searches count alike: everything but the page, its size and the order; the
 * day too, since the new-acquisitions tab counts back from today.
 */
function countKey(request: SearchRequest, today: string): string {
  const options = Object.keys(request.options)
    .sort()
    .map((key) => [key, request.options[key]]);
  const filters = [...new Set(request.filters.map((f) => `${f.tipo}:${f.valor}`))].sort();
  return JSON.stringify([
    request.text,
    request.type,
    request.termType,
    request.similar,
    request.tab,
    options,
    filters,
    request.rows.map((r) => [r.operador, r.campo, r.termo]),
    today,
  ]);
}

/**
 * PostgreSQL full-text search over the title table (docs/search.md "How a search is answered").
 * Each search reads the catalogue version first, in a statement of its own; then, in one
 * read-only snapshot, the filter counts (which give the total) and the page. Either both answer or
 * the search fails. The counts of recent searches, and the ids of their pages, are kept under the
 * version they were read at and used again only while the catalogue has that version; the hits'
 * own columns (copies on the shelf) are always read afresh.
 */
export function createPostgresSearchEngine(db: Db, options: PostgresSearchOptions = {}): SearchEngine {
  const fullRankLimit = options.fullRankLimit ?? FULL_RANK_LIMIT;
  const cap = options.filterValueCap ?? FILTER_VALUE_CAP;
  const timeout = Math.round(options.statementTimeoutMs ?? 15_000);
  const cacheSize = options.countCacheSize ?? COUNT_CACHE_SIZE;
  const useTermCounts = options.termCounts ?? true;
  const hintsTtl = options.hintsTtlMs ?? 60_000;
  const cache = new Map<string, Counted>();
  const stats: SearchCacheStats = { keptPage: 0, keptCounts: 0, keysInMemory: 0, database: 0 };
  const keysMode = options.keysInMemory ?? 'background';
  const memory = keysMode === 'off' ? null : titleKeysOf(db);

  let hints: { at: number; value: CatalogueHints; words: ReadonlySet<string> } | null = null;
  /**
   * The number of titles, and of titles holding each filter key held by a hundredth of them or
   * more, from the whole-catalogue counts (lexeme ''), and the frequent words.
   */
  const catalogueHints = async (): Promise<NonNullable<typeof hints>> => {
    if (hints && Date.now() - hints.at < hintsTtl) return hints;
    const { rows } = await db.query<{ key: string; n: number }>(
      `SELECT k.key, k.n FROM search_term_count k
        WHERE k.lexeme = '' AND k.scope = '*'
          AND (k.key = '#' OR k.n >= $1::float8 * (SELECT n FROM search_term_count
                                                     WHERE lexeme = '' AND scope = '*' AND key = '#'))`,
      [COMMON_KEY_SHARE / 5],
    );
    const keyTitles = new Map(rows.map((r) => [r.key, r.n]));
    const words = useTermCounts
      ? (await db.query<{ lexeme: string }>('SELECT lexeme FROM search_term')).rows.map((r) => r.lexeme)
      : [];
    hints = {
      at: Date.now(),
      value: { titles: keyTitles.get(TOTAL_KEY) ?? 0, keyTitles },
      words: new Set(words),
    };
    return hints;
  };

  /**
   * Whether the text may be one of the frequent words (the database decides: this only spares the
   * other searches a look at the kept counts). Accents and case as unaccent and the text search
   * parser set them aside; a word they read differently is counted, which gives the same answer.
   */
  const mayBeFrequent = (text: string, words: ReadonlySet<string>) =>
    words.has(text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim());

  /** The key prefixes a tab shows, and the total. */
  const prefixesOf = (tab: string): string[] => [
    ...new Set([TOTAL_KEY, ...filterTypesForTab(tab).filter(catalogueFilterType).map(keyPrefix)]),
  ];

  /**
   * The filter counts of a search, `key → count` with the total under '#', and how many titles the
   * text matches when kept counts tell it.
   */
  const count = async (
    tx: Queryable,
    request: SearchRequest,
    { value: hint, words }: NonNullable<typeof hints>,
  ): Promise<{ rows: { key: string; count: number }[]; matched?: number }> => {
    const run = async (statement: { sql: string; params: unknown[] }) =>
      (await tx.query<{ key: string; count: number }>(statement.sql, statement.params)).rows;
    const groups = filterKeyGroups(request.filters);
    const scope = useTermCounts && mayBeFrequent(request.text, words) ? termCountScope(request) : null;
    if (scope !== null) {
      // One frequent word: its kept counts, for every type (no filter) or for the filtered type
      // (one filter type); with more filter types only the number of titles it matches, which
      // chooses how the filters are checked.
      const [filtered] = groups;
      const one = groups.length === 1 ? filtered : undefined;
      const kept = await run(
        buildTermCountSql(request, {
          scope,
          prefixes: groups.length === 0 ? prefixesOf(request.tab) : one ? [one.prefix] : [],
          selected: one?.keys ?? [],
          cap,
        }),
      );
      const matched = kept.find((r) => r.key === TOTAL_KEY)?.count;
      if (matched !== undefined) {
        if (groups.length === 0) return { rows: kept, matched };
        if (!one)
          return { rows: await run(buildFilterCountSql(request, { cap, ...hint, matched })), matched };
        // The other types and the total under the filter; the word's total does not apply.
        const own = kept.filter((r) => r.key !== TOTAL_KEY);
        const others = await run(buildFilteredCountSql(request, { cap, ...hint, matched }));
        return { rows: [...own, ...others], matched };
      }
    }
    return { rows: await run(buildFilterCountSql(request, { cap, ...hint })) };
  };

  /** The result-list rows of the ids, in their order (a deleted title would be left out). */
  const hitsOf = async (
    ids: number[],
    language: NonNullable<SearchRequest['hitsLanguage']>,
    via: Queryable = db,
  ) => {
    if (ids.length === 0) return [];
    const summary = titleSummarySql('$2');
    const { rows } = await via.query<TitleSummaryRow>(
      `SELECT ${summary.columns}
         FROM unnest($1::int[]) WITH ORDINALITY AS p(id, place)
         JOIN title t ON t.id = p.id
         ${summary.joins}
        ORDER BY p.place`,
      [ids, language],
    );
    return rows;
  };

  /**
   * The searches the word lists answer with the keys in memory (decision 0032): each row's words
   * all frequent, and its match exactly "every word in the field", rows joined by E, OU or NAO
   * (termCountScope: no similar words, no "starts with", no digits, no tab scope); not one word
   * without filters, which kept counts answer. The rows with their scopes, or null.
   */
  const memoryPlan = (request: SearchRequest, words: ReadonlySet<string>): MemoryPlan | null => {
    if (!memory?.ready || !useTermCounts) return null;
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
    if (plan.length === 1 && guessWords(request.text).length === 1 && request.filters.length === 0)
      return null;
    return plan;
  };

  /**
   * A search answered from the word lists and the keys in memory (decision 0032): the counts in
   * the API, the page through the primary key (up to FULL_RANK_LIMIT titles, ranked as ever) or
   * in memory (exact matches first, then newest first); null when a word turns out not listed.
   */
  const inMemory = async (
    tx: Queryable,
    memory: TitleKeys,
    request: SearchRequest,
    plan: MemoryPlan,
    hint: CatalogueHints,
  ): Promise<{
    counted: Omit<Counted, 'version' | 'pages'>;
    ids: number[];
    changed: Changed;
    complete: number;
  } | null> => {
    // The rows in order, each joined to what came before (buildMatch): E both, OU either, NAO without.
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
    const { changed, complete } = await memory.changedSince(tx);
    const { rows, passing } = memory.count(matched!, filterKeyGroups(request.filters), changed, cap);
    const counts = new Map(rows.map((r) => [r.key, r.count]));
    const counted = {
      total: counts.get(TOTAL_KEY) ?? 0,
      filters: groupFilterCounts(filterTypesForTab(request.tab), counts, request.filters),
    };
    const offset = (request.page - 1) * request.pageSize;
    const pageIds = async (statement: { sql: string; params: unknown[] }) =>
      (await tx.query<{ id: number }>(statement.sql, statement.params)).rows.map((r) => r.id);
    let ids: number[];
    if (passing.length <= offset) ids = [];
    else if (passing.length <= fullRankLimit || (request.ordering !== 'C' && passing.length <= WITHIN_LIMIT))
      ids = await pageIds(buildSearchSql(request, { fullRank: true, within: Array.from(passing) }));
    else if (request.ordering === 'C') {
      // Exact title, title proper or author first, then the newest (buildSearchSql's big-result order).
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
        (a, b) =>
          rank(b) - rank(a) || memory.yearOf(b.id, changed) - memory.yearOf(a.id, changed) || a.id - b.id,
      );
      const first = exact.map((r) => r.id);
      const rest = memory.newestFirst(
        passing,
        offset + request.pageSize - first.length,
        changed,
        new Set(first),
      );
      ids = [...first, ...rest].slice(offset, offset + request.pageSize);
    } else ids = await pageIds(buildSearchSql(request, { fullRank: false, ...hint }));
    return { counted, ids, changed, complete };
  };

  return {
    async search(request: SearchRequest): Promise<SearchResult> {
      if (memory && !memory.ready) {
        const loading = memory.load();
        if (keysMode === 'wait') await loading;
        else loading.catch(() => undefined);
      }
      // Before the snapshot below: a change committed in between only makes the counts newer
      // than their version, never older.
      const { rows: state } = await db.query<{ version: number; keepable: boolean; today: string }>(
        `SELECT ${CATALOGUE_VERSION_COLUMNS}, current_date::text AS today FROM public.search_catalogue_version() v`,
      );
      const { version, keepable, today } = state[0]!;
      const key = countKey(request, today);
      const kept = cache.get(key);
      const hit = kept?.version === version ? kept : undefined;
      if (hit) {
        // Most recently used last.
        cache.delete(key);
        cache.set(key, hit);
      }
      const pageKey = `${request.ordering} ${request.page} ${request.pageSize}`;
      const keptIds = hit?.pages.get(pageKey);
      const answer = (
        counted: Omit<Counted, 'version' | 'pages'>,
        ids: number[],
        hits?: TitleSummaryRow[],
      ) => ({
        ids,
        total: counted.total,
        filters: counted.filters,
        ...(hits ? { hits } : {}),
        ...(keepable ? { cacheVersion: version } : {}),
      });
      if (hit && keptIds) {
        stats.keptPage++;
        // Counts and page kept: only the hits' own columns (their copies on the shelf) are read.
        return answer(
          hit,
          keptIds,
          request.hitsLanguage ? await hitsOf(keptIds, request.hitsLanguage) : undefined,
        );
      }
      const known = await catalogueHints();
      const hint = known.value;
      const plan = memoryPlan(request, known.words);
      let absorbed: { changed: Changed; complete: number } | undefined;
      const { counted, ids, hits } = await db.transaction(async (tx) => {
        // On PostgreSQL: no JIT (it compiled for 50–85 ms to save less on these statements), and
        // room for the bitmap of a frequent word (at 4 MB it turns lossy and every title on its
        // pages is read). One round trip.
        await tx.exec(
          db.kind === 'postgres'
            ? `SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY;
               SET LOCAL statement_timeout = ${timeout}; SET LOCAL jit = off; SET LOCAL work_mem = '32MB'`
            : 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY',
        );
        if (memory && plan !== null) {
          const answered = await inMemory(tx, memory, request, plan, hint);
          if (answered) {
            absorbed = answered;
            const { counted, ids } = answered;
            return {
              counted,
              ids,
              hits: request.hitsLanguage ? await hitsOf(ids, request.hitsLanguage, tx) : undefined,
            };
          }
        }
        let counted: Omit<Counted, 'version' | 'pages'> | undefined = hit;
        if (!counted) {
          const { rows, matched } = await count(tx, request, known);
          const counts = new Map(rows.map((r) => [r.key, r.count]));
          counted = {
            total: counts.get(TOTAL_KEY) ?? 0,
            filters: groupFilterCounts(filterTypesForTab(request.tab), counts, request.filters),
            ...(matched === undefined ? {} : { matched }),
          };
        }
        if (counted.total <= (request.page - 1) * request.pageSize)
          return { counted, ids: [], hits: request.hitsLanguage ? [] : undefined };
        const page = buildSearchSql(request, {
          fullRank: counted.total <= fullRankLimit,
          ...hint,
          ...(counted.matched === undefined ? {} : { matched: counted.matched }),
        });
        if (!request.hitsLanguage) {
          const { rows } = await tx.query<{ id: number }>(page.sql, page.params);
          return { counted, ids: rows.map((r) => r.id), hits: undefined };
        }
        // The page's ids in their order, and their result-list rows, in one statement.
        const summary = titleSummarySql(`$${page.params.length + 1}`);
        const { rows } = await tx.query<TitleSummaryRow>(
          `SELECT ${summary.columns}
             FROM unnest(ARRAY(${page.sql})) WITH ORDINALITY AS p(id, place)
             JOIN title t ON t.id = p.id
             ${summary.joins}
            ORDER BY p.place`,
          [...page.params, request.hitsLanguage],
        );
        return { counted, ids: rows.map((h) => h.id), hits: rows };
      });
      if (memory && absorbed) memory.absorb(absorbed.changed, absorbed.complete, version, keepable);
      if (absorbed) stats.keysInMemory++;
      else if (hit) stats.keptCounts++;
      else stats.database++;
      if (keepable && cacheSize > 0) {
        const entry = hit ?? { version, ...counted, pages: new Map<string, number[]>() };
        entry.pages.set(pageKey, ids);
        if (entry.pages.size > PAGES_KEPT) entry.pages.delete(entry.pages.keys().next().value!);
        if (!hit) {
          cache.delete(key);
          cache.set(key, entry);
          if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
        }
      }
      return answer(counted, ids, hits);
    },
    async ping() {
      await db.query('SELECT 1');
      return true;
    },
    cacheStats: () => ({ ...stats }),
  };
}
