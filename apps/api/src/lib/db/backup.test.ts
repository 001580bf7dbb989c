import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpPglite, openPglite } from './pglite.ts';
import { createTestDb } from '../../testing/build-test-app.ts';
import { pendingMigrations } from './migrate.ts';
import { readSettings } from '../../modules/institution/repository.ts';

// Issue 14: `estante backup FILE` / `estante restore FILE` of the embedded database, by the real
// command. PGlite only (with PostgreSQL, pg_dump and pg_restore do it; README "Backup and restore").

const API_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

// The embedded database whichever engine the other API tests run on.
describe('estante backup / restore (embedded database)', () => {
  let dir: string;
  let dataDir: string;
  const estante = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
        cwd: API_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', TZ: 'UTC', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (code) => resolve({ code, out }));
    });
  const libraryName = async () => {
    const db = await openPglite({ dataDir });
    try {
      return (await readSettings(db))['nome'];
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'estante-backup-'));
    dataDir = join(dir, 'data');
    expect((await estante(['migrate'])).code).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backs up, and a restore takes back a change made since; the catalogue opens migrated', async () => {
    expect((await estante(['settings', 'set', 'nome', 'Biblioteca Antes'])).code).toBe(0);
    const file = join(dir, 'catalogue.backup');
    const backup = await estante(['backup', file]);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`written to ${file}`);
    // A gzipped tar.
    expect([...readFileSync(file).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    expect((await estante(['settings', 'set', 'nome', 'Biblioteca Depois'])).code).toBe(0);
    expect(await libraryName()).toBe('Biblioteca Depois');

    const restore = await estante(['restore', file]);
    expect(restore.code, restore.out).toBe(0);
    expect(await libraryName()).toBe('Biblioteca Antes');
    const previous = /replaced is in (\S+);/.exec(restore.out)?.[1];
    expect(previous && existsSync(join(previous, 'PG_VERSION'))).toBe(true);

    const db = await openPglite({ dataDir });
    try {
      expect(await pendingMigrations(db)).toEqual([]);
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM title');
      expect(rows[0]!.n).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('points to pg_dump / pg_restore when the database is PostgreSQL', async () => {
    for (const command of ['backup', 'restore']) {
      const run = await estante([command, join(dir, 'x.backup')], {
        DATABASE_URL: 'postgres://estante@db.example.org/estante',
      });
      expect(run.code).toBe(2);
      expect(run.out).toContain('use pg_dump / pg_restore');
    }
  });

  it('refuses while the catalogue has the database open, and a file that is not a backup', async () => {
    const file = join(dir, 'running.backup');
    const open = await openPglite({ dataDir });
    try {
      const backup = await estante(['backup', file]);
      expect(backup.code).toBe(1);
      expect(backup.out).toContain('in use by another Estante process');
      expect(existsSync(file)).toBe(false);
      writeFileSync(file, 'not a backup');
      const restore = await estante(['restore', join(dir, 'catalogue.backup')]);
      expect(restore.code).toBe(1);
      expect(restore.out).toContain('in use by another Estante process');
    } finally {
      await open.close();
    }
    const junk = await estante(['restore', file]);
    expect(junk.code).toBe(1);
    expect(junk.out).toContain('is not a backup of an Estante embedded database');
    expect(await libraryName()).toBe('Biblioteca Antes');
  });
});

describe('a dump of the embedded database', () => {
  it('leaves out the WAL it does not need, and loads back whole (as a short-lived copy)', async () => {
    const db = await createTestDb();
    // Two switches to a new WAL segment, each after a write: three segments, two of them spent.
    await db.exec(
      "CREATE TABLE book (id int, title text); INSERT INTO book SELECT n, repeat('x', 300) || n FROM generate_series(1, 100) n; SELECT pg_switch_wal(); DELETE FROM book WHERE id > 10; SELECT pg_switch_wal(); INSERT INTO book SELECT n, 'later' FROM generate_series(101, 110) n; DELETE FROM book WHERE id > 100",
    );
    const walSegments = (tar: Uint8Array) =>
      new TextDecoder('latin1').decode(tar).match(/pg_wal\/[0-9A-F]{24}/g)?.length ?? 0;
    const inner = (db as unknown as { raw: { dumpDataDir(c: 'none'): Promise<Blob> } }).raw;
    const whole = new Uint8Array(await (await inner.dumpDataDir('none')).arrayBuffer());
    const dump = await dumpPglite(db, 'gzip');
    await db.close();
    const tar = gunzipSync(new Uint8Array(await dump.arrayBuffer()));
    expect(walSegments(whole)).toBeGreaterThan(1);
    expect(walSegments(tar)).toBe(1);
    expect(tar.length).toBeLessThan(whole.length - 16 * 1024 * 1024);
    const copy = await openPglite({ loadDataDir: dump, shortLived: true });
    expect((await copy.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]).toEqual({
      shared_buffers: '16MB',
    });
    const { rows } = await copy.query<{ n: number; last: string }>(
      'SELECT count(*)::int AS n, max(title) AS last FROM book',
    );
    expect(rows[0]).toEqual({ n: 10, last: `${'x'.repeat(300)}9` });
    await copy.exec('INSERT INTO book VALUES (11, $$after$$)');
    await copy.close();
  });
});
