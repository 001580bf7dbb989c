import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));

/** Applies the versioned SQL migrations not yet applied, each in its own transaction; returns the applied names. */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const file of await pendingMigrations(db, dir)) {
    const sql = await readFile(`${dir}/${file}`, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

async function migrationFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^\d{4}-[a-z0-9-]+\.sql$/.test(f)).sort();
}

/** The migrations not yet applied (all of them on an empty database); throws when the database does not answer. */
export async function pendingMigrations(db: Queryable, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const { rows: table } = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migration') IS NOT NULL AS present",
  );
  const done = new Set(
    table[0]?.present
      ? (await db.query<{ name: string }>('SELECT name FROM schema_migration')).rows.map((r) => r.name)
      : [],
  );
  return (await migrationFiles(dir)).filter((file) => !done.has(file));
}
