import type { Db } from '../../lib/db/index.ts';
import type { TitleSummaryRow } from '../catalogue/index.ts';
import type { SearchCacheStats, SearchEngine, SearchRequest, SearchResult } from './engine.ts';
import { CATALOGUE_VERSION_COLUMNS } from './catalogue-version.ts';
import { COUNT_CACHE_SIZE, CountCache, countKey, pageKey, type Counts } from './engine/cache.ts';
import { countInDatabase, countsOf, countWorks } from './engine/counts.ts';
import { catalogueHints } from './engine/hints.ts';
import { answerInMemory, memoryPlan, workCountsInMemory, worksInMemory } from './engine/memory.ts';
import { hitsOf, readPage } from './engine/page.ts';
import { buildSearchSql, FILTER_VALUE_CAP, FULL_RANK_LIMIT } from './query.ts';
import { titleKeysOf, type Changed } from './title-keys.ts';

export { COUNT_CACHE_SIZE } from './engine/cache.ts';

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

/**
 * PostgreSQL full-text search over the title table (docs/search.md "How a search is answered").
 * A search goes through these parts, one file each under engine/:
 *
 * 1. the catalogue version, read first in a statement of its own; a search kept under it
 *    (cache.ts) with its page answers with only the hits' own columns read afresh (page.ts);
 * 2. the hints (hints.ts), read now and then, choose how the rest is answered;
 * 3. in one read-only snapshot, the filter counts and the page: over the title keys in memory
 *    when the words are frequent ones (memory.ts, title-keys.ts), else in the database
 *    (counts.ts, then page.ts). Either both answer or the search fails;
 * 4. what was read is kept under the version (cache.ts).
 */
export function createPostgresSearchEngine(db: Db, options: PostgresSearchOptions = {}): SearchEngine {
  const fullRankLimit = options.fullRankLimit ?? FULL_RANK_LIMIT;
  const cap = options.filterValueCap ?? FILTER_VALUE_CAP;
  const timeout = Math.round(options.statementTimeoutMs ?? 15_000);
  const termCounts = options.termCounts ?? true;
  const cache = new CountCache(options.countCacheSize ?? COUNT_CACHE_SIZE);
  const stats: SearchCacheStats = { keptPage: 0, keptCounts: 0, keysInMemory: 0, database: 0 };
  const keysMode = options.keysInMemory ?? 'background';
  const memory = keysMode === 'off' ? null : titleKeysOf(db);
  const hints = catalogueHints(db, { ttlMs: options.hintsTtlMs ?? 60_000, termCounts });
  // On PostgreSQL: no JIT (it compiled for 50–85 ms to save less on these statements), and room
  // for the bitmap of a frequent word (at 4 MB it turns lossy and every title on its pages is
  // read). Sent with the BEGIN, in one round trip.
  const snapshot =
    db.kind === 'postgres'
      ? `SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY;
         SET LOCAL statement_timeout = ${timeout}; SET LOCAL jit = off; SET LOCAL work_mem = '32MB'`
      : 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY';

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
      const page = pageKey(request);
      const hit = cache.get(key, version);
      const keptIds = hit?.pages.get(page);
      const answer = (counts: Counts, ids: number[], hits?: TitleSummaryRow[]) => ({
        ids,
        total: counts.total,
        filters: counts.filters,
        ...(request.countWorks && counts.works !== undefined ? { works: counts.works } : {}),
        ...(hits ? { hits } : {}),
        ...(keepable ? { cacheVersion: version } : {}),
      });
      if (hit && keptIds) {
        stats.keptPage++;
        // Counts and page kept: only the hits' own columns (their copies on the shelf) are read.
        return answer(
          hit,
          keptIds,
          request.hitsLanguage ? await hitsOf(db, keptIds, request.hitsLanguage) : undefined,
        );
      }
      const known = await hints();
      const plan = memory?.ready && termCounts ? memoryPlan(request, known.words) : null;
      let absorbed: { changed: Changed; complete: number } | undefined;
      const { counts, ids, hits } = await db.transaction(
        async (tx) => {
          if (memory && plan !== null) {
            const answered = await answerInMemory(tx, memory, request, plan, {
              hint: known.value,
              cap,
              fullRankLimit,
              works: request.countWorks === true,
            });
            if (answered) {
              absorbed = answered;
              const { counts, ids } = answered;
              return {
                counts,
                ids,
                hits: request.hitsLanguage ? await hitsOf(tx, ids, request.hitsLanguage) : undefined,
              };
            }
          }
          let counts: Counts | undefined = hit;
          if (!counts) {
            const { rows, matched } = await countInDatabase(tx, request, known, {
              cap,
              termCounts,
              works: request.countWorks === true,
            });
            counts = countsOf(request, rows, matched);
          }
          // Works are a fact of the version, as the counts: a kept search keeps them too. The word
          // lists and the keys in memory count them when they can (decision 0085).
          if (request.countWorks && counts.works === undefined)
            counts.works =
              (counts.total > 1 && memory?.ready && termCounts
                ? await worksInMemory(tx, memory, request, known.words)
                : null) ?? (await countWorks(tx, request, counts.total));
          if (counts.total <= (request.page - 1) * request.pageSize)
            return { counts, ids: [], hits: request.hitsLanguage ? [] : undefined };
          const statement = buildSearchSql(request, {
            fullRank: counts.total <= fullRankLimit,
            ...known.value,
            ...(counts.matched === undefined ? {} : { matched: counts.matched }),
          });
          return { counts, ...(await readPage(tx, statement, request.hitsLanguage)) };
        },
        { settings: snapshot },
      );
      if (memory && absorbed) memory.absorb(absorbed.changed, absorbed.complete, version, keepable);
      if (absorbed) stats.keysInMemory++;
      else if (hit) stats.keptCounts++;
      else stats.database++;
      if (keepable) cache.keep(key, page, ids, { hit, version, counts });
      return answer(counts, ids, hits);
    },
    async ping() {
      await db.query('SELECT 1');
      return true;
    },
    async countByWork(tx, request) {
      if (!memory?.ready || !termCounts) return null;
      return workCountsInMemory(tx, memory, request, (await hints()).words, cap);
    },
    cacheStats: () => ({ ...stats }),
  };
}
