import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, type Db } from '../apps/api/src/lib/db/index.ts';
import { openPglite } from '../apps/api/src/lib/db/pglite.ts';
import { openPostgres } from '../apps/api/src/lib/db/postgres.ts';
import { findPostgresBin, startPostgres } from '../scripts/lib.mjs';

/** A fresh, migrated database on one engine, and how to dispose of it. */
export interface BenchDb {
  name: string;
  db: Db;
  dispose(): Promise<void>;
}

/** Fresh PGlite (on disk, as `npm start` runs it) and, when the server programs exist, a throwaway PostgreSQL. */
export async function* engines(): AsyncGenerator<BenchDb> {
  const dir = mkdtempSync(join(tmpdir(), 'estante-bench-'));
  const pglite = await openPglite({ dataDir: join(dir, 'pglite') });
  await migrate(pglite);
  yield {
    name: 'PGlite 0.5.16 (embedded)',
    db: pglite,
    dispose: async () => {
      await pglite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const bin = await findPostgresBin();
  const cluster = bin ? await startPostgres(bin) : null;
  if (!cluster) {
    console.log('PostgreSQL: server programs not found, skipped.');
    return;
  }
  const pg = await openPostgres(cluster.url);
  const version =
    (await pg.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? '?';
  await migrate(pg);
  yield {
    name: `PostgreSQL ${version} (server)`,
    db: pg,
    dispose: async () => {
      await pg.close();
      cluster.stop();
    },
  };
}

/** The p-th percentile of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
