import type { Db } from '../../lib/db/index.ts';
import type { SearchEngine, SearchRequest, SearchResult } from './engine.ts';
import { filterTypesForTab, groupFilterCounts } from './filters.ts';
import { buildFilterCountSql, buildSearchSql, FILTER_VALUE_CAP, FULL_RANK_LIMIT } from './query.ts';

/** Knobs of the PostgreSQL engine (defaults in query.ts; docs/search.md). */
export interface PostgresSearchOptions {
  /** Results above which relevance skips ts_rank_cd. */
  fullRankLimit?: number;
  /** Values counted per filter type. */
  filterValueCap?: number;
  /** Longest a search may run on PostgreSQL before it fails (ms). */
  statementTimeoutMs?: number;
}

/** The key whose count is the number of results (buildFilterCountSql). */
const TOTAL_KEY = '#';

/**
 * PostgreSQL full-text search over the title table. Each search is two statements in one
 * read-only snapshot: the filter counts (which give the total), then the page. Either both
 * answer or the search fails.
 */
export function createPostgresSearchEngine(db: Db, options: PostgresSearchOptions = {}): SearchEngine {
  const fullRankLimit = options.fullRankLimit ?? FULL_RANK_LIMIT;
  const cap = options.filterValueCap ?? FILTER_VALUE_CAP;
  const timeout = Math.round(options.statementTimeoutMs ?? 15_000);
  return {
    async search(request: SearchRequest): Promise<SearchResult> {
      return db.transaction(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        if (db.kind === 'postgres') await tx.query(`SET LOCAL statement_timeout = ${timeout}`);
        const counting = buildFilterCountSql(request, { cap });
        const { rows: counts } = await tx.query<{ key: string; count: number }>(
          counting.sql,
          counting.params,
        );
        const counted = new Map(counts.map((r) => [r.key, r.count]));
        const total = counted.get(TOTAL_KEY) ?? 0;
        let ids: number[] = [];
        if (total > (request.page - 1) * request.pageSize) {
          const page = buildSearchSql(request, { fullRank: total <= fullRankLimit });
          ids = (await tx.query<{ id: number }>(page.sql, page.params)).rows.map((r) => r.id);
        }
        return {
          ids,
          total,
          filters: groupFilterCounts(filterTypesForTab(request.tab), counted, request.filters),
        };
      });
    },
    async ping() {
      await db.query('SELECT 1');
      return true;
    },
  };
}
