import type { Db } from '../../lib/db/index.ts';
import type { SearchEngine, SearchRequest, SearchResult } from './engine.ts';
import { buildSearchSql } from './query.ts';

/** PostgreSQL full-text search over the title table. */
export function createPostgresSearchEngine(db: Db): SearchEngine {
  return {
    async search(request: SearchRequest): Promise<SearchResult> {
      const { sql, params } = buildSearchSql(request);
      const { rows } = await db.query<{ id: number; total: number }>(sql, params);
      if (rows.length === 0 && request.page > 1) {
        // Past the last page: report the total so the pager can recover.
        const { rows: counted } = await db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM (${sql.replace(/LIMIT \$\d+ OFFSET \$\d+$/, '')}) s`,
          params.slice(0, -2),
        );
        return { ids: [], total: counted[0]?.total ?? 0 };
      }
      return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
    },
    async ping() {
      await db.query('SELECT 1');
      return true;
    },
  };
}
