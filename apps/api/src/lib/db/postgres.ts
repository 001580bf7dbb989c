import pg from 'pg';
import type { Db, Queryable, QueryResult, TransactionOptions } from './db.ts';

// int8 (count(*), bigint ids) as JS numbers, as PGlite returns them; our ids stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric as number (fines, ranks): the values we store fit a double.
pg.types.setTypeParser(1700, (value) => Number(value));

/** Opens a PostgreSQL 15+ server database through a connection pool. */
export async function openPostgres(connectionString: string, options: { max?: number } = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, options: '-c TimeZone=UTC' });
  // An idle connection the server closed (a restart, a replica going away) is dropped by the pool
  // and the next statement opens another; without a listener the event would end the process.
  pool.on('error', () => undefined);
  // Fail at start, with the server's own message, rather than on the first request.
  const client = await pool.connect();
  client.release();
  const wrap = (handle: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await handle.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string): Promise<void> {
      await handle.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> {
      const tx = await pool.connect();
      try {
        // A script without parameters is one simple query: BEGIN and its settings in one round trip.
        await tx.query(options?.settings ? `BEGIN; ${options.settings}` : 'BEGIN');
        const result = await fn(wrap(tx));
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        await tx.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        tx.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
