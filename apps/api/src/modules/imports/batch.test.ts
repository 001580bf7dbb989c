import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/index.ts';
import { createTestDb } from '../../testing/build-test-app.ts';
import { rebuildSearchStats } from '../search/index.ts';
import { importFile } from './service.ts';

const DATA = fileURLToPath(new URL('../../../../../../shared/data/marc/', import.meta.url));

// Copies (Koha 952), authorities over headings the titles made, MFHD holdings after their titles,
// and a second import of one file (every title updated).
const FILES = [
  'evergreen-lul-fre-100.mrc',
  'evergreen-concerto-bibs.xml',
  'evergreen-concerto-auth.xml',
  'evergreen-serials.xml',
  'evergreen-serials-mfhd.xml',
  'evergreen-rda-samples.mrc',
  'evergreen-concerto-bibs.xml',
];

/** A filter key with its database id replaced by what it names, so two databases compare. */
const KEY = `CASE WHEN k ~ '^[ASNGF]:[0-9]+$' THEN left(k, 2) || (SELECT type || '/' || heading FROM authority WHERE id = substr(k, 3)::int)
                  WHEN k ~ '^B:[0-9]+$' THEN 'B:' || (SELECT code FROM library WHERE id = substr(k, 3)::int)
                  ELSE k END`;

/** Everything an import writes or its triggers derive, without ids, times or versions. */
async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const read = async (sql: string) => (await db.query<{ r: unknown }>(sql)).rows.map((row) => row.r);
  return {
    titles: await read(
      `SELECT to_jsonb(t) - 'id' - 'knowledge_area_id' - 'created_at' - 'updated_at' - 'datestamp' - 'keys_version'
              - 'facet_keys' || jsonb_build_object('keys', ARRAY(SELECT ${KEY} FROM unnest(t.facet_keys) k ORDER BY 1)) AS r
         FROM title t ORDER BY control_number, control_source`,
    ),
    authorities: await read(`SELECT to_jsonb(a) - 'id' AS r FROM authority a ORDER BY type, heading_norm`),
    links: await read(
      `SELECT jsonb_build_object('t', t.control_number, 'a', a.type || '/' || a.heading, 'role', ta.role,
              'position', ta.position, 'relator', ta.relator) AS r
         FROM title_authority ta JOIN title t ON t.id = ta.title_id JOIN authority a ON a.id = ta.authority_id
        ORDER BY 1`,
    ),
    copies: await read(
      `SELECT to_jsonb(c) - 'id' - 'title_id' - 'library_id' - 'created_at' - 'updated_at'
              || jsonb_build_object('t', t.control_number, 'library', l.code) AS r
         FROM copy c JOIN title t ON t.id = c.title_id JOIN library l ON l.id = c.library_id ORDER BY 1`,
    ),
    onlineLinks: await read(
      `SELECT to_jsonb(o) - 'title_id' || jsonb_build_object('t', t.control_number) AS r
         FROM online_link o JOIN title t ON t.id = o.title_id ORDER BY 1`,
    ),
    tabs: await read(
      `SELECT jsonb_build_object('t', t.control_number, 'act', to_jsonb(n) - 'title_id', 'law', to_jsonb(c) - 'title_id',
              'archive', to_jsonb(a) - 'title_id') AS r
         FROM title t LEFT JOIN title_normative_act n ON n.title_id = t.id LEFT JOIN title_case_law c ON c.title_id = t.id
         LEFT JOIN title_archive a ON a.title_id = t.id
        WHERE n.title_id IS NOT NULL OR c.title_id IS NOT NULL OR a.title_id IS NOT NULL ORDER BY 1`,
    ),
    browse: await read(
      `SELECT to_jsonb(b) - 'authority_id' - 'id' || jsonb_build_object('a', a.type || '/' || a.heading) AS r
         FROM browse_entry b LEFT JOIN authority a ON a.id = b.authority_id ORDER BY 1`,
    ),
    // The spelling a word is shown in is the smallest of the first statement that brought it ("a"
    // or "à"): a batch may choose another accent than the record alone did; the counts are equal.
    words: await read(`SELECT to_jsonb(w) - 'form' AS r FROM search_word w ORDER BY word`),
    counts: await read(
      `SELECT jsonb_build_object('lexeme', lexeme, 'scope', scope, 'key', (SELECT ${KEY} FROM (SELECT key AS k) x), 'n', n) AS r
         FROM search_term_count WHERE n <> 0 ORDER BY 1`,
    ),
    lists: await read(
      `SELECT jsonb_build_object('lexeme', lexeme, 'scope', scope,
              'titles', ARRAY(SELECT t.control_number FROM title t WHERE t.id IN (SELECT unnest(s.ids)) ORDER BY 1)) AS r
         FROM search_term_titles s WHERE cardinality(ids) > 0 ORDER BY 1`,
    ),
    stale: await read('SELECT title_id AS r FROM title_facet_stale'),
  };
}

async function importAll(db: Db, batchSize: number) {
  const totals = { inserted: 0, updated: 0, skipped: 0 };
  for (const [index, file] of FILES.entries()) {
    const summary = await importFile(db, join(DATA, file), { batchSize });
    totals.inserted += summary.inserted;
    totals.updated += summary.updated;
    totals.skipped += summary.skipped.length;
    // Words frequent from the first file on: the later files move their kept counts and title lists.
    if (index === 0) await rebuildSearchStats(db, { minTitles: 5 });
  }
  return totals;
}

describe('importing in batches ends as importing one record at a time', () => {
  let one: Db;
  let batched: Db;
  beforeAll(async () => {
    [one, batched] = await Promise.all([createTestDb({ empty: true }), createTestDb({ empty: true })]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), batched?.close()]);
  });

  it('writes the same titles, links, copies, filter keys, browse entries and kept counts', async () => {
    const alone = await importAll(one, 1);
    const together = await importAll(batched, 500);
    expect(together).toEqual(alone);
    expect(alone.updated).toBeGreaterThan(140);
    const [a, b] = [await snapshot(one), await snapshot(batched)];
    expect(a.titles!.length).toBeGreaterThan(250);
    expect(a.copies!.length).toBeGreaterThan(5);
    expect(a.counts!.length).toBeGreaterThan(100);
    expect(a.lists!.length).toBeGreaterThan(10);
    expect(b.stale).toEqual([]);
    for (const [table, rows] of Object.entries(a)) {
      const other = b[table]!;
      // The first rows that differ, each side by side (whole tables are too large to show a difference).
      const differing = rows
        .map((row, i) => ({ table, i, one: row, batched: other[i] }))
        .filter((d) => JSON.stringify(d.one) !== JSON.stringify(d.batched))
        .slice(0, 2);
      expect(differing).toEqual([]);
      expect(other.length).toBe(rows.length);
    }
  }, 600_000);
});

describe('the triggers that run once per statement (migration 0045)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb({ empty: true });
    for (const file of [
      'evergreen-lul-fre-100.mrc',
      'evergreen-concerto-bibs.xml',
      'evergreen-concerto-auth.xml',
    ])
      await importFile(db, join(DATA, file), { batchSize: 500 });
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Titles whose stored filter keys differ from those title_facet_keys computes for it alone. */
  const wrongKeys = async () =>
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM title x WHERE facet_keys IS DISTINCT FROM public.title_facet_keys(x)',
      )
    ).rows[0]!.n;
  const count = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ n: number }>(sql, params)).rows[0]!.n;

  it('gives every title of a batch the keys it would have computed alone, and corrects wrong ones at commit', async () => {
    expect(await count('SELECT count(*)::int AS n FROM title')).toBeGreaterThan(150);
    // Keys from each kind of link: copies (library), authority links (author, subject).
    for (const prefix of ['B:', 'A:', 'S:'])
      expect(
        await count(
          'SELECT count(*)::int AS n FROM title WHERE EXISTS (SELECT 1 FROM unnest(facet_keys) k WHERE starts_with(k, $1))',
          [prefix],
        ),
      ).toBeGreaterThan(0);
    expect(await wrongKeys()).toBe(0);
    // Every title's keys lost, and all of them stale: one refresh at commit puts back each title's own.
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE title SET facet_keys = '{}'`);
      await tx.query('SELECT public.mark_title_facets_stale(ARRAY(SELECT id FROM title))');
    });
    expect(await count(`SELECT count(*)::int AS n FROM title WHERE facet_keys = '{}'`)).toBe(0);
    expect(await wrongKeys()).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM title_facet_stale')).toBe(0);
  });

  it('moves the keys and the OAI datestamp of each title whose copies one statement adds or removes', async () => {
    const titles = (
      await db.query<{ id: number }>(
        `SELECT id FROM title WHERE NOT EXISTS (SELECT 1 FROM copy c WHERE c.title_id = title.id) ORDER BY id LIMIT 3`,
      )
    ).rows.map((r) => r.id);
    expect(titles).toHaveLength(3);
    const [a, b, untouched] = titles as [number, number, number];
    await db.query(`UPDATE title SET datestamp = '2020-01-01T00:00:00Z' WHERE id = ANY($1::int[])`, [titles]);
    const library = await count('SELECT min(id) AS n FROM library');
    const libraryKey = `B:${library}`;
    const hasLibrary = async (id: number) =>
      count('SELECT count(*)::int AS n FROM title WHERE id = $1 AND $2 = ANY (facet_keys)', [id, libraryKey]);
    const moved = async (id: number) =>
      count(`SELECT count(*)::int AS n FROM title WHERE id = $1 AND datestamp > '2020-01-01T00:00:00Z'`, [
        id,
      ]);

    await db.query(
      `INSERT INTO copy (title_id, library_id, number) VALUES ($1, $3, 'SET-1'), ($2, $3, 'SET-2'), ($2, $3, 'SET-3')`,
      [a, b, library],
    );
    expect([await hasLibrary(a), await hasLibrary(b), await hasLibrary(untouched)]).toEqual([1, 1, 0]);
    expect([await moved(a), await moved(b), await moved(untouched)]).toEqual([1, 1, 0]);

    await db.query(`UPDATE title SET datestamp = '2020-01-01T00:00:00Z' WHERE id = ANY($1::int[])`, [titles]);
    await db.query(`DELETE FROM copy WHERE number IN ('SET-1', 'SET-2')`);
    // b keeps its other copy, so its library key; a has none left.
    expect([await hasLibrary(a), await hasLibrary(b)]).toEqual([0, 1]);
    expect([await moved(a), await moved(b), await moved(untouched)]).toEqual([1, 1, 0]);
    // A statement that adds copies to titles already carrying this transaction's time leaves them be.
    const stamps = await db.transaction(async (tx) => {
      await tx.query('UPDATE title SET datestamp = now() WHERE id = $1', [untouched]);
      await tx.query(`INSERT INTO copy (title_id, library_id, number) VALUES ($1, $2, 'SET-4')`, [
        untouched,
        library,
      ]);
      return (
        await tx.query<{ same: boolean }>('SELECT datestamp = now() AS same FROM title WHERE id = $1', [
          untouched,
        ])
      ).rows[0]!.same;
    });
    expect(stamps).toBe(true);
    expect(await hasLibrary(untouched)).toBe(1);
    expect(await wrongKeys()).toBe(0);
  });
});
