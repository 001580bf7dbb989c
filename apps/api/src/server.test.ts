import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './lib/db/pglite.ts';
import { pendingMigrations } from './lib/db/index.ts';
import { TEST_DB_KIND } from './testing/build-test-app.ts';
import { freePort, serverDatabase, waitForHealth } from './testing/server-process.ts';

// Issue 14: on SIGTERM the server stops taking requests, lets those in flight finish, closes the
// database cleanly and exits 0. The real server process, on a copy of the demo library.

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));

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
        // The signal once the connection is made and the server has had time to take the headers
        // (counted from the connection, not from the call, so a busy machine does not signal first).
        const signal = () =>
          setTimeout(() => {
            child!.kill('SIGTERM');
            setTimeout(() => req.end(body.slice(10)), 1500);
          }, 300);
        req.on('socket', (socket) => (socket.connecting ? socket.once('connect', signal) : signal()));
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
