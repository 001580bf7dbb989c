import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NetworkInstitutionsResponseSchema } from '@estante/contract';
import { openPglite } from '../../lib/db/pglite.ts';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

const CLI = fileURLToPath(new URL('../../../bin/estante.mjs', import.meta.url));
const DATA = fileURLToPath(new URL('../../../../../../shared/data/marc/', import.meta.url));

describe('estante import --network (staff load another institution of the network)', () => {
  let dir: string;
  let dataDir: string;
  const run = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [CLI, ...args],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 120_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'estante-network-cli-'));
    dataDir = join(dir, 'data');
    // An empty migrated catalogue in the data directory (the run's template), so the first import
    // does not spend its time migrating: users.test.ts runs the command on a new directory.
    const empty = await openPglite({
      dataDir,
      loadDataDir: new Blob([await readFile(inject('pgliteEmptyTemplate'))]),
    });
    await empty.close();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('loads two institutions from MARC files, updates on a re-run, and refuses what it cannot do', async () => {
    const first = await run([
      'import',
      '--network',
      '101',
      '--network-name',
      'Universidade Alfa',
      join(DATA, 'evergreen-rda-samples.mrc'),
    ]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Network institution 101 (Universidade Alfa) added.');
    expect(first.stdout).toContain('read 10, inserted 10, updated 0, skipped 0');

    const again = await run(['import', '--network', '101', join(DATA, 'evergreen-rda-samples.mrc')]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('read 10, inserted 0, updated 10, skipped 0');
    expect(again.stdout).not.toContain('added');

    const unnamed = await run(['import', '--network', '202', join(DATA, 'evergreen-maps.mrc')]);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain(
      'institution 202 is not in the network yet: give its name with --network-name',
    );

    const badCode = await run(['import', '--network', 'UFX', join(DATA, 'evergreen-maps.mrc')]);
    expect(badCode.code).toBe(2);
    expect(badCode.stderr).toContain(
      '--network takes the institution\'s code, a positive whole number (got "UFX")',
    );

    // Two files at once; the authority file has nothing a network can hold, and says so record by record.
    const second = await run([
      'import',
      '--network',
      '202',
      '--network-name',
      'Instituto Beta',
      join(DATA, 'evergreen-maps.mrc'),
      join(DATA, 'evergreen-auth-iish-17.mrc'),
    ]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('read 3, inserted 3, updated 0, skipped 0');
    expect(second.stdout).toContain('read 17, inserted 0, updated 0, skipped 17');
    expect(second.stdout).toContain(
      'not a bibliographic record (authority): a network import loads titles only',
    );
    expect(second.stdout).toContain('Total: read 20, inserted 3, updated 0, skipped 17');

    const db = await openPglite({ dataDir });
    const ctx = await buildTestApp({ db });
    try {
      const response = await ctx.app.inject({
        url: '/api/rede-pergamum/oai/instituicoes',
        headers: { authorization: `Bearer ${await publicToken(ctx.app)}` },
      });
      expect(NetworkInstitutionsResponseSchema.parse(response.json())).toEqual([
        { cod_empresa: 202, desc_empresa: 'Instituto Beta', total: 3 },
        { cod_empresa: 101, desc_empresa: 'Universidade Alfa', total: 10 },
      ]);
      // Nothing went into the local catalogue.
      const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM title');
      expect(rows[0]?.n).toBe(0);
    } finally {
      await ctx.close();
    }
  }, 300_000);
});
