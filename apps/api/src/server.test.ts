import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPglite } from './lib/db/pglite.ts';
import { pendingMigrations } from './lib/db/index.ts';
import { TEMPLATE_DATABASE, withDatabase } from './testing/databases.ts';
import { TEST_DB_KIND } from './testing/build-test-app.ts';

// Issue 14: on SIGTERM the server stops taking requests, lets those in flight finish, closes the
// database cleanly and exits 0. The real server process, on a copy of the demo library.

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A database for the server: a PGlite data dir loaded from the template, or a PostgreSQL copy of it. */
async function serverDatabase(): Promise<{
  env: Record<string, string>;
  dataDir?: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `estante_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    await admin.end();
    return {
      env: { DATABASE_URL: withDatabase(url, name) },
      drop: async () => {
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
        await cleanup.end();
      },
    };
  }
  const dataDir = join(mkdtempSync(join(tmpdir(), 'estante-server-')), 'data');
  const db = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  await db.close();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    dataDir,
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function waitForHealth(base: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server ended: ${log()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not start: ${log()}`);
}

describe('graceful shutdown of the server process', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('finishes the request in flight on SIGTERM, then closes the database and exits 0', async () => {
    const database = await serverDatabase();
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let output = '';
      child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: API_ROOT,
        env: {
          ...process.env,
          ...database.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          WEB_DIST: join(tmpdir(), 'no-web-app-here'),
          LOG_LEVEL: 'warn',
          TZ: 'UTC',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
      await waitForHealth(base, child, () => output);

      // A request in flight: the token call, whose body arrives only after the SIGTERM.
      const body = 'grant_type=client_credentials&client_id=4';
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          `${base}/api/oauth/token`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          child!.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 1500);
        }, 300);
      });
      const { status, text } = await answer;
      expect(status, text).toBe(200);
      expect(JSON.parse(text)).toHaveProperty('access_token');
      expect(await exited, output).toBe(0);
      // No new connection is taken once it has gone.
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();

      if (TEST_DB_KIND === 'pglite') {
        // Closed cleanly: the data dir opens again (no lock left behind) with everything applied.
        const reopened = await openPglite({ dataDir: database.dataDir! });
        try {
          expect(await pendingMigrations(reopened)).toEqual([]);
          const { rows } = await reopened.query<{ n: number }>('SELECT count(*)::int AS n FROM title');
          expect(rows[0]!.n).toBeGreaterThan(0);
        } finally {
          await reopened.close();
        }
      }
    } finally {
      await database.drop();
    }
  });
});
