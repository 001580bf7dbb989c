import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_TYPES } from '@estante/marc';
import { createTestDb } from '../../testing/build-test-app.ts';
import type { Db } from '../../lib/db/index.ts';
import { createPostgresSearchEngine, searchRequest } from '../search/index.ts';
import { buildSearchSql } from '../search/query.ts';
import { importFile, type ImportSummary } from './service.ts';

const DATA = fileURLToPath(new URL('../../../../../../shared/data/marc/', import.meta.url));

/** Records per file, as the data README counts them (bibliographic + authority + holdings). */
const EXPECTED: Record<string, number> = {
  'solrmarc-uva-2000.mrc': 2000,
  'evergreen-jazz-1k.mrc': 1000,
  'psu-sample-catalog.mrc': 728,
  'evergreen-lul-fre-500.mrc': 500,
  'koha-sample-bibs.xml': 435,
  'evergreen-concerto-bibs.xml': 151,
  'evergreen-lul-fre-100.mrc': 100,
  'lc-m2bf-british-library.xml': 99,
  'lc-m2bf-dnb.xml': 99,
  'lc-m2bf-gwu.xml': 99,
  'lc-m2bf-loc-general.xml': 99,
  'lc-m2bf-nlm.xml': 99,
  'lc-m2bf-oclc.xml': 99,
  'lc-m2bf-princeton.xml': 99,
  'evergreen-nepali.mrc': 96,
  'evergreen-fsl-armenian-russian.mrc': 52,
  'evergreen-oss.mrc': 42,
  'traject-test-data-utf8.mrc': 30,
  'evergreen-hebrew.mrc': 20,
  'evergreen-rda-samples.mrc': 10,
  'evergreen-acq-order-sample.mrc': 10,
  'evergreen-badisbns.xml': 10,
  'evergreen-serials.xml': 7,
  'evergreen-serials-mfhd.xml': 7,
  'evergreen-maps.mrc': 3,
  'koha-sample-auth.xml': 1706,
  'evergreen-auth-iish-1066.mrc': 1066,
  'evergreen-concerto-auth.xml': 98,
  'evergreen-auth-iish-17.mrc': 17,
};

describe('importing the shared MARC files', () => {
  let db: Db;
  const summaries = new Map<string, ImportSummary>();
  beforeAll(async () => {
    db = await createTestDb({ empty: true });
    // Bibliographic files before the MFHD holdings that point at them.
    for (const file of Object.keys(EXPECTED)) summaries.set(file, await importFile(db, join(DATA, file)));
  }, 600_000);
  afterAll(() => db.close());

  it.each(Object.entries(EXPECTED))('accounts for every record of %s (%i)', (file, expected) => {
    const summary = summaries.get(file)!;
    expect(summary.read).toBe(expected);
    expect(summary.inserted + summary.updated + summary.skipped.length).toBe(summary.read);
    for (const skip of summary.skipped) {
      expect(skip.position).toBeGreaterThan(0);
      expect(skip.reason.length).toBeGreaterThan(5);
    }
  });

  it('has the names, in each language, of every work type the MARC mapping gives', async () => {
    const { rows } = await db.query<{ code: string }>(
      "SELECT code FROM work_type WHERE label_pt <> '' AND label_en <> '' AND label_es <> ''",
    );
    expect(rows.map((r) => r.code)).toEqual(expect.arrayContaining([...WORK_TYPES]));
  });

  it('imports nearly every bibliographic record and says why the rest were skipped', () => {
    const all = [...summaries.values()];
    const skipped = all.flatMap((s) => s.skipped);
    const imported = all.reduce((n, s) => n + s.inserted + s.updated, 0);
    expect(imported).toBeGreaterThan(8500);
    expect(skipped.length).toBeLessThan(60);
  });

  it('finds each imported title by a search for its own title', async () => {
    const { rows } = await db.query<{ id: number; title: string }>('SELECT id, title FROM title ORDER BY id');
    expect(rows.length).toBeGreaterThan(5000);
    const missing: string[] = [];
    for (const row of rows) {
      // The engine's own page statement (match and relevance order), without the filter counts
      // every search also runs: thousands of searches stay fast, the matching is the same.
      const page = buildSearchSql(searchRequest({ text: row.title, type: 'titulo', pageSize: 100 }), {
        fullRank: true,
      });
      const { rows: found } = await db.query<{ id: number }>(page.sql, page.params);
      if (!found.some((hit) => hit.id === row.id)) missing.push(`${row.id} ${row.title}`);
    }
    expect(missing).toEqual([]);
  }, 600_000);

  it('keeps non-Latin scripts searchable: Cyrillic text and 880 vernacular titles', async () => {
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM title WHERE title ~ '[А-Яа-я]' OR vernacular_title ~ '[А-Яа-я]'",
    );
    expect(rows[0]!.n).toBeGreaterThan(10);
    const cjk = await db.query<{ id: number; vernacular_title: string }>(
      "SELECT id, vernacular_title FROM title WHERE vernacular_title ~ '[一-龥]' ORDER BY id LIMIT 1",
    );
    const { id, vernacular_title } = cjk.rows[0]!;
    const result = await createPostgresSearchEngine(db).search(
      searchRequest({ text: vernacular_title, type: 'titulo', pageSize: 20 }),
    );
    expect(result.ids).toContain(id);
  });

  it('links MFHD holdings records to their titles as copies', async () => {
    const unlinked = [...summaries.values()]
      .flatMap((s) => s.skipped)
      .filter((s) => /holdings record/.test(s.reason));
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM copy WHERE number LIKE 'mfhd-%'",
    );
    // 171 holdings in the PSU file (they repeat their title's 001) and 7 for the Evergreen serials,
    // whose 004 names Evergreen record ids that the sample bibliographic file does not carry.
    expect(rows[0]!.n).toBe(178 - unlinked.length);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(171);
    for (const skip of unlinked)
      expect(skip.reason).toMatch(/not in the catalogue \(004 "[^"]*", 001 "[^"]+"\)/);
  });
});

describe('re-importing and interrupted imports', () => {
  const file = join(DATA, 'evergreen-lul-fre-100.mrc');

  it('updates by control number on a second import instead of duplicating', async () => {
    const db = await createTestDb({ empty: true });
    try {
      const first = await importFile(db, file);
      const second = await importFile(db, file);
      expect(second.inserted).toBe(0);
      expect(second.updated).toBe(first.inserted + first.updated);
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM title');
      expect(rows[0]!.n).toBe(first.inserted);
    } finally {
      await db.close();
    }
  });

  it('leaves only whole records when interrupted, and a re-run completes the file', async () => {
    const db = await createTestDb({ empty: true });
    try {
      await expect(
        importFile(db, file, {
          batchSize: 10,
          onProgress: (s) => {
            if (s.read >= 30) throw new Error('power cut');
          },
        }),
      ).rejects.toThrow('power cut');
      const partial = await db.query<{ n: number; unlinked: number }>(
        `SELECT count(*)::int AS n,
                count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM title_authority ta WHERE ta.title_id = t.id)
                                 AND authors_text <> '')::int AS unlinked
           FROM title t`,
      );
      expect(partial.rows[0]!.n % 10).toBe(0);
      expect(partial.rows[0]!.unlinked).toBe(0);
      const rerun = await importFile(db, file);
      expect(rerun.read).toBe(100);
      const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM title');
      expect(total.rows[0]!.n).toBe(rerun.inserted + rerun.updated);
    } finally {
      await db.close();
    }
  });

  it('reports a broken record with its position and imports the ones around it', async () => {
    const bytes = await readFile(join(DATA, 'evergreen-rda-samples.mrc'));
    const records: Buffer[] = [];
    let start = 0;
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] === 0x1d) {
        records.push(bytes.subarray(start, i + 1));
        start = i + 1;
      }
    }
    const broken = Buffer.from(records[1]!);
    broken.write('12x45', 0, 'latin1'); // the record length is no longer a number
    const dir = await mkdtemp(join(tmpdir(), 'estante-import-'));
    const path = join(dir, 'mixed.mrc');
    await writeFile(path, Buffer.concat([records[0]!, broken, records[2]!]));
    const db = await createTestDb({ empty: true });
    try {
      const summary = await importFile(db, path);
      expect(summary.read).toBe(3);
      expect(summary.inserted).toBe(2);
      expect(summary.skipped).toEqual([
        { file: path, position: 2, reason: expect.stringMatching(/leader|length/i) },
      ]);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
