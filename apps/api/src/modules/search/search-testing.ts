import type { Db, Queryable, TransactionOptions } from '../../lib/db/index.ts';
import type { SearchResult } from './engine.ts';

/** The same database, recording the statements run inside search transactions. */
export function recorded(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const wrap = (tx: Queryable): Queryable => ({
    query: <T>(sql: string, params?: unknown[]) => {
      statements.push(sql);
      return tx.query<T>(sql, params);
    },
    exec: (sql: string) => tx.exec(sql),
  });
  return {
    db: {
      ...db,
      transaction: <T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions) =>
        db.transaction((tx) => fn(wrap(tx)), options),
    },
    statements,
  };
}

/** A result with each group's values in value order (the statements answer them in any order). */
export function normalised(result: SearchResult) {
  return {
    ids: result.ids,
    total: result.total,
    filters: result.filters.map((g) => ({
      type: g.type,
      values: [...g.values].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
    })),
  };
}
