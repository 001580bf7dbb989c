import type { Db, Queryable } from '../../lib/db/index.ts';
import { titleSummarySql, type TitleSummaryRow } from '../catalogue/index.ts';
import type { SearchEngine, SearchRequest, SearchResult } from './engine.ts';
import {
  catalogueFilterType,
  filterKeyGroups,
  filterTypesForTab,
  groupFilterCounts,
  keyPrefix,
} from './filters.ts';
import {
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
}

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
  const hitsOf = async (ids: number[], language: NonNullable<SearchRequest['hitsLanguage']>) => {
    if (ids.length === 0) return [];
    const summary = titleSummarySql('$2');
    const { rows } = await db.query<TitleSummaryRow>(
      `SELECT ${summary.columns}
         FROM unnest($1::int[]) WITH ORDINALITY AS p(id, place)
         JOIN title t ON t.id = p.id
         ${summary.joins}
        ORDER BY p.place`,
      [ids, language],
    );
    return rows;
  };

  return {
    async search(request: SearchRequest): Promise<SearchResult> {
      // Before the snapshot below: a change committed in between only makes the counts newer
      // than their version, never older.
      const { rows: state } = await db.query<{ version: number; keepable: boolean; today: string }>(
        `SELECT v.version, v.keepable, current_date::text AS today FROM public.search_catalogue_version() v`,
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
        // Counts and page kept: only the hits' own columns (their copies on the shelf) are read.
        return answer(
          hit,
          keptIds,
          request.hitsLanguage ? await hitsOf(keptIds, request.hitsLanguage) : undefined,
        );
      }
      const known = await catalogueHints();
      const hint = known.value;
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
  };
}
