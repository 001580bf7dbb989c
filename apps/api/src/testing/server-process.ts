import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite } from '../lib/db/pglite.ts';
import { TEMPLATE_DATABASE, testDatabaseName, withDatabase } from './databases.ts';

// The real server process (src/server.ts) for the tests that need one: graceful shutdown, several
// processes on one database, the reverse proxy of the reference deployment.

const API_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
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
export async function serverDatabase(): Promise<{
  env: Record<string, string>;
  dataDir?: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = testDatabaseName();
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

/** Waits until the server answers /api/health, failing with its output if it ends first. */
export async function waitForHealth(base: string, child: ChildProcess, log: () => string): Promise<void> {
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

/** A server process started by a test: its address, its output so far, and how to stop it. */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  output: () => string;
  /** The exit code, once it has ended by itself. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code once it has ended. */
  stop: () => Promise<number | null>;
}

/** Starts `src/server.ts` on a free loopback port with the environment given (the database's among it). */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return freePort().then((port) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: join(tmpdir(), 'no-web-app-here'),
        LOG_LEVEL: 'warn',
        TZ: 'UTC',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return {
      child,
      base: `http://127.0.0.1:${port}`,
      port,
      output: () => output,
      exited,
      stop: () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        return exited;
      },
    };
  });
}

/** An HTTP answer read whole. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request on a connection of its own (no keep-alive), so that each reaches whichever process
 * the port hands the next connection to.
 */
export function callOnce(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: {
          connection: 'close',
          ...(options.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
