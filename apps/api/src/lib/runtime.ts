import { resolve } from 'node:path';
import type { Config } from './config.ts';
import { migrate, openDb, type Db } from './db/index.ts';
import { openReadReplicas, type ReadReplicas } from './db/read-replicas.ts';

/** Opens the configured database and brings its schema up to date. */
export async function openConfiguredDb(config: Config): Promise<Db> {
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR) });
  await migrate(db);
  return db;
}

/**
 * The read handle of the public reads (decision 0074): the replicas of DATABASE_READ_URL, or the
 * primary itself when there are none.
 */
export function openConfiguredReads(config: Config, primary: Db, log?: (line: string) => void): ReadReplicas {
  return openReadReplicas(primary, config.DATABASE_READ_URL ?? [], log ? { log } : {});
}

/** Where the database lives, for messages (the password of a URL is hidden). */
export function describeDb(config: Config): string {
  if (!config.DATABASE_URL) return `embedded database in ${resolve(config.DATA_DIR)}`;
  const url = new URL(config.DATABASE_URL);
  if (url.password) url.password = '***';
  return `PostgreSQL at ${url.toString()}`;
}
