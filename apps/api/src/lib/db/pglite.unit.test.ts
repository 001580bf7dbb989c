import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, dumpPglite, openPglite } from './pglite.ts';

describe('the embedded database directory', () => {
  let dir: string;
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('refuses a second opener while the first has it, and frees it on close', async () => {
    dir = await mkdtemp(join(tmpdir(), 'estante-lock-'));
    const first = await openPglite({ dataDir: dir });
    await expect(openPglite({ dataDir: dir })).rejects.toThrow(DatabaseInUseError);
    await expect(openPglite({ dataDir: dir })).rejects.toThrow(/in use by another Estante process/);
    await first.close();
    const second = await openPglite({ dataDir: dir });
    expect((await second.query<{ n: number }>('SELECT 1 AS n')).rows[0]?.n).toBe(1);
    await second.close();
  });

  it('takes over a lock left by a process that has ended', async () => {
    dir = await mkdtemp(join(tmpdir(), 'estante-lock-'));
    // A pid far above any pid_max: no such process.
    await writeFile(join(dir, 'estante.lock'), '999999999');
    const db = await openPglite({ dataDir: dir });
    await db.close();
  });
});

describe('a dump of the embedded database', () => {
  it('leaves out the WAL it does not need, and loads back whole', async () => {
    const db = await openPglite();
    // About 20 MB of WAL: PostgreSQL then keeps more than one 16 MB segment, spent or spare.
    await db.exec(
      "CREATE TABLE book (id int, title text); INSERT INTO book SELECT n, repeat('x', 300) || n FROM generate_series(1, 60000) n; DELETE FROM book WHERE id > 10",
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
    const copy = await openPglite({ loadDataDir: dump });
    const { rows } = await copy.query<{ n: number; last: string }>(
      'SELECT count(*)::int AS n, max(title) AS last FROM book',
    );
    expect(rows[0]).toEqual({ n: 10, last: `${'x'.repeat(300)}9` });
    await copy.exec('INSERT INTO book VALUES (11, $$after$$)');
    await copy.close();
  });
});
