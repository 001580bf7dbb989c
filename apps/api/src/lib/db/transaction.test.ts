import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../testing/build-test-app.ts';
import { createPostgresSearchEngine } from '../../modules/search/postgres-engine.ts';
import { searchRequest } from '../../modules/search/engine.ts';
import { pageOfWorks } from '../../modules/search/work-groups.ts';
import type { Db, Queryable } from './db.ts';

/** The settings a transaction runs under, read inside it. */
async function settingsIn(tx: Queryable) {
  const { rows } = await tx.query<{ isolation: string; readOnly: string; timeout: string }>(
    `SELECT current_setting('transaction_isolation') AS isolation,
            current_setting('transaction_read_only') AS "readOnly",
            current_setting('statement_timeout') AS timeout`,
  );
  return rows[0]!;
}

describe('a transaction opened with settings (both engines)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('runs under them from its first statement, and they end with it', async () => {
    const inside = await db.transaction(settingsIn, {
      settings:
        "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY; SET LOCAL statement_timeout = '7s'",
    });
    expect(inside).toEqual({ isolation: 'repeatable read', readOnly: 'on', timeout: '7s' });
    const after = await db.transaction(settingsIn);
    expect(after).toEqual({
      isolation: 'read committed',
      readOnly: 'off',
      timeout: expect.not.stringMatching(/^7s$/),
    });
  });

  it('refuses a write in a read-only transaction and leaves the data whole', async () => {
    await expect(
      db.transaction((tx) => tx.query("UPDATE institution_setting SET value = '1'::jsonb"), {
        settings: 'SET TRANSACTION READ ONLY',
      }),
    ).rejects.toThrow(/read-only transaction/);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM institution_setting WHERE value = '1'::jsonb",
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('is how the search engine and the page of works read one snapshot', async () => {
    const seen: { isolation: string; readOnly: string; timeout: string }[] = [];
    const watched: Db = {
      ...db,
      transaction: (fn, options) =>
        db.transaction(async (tx) => {
          seen.push(await settingsIn(tx));
          return fn(tx);
        }, options),
    };
    const engine = createPostgresSearchEngine(watched, { keysInMemory: 'off', statementTimeoutMs: 9_000 });
    await engine.search(searchRequest({ text: 'machado' }));
    await pageOfWorks(watched, searchRequest({ text: 'machado' }));
    expect(seen.map(({ isolation, readOnly }) => ({ isolation, readOnly }))).toEqual([
      { isolation: 'repeatable read', readOnly: 'on' },
      { isolation: 'repeatable read', readOnly: 'on' },
    ]);
    // The engine's statement timeout is set on PostgreSQL only (PGlite runs in the process).
    if (db.kind === 'postgres') expect(seen[0]!.timeout).toBe('9s');
  });
});
