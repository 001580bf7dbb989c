import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export type { Db, PoolStats, Queryable, QueryResult, TransactionOptions } from './db.ts';
export { migrate, pendingMigrations } from './migrate.ts';

/** Opens PostgreSQL when a URL is given, else the embedded database in dataDir. */
export async function openDb(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite({ dataDir: options.dataDir });
}
