import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DB_KIND } from '../../testing/build-test-app.ts';
import { openPglite } from '../../lib/db/pglite.ts';
import { passwordGrant } from './testing.ts';
import { runUserCommand } from './user-command.ts';
import { importUsers } from './users.ts';

const CLI = fileURLToPath(new URL('../../../bin/estante.mjs', import.meta.url));

describe('staff add patrons (estante user add|import)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let dir: string;
  const output: string[] = [];
  const io = (stdin = '') => ({
    out: (line: string) => output.push(line),
    err: (line: string) => output.push(`ERR ${line}`),
    readStdin: async () => stdin,
  });
  beforeAll(async () => {
    ctx = await buildTestApp();
    dir = await mkdtemp(join(tmpdir(), 'estante-users-'));
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('adds a patron whose password, read from standard input, signs in', async () => {
    const code = await runUserCommand(
      ctx.db,
      [
        'add',
        'paulo',
        '--name',
        'Paulo Freire',
        '--category',
        '12',
        '--email',
        'paulo@example.org',
        '--password-stdin',
      ],
      io('Pedagogia-1968\n'),
    );
    expect(code).toBe(0);
    expect(output.at(-1)).toMatch(/^User paulo added \(code \d+\)\.$/);
    expect((await passwordGrant(ctx.app, 'paulo', 'Pedagogia-1968')).statusCode).toBe(200);
    const { rows } = await ctx.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM patron WHERE login = 'paulo'",
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('adds a patron without a password as blocked, so the first sign-in points to password recovery', async () => {
    const code = await runUserCommand(
      ctx.db,
      ['add', 'cecilia', '--name', 'Cecília Meireles', '--category', '05'],
      io(),
    );
    expect(code).toBe(0);
    expect(output.at(-1)).toMatch(/blocked until set through password recovery/);
    const { rows } = await ctx.db.query<{ is_blocked: boolean }>(
      "SELECT is_blocked FROM patron WHERE login = 'cecilia'",
    );
    expect(rows[0]?.is_blocked).toBe(true);
  });

  it('refuses a taken login (in any case), an unknown category and missing options', async () => {
    expect(
      await runUserCommand(ctx.db, ['add', 'ANA', '--name', 'Outra Ana', '--category', '01'], io()),
    ).toBe(1);
    expect(output.at(-1)).toBe('ERR estante user add: login "ANA" already exists.');
    expect(await runUserCommand(ctx.db, ['add', 'zeca', '--name', 'Zeca', '--category', '99'], io())).toBe(1);
    expect(output.at(-1)).toBe('ERR estante user add: unknown category "99".');
    expect(await runUserCommand(ctx.db, ['add', 'zeca'], io())).toBe(2);
    expect(
      await runUserCommand(
        ctx.db,
        ['add', 'zeca', '--name', 'Z', '--category', '01', '--password-stdin'],
        io(''),
      ),
    ).toBe(2);
  });

  it('imports a CSV file, reporting and skipping bad rows, with linked logins and shared aliases', async () => {
    const csv = [
      'login;name;email;category;password;person_key;aliases',
      'lucia.aluna;"Lúcia Prado";lucia@example.org;03;Senha-Lucia-1;123;lucia@example.org',
      'lucia.prof;"Lúcia Prado";;12;Senha-Lucia-2;123;lucia@example.org',
      ';Sem Login;;01;x;;',
      'ana;Ana Repetida;;01;y;;',
      'vera;"Vera; a bibliotecária";vera@example.org;99;z;;',
      'sergio;Sérgio Buarque;sergio@example.org;05;;;',
    ].join('\r\n');
    const summary = await importUsers(ctx.db, csv);
    expect(summary).toEqual({
      read: 6,
      inserted: 3,
      blocked: 1,
      skipped: [
        { line: 4, reason: 'login is required' },
        { line: 5, reason: 'login "ana" already exists' },
        { line: 6, reason: 'unknown category "99"' },
      ],
    });
    // The shared alias names two people: the grant asks which one.
    expect((await passwordGrant(ctx.app, 'lucia@example.org', 'Senha-Lucia-2')).statusCode).toBe(422);
    const prof = await passwordGrant(ctx.app, 'lucia.prof', 'Senha-Lucia-2');
    const logins = await ctx.app.inject({
      url: '/api/pessoas/login',
      headers: { authorization: `Bearer ${prof.json().access_token}` },
    });
    expect(logins.json().map((l: { login: string }) => l.login)).toEqual(['lucia.aluna', 'lucia.prof']);
    expect((await passwordGrant(ctx.app, 'sergio', 'anything')).statusCode).toBe(401);
  });

  it('refuses a file whose header lacks a required column', async () => {
    await expect(importUsers(ctx.db, 'login,email\nx,x@example.org\n')).rejects.toThrow(/name, category/);
  });

  // The command on the embedded database whatever engine this run tests: once, in the PGlite run.
  if (TEST_DB_KIND === 'pglite')
    it('runs as the estante command on an embedded database', async () => {
      const dataDir = join(dir, 'data');
      const file = join(dir, 'patrons.csv');
      await writeFile(file, 'login,name,category,password\nmario,"Andrade, Mário de",07,Macunaima-1928\n');
      const run = (args: string[], stdin?: string) =>
        new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
          const child = execFile(
            process.execPath,
            [CLI, ...args],
            { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 120_000 },
            (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
          );
          child.stdin?.end(stdin ?? '');
        });
      const imported = await run(['user', 'import', file]);
      expect(imported.stderr).toBe('');
      expect(imported.stdout).toContain('read 1, added 1 (0 without a password, blocked), skipped 0');
      const added = await run(
        ['user', 'add', 'oswald', '--name', 'Oswald de Andrade', '--category', '05', '--password-stdin'],
        'Antropofagia-1928\n',
      );
      expect(added.code).toBe(0);
      expect(added.stdout).not.toContain('Antropofagia');

      const db = await openPglite({ dataDir });
      const app = await buildTestApp({ db });
      try {
        expect((await passwordGrant(app.app, 'mario', 'Macunaima-1928')).statusCode).toBe(200);
        expect((await passwordGrant(app.app, 'oswald', 'Antropofagia-1928')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
});
