import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrate } from '../lib/db/index.ts';
import { dumpPglite, openPglite } from '../lib/db/pglite.ts';
import { openPostgres } from '../lib/db/postgres.ts';
import { seedDemo } from '../modules/seed/index.ts';
import {
  EMPTY_TEMPLATE_DATABASE,
  TEMPLATE_DATABASE,
  TEST_DATABASE_PREFIX,
  withDatabase,
} from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a PGlite data-dir dump holding the migrated demo library. */
    pgliteTemplate: string;
    /** Path of a PGlite data-dir dump holding an empty migrated catalogue. */
    pgliteEmptyTemplate: string;
  }
}

/**
 * Builds the templates once per run, an empty migrated catalogue and the demo library on it: PGlite
 * dumps, or PostgreSQL template databases. The migrations run once, for both.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.TZ = 'UTC';
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
    await admin.query(`DROP DATABASE IF EXISTS ${EMPTY_TEMPLATE_DATABASE}`);
    await admin.query(`CREATE DATABASE ${EMPTY_TEMPLATE_DATABASE}`);
    const empty = await openPostgres(withDatabase(url, EMPTY_TEMPLATE_DATABASE), { max: 2 });
    await migrate(empty);
    await empty.close();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE} TEMPLATE ${EMPTY_TEMPLATE_DATABASE}`);
    await admin.end();
    const db = await openPostgres(withDatabase(url, TEMPLATE_DATABASE), { max: 2 });
    await seedDemo(db);
    await db.close();
    project.provide('pgliteTemplate', '');
    project.provide('pgliteEmptyTemplate', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      const { rows } = await cleanup.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [TEST_DATABASE_PREFIX],
      );
      for (const row of rows) await cleanup.query(`DROP DATABASE IF EXISTS ${row.datname}`);
      await cleanup.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
      await cleanup.query(`DROP DATABASE IF EXISTS ${EMPTY_TEMPLATE_DATABASE}`);
      await cleanup.end();
    };
  }
  const db = await openPglite({ shortLived: true });
  await migrate(db);
  const dir = await mkdtemp(join(tmpdir(), 'estante-test-'));
  const save = async (name: string) => {
    const file = join(dir, name);
    await writeFile(file, Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
    return file;
  };
  project.provide('pgliteEmptyTemplate', await save('empty-template.tar'));
  await seedDemo(db);
  project.provide('pgliteTemplate', await save('template.tar'));
  await db.close();
  return async () => rm(dir, { recursive: true, force: true });
}
