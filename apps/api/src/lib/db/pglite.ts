import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, QueryResult, TransactionOptions } from './db.ts';

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(handle: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await handle.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string): Promise<void> {
      await handle.exec(sql);
    },
  };
}

/** Thrown when another process has the embedded database open. */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process. PGlite is single-process: a second process
 * (say an import while the server runs) writing the same files would corrupt them.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'estante.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (owner && isAlive(owner)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dataDir} is in use by another Estante process (pid ${owner}). ` +
            'Stop it first (the server and the estante command cannot share it), or use PostgreSQL with DATABASE_URL.',
        );
      }
      // Left behind by a process that has ended: take it over.
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dataDir}.`);
}

/**
 * Start parameters of a short-lived database (a test's copy, a backup's check): 16 MB of shared
 * buffers instead of 128, and new WAL segments not zero-filled. PGlite sets up its shared buffers
 * at every start, so a copy of the demo library then opens about twice as fast.
 */
const SHORT_LIVED_START = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_init_zero=off',
];

/**
 * Opens the embedded database; dataDir undefined means in memory (tests), loadDataDir restores a
 * template, shortLived starts it lighter for a database that holds little and lives briefly.
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob | File; shortLived?: boolean } = {},
): Promise<Db> {
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  const pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.shortLived ? { startParams: SHORT_LIVED_START } : {}),
    extensions: { unaccent, pg_trgm },
  });
  // DESIGN "Data": run with TZ=UTC so dates read the same on both engines.
  await pg.exec("SET TIME ZONE 'UTC'");
  const base = wrap(pg);
  const db: Db & { raw: PGlite } = {
    raw: pg,
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions) =>
      pg.transaction(async (tx) => {
        if (options?.settings) await tx.exec(options.settings);
        return fn(wrap(tx));
      }),
    close: async () => {
      await pg.close();
      unlock();
    },
  };
  return db;
}

/** A WAL segment file of a data directory: pg_wal/ and 24 hexadecimal digits. */
const WAL_SEGMENT = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/;

/**
 * A data-directory tar without the WAL segments the database does not need to open: those before
 * the last checkpoint's redo point, and the empty ones PostgreSQL keeps ready for later (it keeps
 * up to min_wal_size, 80 MB, of them). A freshly migrated catalogue's dump is about half WAL.
 */
export function withoutSpareWal(tar: Uint8Array, first: string, last: string): Uint8Array {
  const text = new TextDecoder();
  const field = (header: Uint8Array, from: number, to: number) =>
    text.decode(header.subarray(from, to)).replace(/\0.*$/s, '');
  const kept: Uint8Array[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const prefix = field(header, 345, 500);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    const size = parseInt(field(header, 124, 136).trim() || '0', 8);
    const length = 512 + Math.ceil(size / 512) * 512;
    const segment = WAL_SEGMENT.exec(name)?.[1];
    if (segment === undefined || (segment >= first && segment <= last))
      kept.push(tar.subarray(offset, offset + length));
    offset += length;
  }
  kept.push(new Uint8Array(1024));
  return Buffer.concat(kept);
}

/**
 * Dumps the database (a tar of its data directory): test templates, and `estante backup`. A
 * checkpoint first, so the dump needs only the WAL from there on; the spare segments are left out.
 */
export async function dumpPglite(db: Db, compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  const inner = (db as unknown as { raw?: PGlite }).raw;
  if (!inner) throw new Error('not a PGlite database');
  await inner.exec('CHECKPOINT');
  const walFile = async (lsn: string) =>
    (await inner.query<{ name: string }>(`SELECT pg_walfile_name(${lsn}) AS name`)).rows[0]!.name;
  const first = await walFile('(SELECT redo_lsn FROM pg_control_checkpoint())');
  const tar = new Uint8Array(await (await inner.dumpDataDir('none')).arrayBuffer());
  const last = await walFile('pg_current_wal_insert_lsn()');
  const dump = withoutSpareWal(tar, first, last);
  return new Blob([compression === 'gzip' ? gzipSync(dump) : dump]);
}
