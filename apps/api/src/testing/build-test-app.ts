import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import type { Db } from '../lib/db/index.ts';
import { openPglite } from '../lib/db/pglite.ts';
import { openPostgres } from '../lib/db/postgres.ts';
import { EMPTY_TEMPLATE_DATABASE, TEMPLATE_DATABASE, testDatabaseName, withDatabase } from './databases.ts';

/** Which engine this run tests: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A fresh database for one test: a copy of the demo-library template, or of the empty migrated one. */
export async function createTestDb(options: { empty?: boolean } = {}): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = testDatabaseName();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE ${options.empty ? EMPTY_TEMPLATE_DATABASE : TEMPLATE_DATABASE}`,
    );
    await admin.end();
    const db = await openPostgres(withDatabase(url, name), { max: 4 });
    const close = db.close;
    // Drop the copy when the test closes it, so a run leaves nothing behind.
    return {
      ...db,
      close: async () => {
        await close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
        await cleanup.end();
      },
    };
  }
  const template = await readFile(inject(options.empty ? 'pgliteEmptyTemplate' : 'pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([template]), shortLived: true });
}

/** Secret used by test apps, so tests can make tokens of their own. */
export const TEST_TOKEN_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The app on a fresh demo database; close() closes both. */
export async function buildTestApp(
  options: Partial<AppOptions> & { empty?: boolean } = {},
): Promise<{ app: FastifyInstance; db: Db; close: () => Promise<void> }> {
  const db = options.db ?? (await createTestDb({ empty: options.empty ?? false }));
  const app = await buildApp({ tokenSecret: TEST_TOKEN_SECRET, ...options, db });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** A public token from the token endpoint, as the web app gets one. */
export async function publicToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: '4' },
  });
  return (response.json() as { access_token: string }).access_token;
}
