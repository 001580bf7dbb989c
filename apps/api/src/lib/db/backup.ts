import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dumpPglite, lockDataDir, openPglite } from './pglite.ts';
import { migrate } from './migrate.ts';

/**
 * Backups of the embedded database (decision 0036): PGlite's own dump of its data directory, a
 * gzipped tar. It loads into a PGlite of the same PostgreSQL major version (PGlite 0.5: PostgreSQL
 * 18); across a PostgreSQL major upgrade, restore with the old version and move the data with SQL.
 */

/** Thrown when a file is not a backup of an Estante embedded database. */
export class NotABackupError extends Error {
  override name = 'NotABackupError';
}

/** Writes a backup of the embedded database in dataDir to file; refused while another process has it open. */
export async function backupPglite(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new NotABackupError(`There is no embedded database in ${dataDir} to back up.`);
  const db = await openPglite({ dataDir });
  try {
    const dump = Buffer.from(await (await dumpPglite(db, 'gzip')).arrayBuffer());
    writeFileSync(file, dump);
    return { bytes: dump.length };
  } finally {
    await db.close();
  }
}

/** Opens a backup in memory: it must be a PGlite dump holding an Estante schema. */
async function checkBackup(dump: Buffer, file: string): Promise<void> {
  try {
    const probe = await openPglite({ loadDataDir: new Blob([dump]), shortLived: true });
    try {
      await probe.query('SELECT count(*) FROM schema_migration');
    } finally {
      await probe.close();
    }
  } catch (error) {
    throw new NotABackupError(
      `${file} is not a backup of an Estante embedded database (${(error as Error).message}).`,
    );
  }
}

/**
 * Replaces the embedded database in dataDir by the backup in file, then applies the migrations the
 * backup predates. The database it replaces is kept aside (returned) until the caller removes it.
 * Refused while the catalogue (or another estante command) has the database open.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  now: Date = new Date(),
): Promise<{ previous: string | null }> {
  const dump = readFileSync(file);
  await checkBackup(dump, file);
  let previous: string | null = null;
  if (existsSync(dataDir)) {
    // Taken while it is moved aside: throws when the server runs.
    lockDataDir(dataDir);
    previous = `${dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, previous);
    rmSync(join(previous, 'estante.lock'), { force: true });
  }
  try {
    const db = await openPglite({ dataDir, loadDataDir: new Blob([dump]) });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (previous) renameSync(previous, dataDir);
    throw error;
  }
  return { previous };
}
