import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openPglite } from './pglite.ts';

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
