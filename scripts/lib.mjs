// Shared steps of `npm start` and `npm test`; Node built-ins only, because they run before npm install.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Prints a step heading. */
export function step(text) {
  console.log(`\n▶ ${text}`);
}

/** Runs a command with inherited output; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
  });
}

/** True when a program is on the PATH. */
export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Node 20.19+ is required (Vite 8, our ESM packages). */
export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(
      `Estante needs Node.js 20.19 or newer; this is ${process.versions.node}. Install a current Node.js LTS.`,
    );
    process.exit(1);
  }
}

/** Installs the npm dependencies when node_modules is missing or older than the lockfile. */
export async function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
  if (!stale) return;
  step('Installing dependencies (npm ci)');
  const code = await run(
    'npm',
    existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'],
  );
  if (code !== 0) {
    console.error('npm could not install the dependencies; see the messages above.');
    process.exit(code);
  }
}

/** True when running as root on a Debian-like system where apt-get can install packages. */
export function canApt() {
  return process.getuid?.() === 0 && hasCommand('apt-get');
}

let aptUpdated = false;
/** Installs Debian packages (root only); returns true on success. */
export async function aptInstall(packages) {
  if (!canApt()) return false;
  if (!aptUpdated) {
    step('apt-get update');
    await run('apt-get', ['update', '-q']);
    aptUpdated = true;
  }
  step(`apt-get install ${packages.join(' ')}`);
  return (
    (await run('apt-get', ['install', '-y', '-q', ...packages], {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    })) === 0
  );
}

/** A free TCP port on loopback. */
/** Ports handed out by freePort in this process: nothing listens on them until their user starts. */
const handedOut = new Set();

/**
 * A loopback port nothing listens on. The OS may offer a port again once its probe closes, so a
 * port already handed out here, or reserved for the browser tests' mail and sign-on services (a
 * spec starts those later, on E2E_SMTP_PORT and E2E_OIDC_PORT), is never answered twice.
 */
export async function freePort() {
  const reserved = [process.env.E2E_SMTP_PORT, process.env.E2E_OIDC_PORT].map(Number);
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
      server.on('error', reject);
    });
    if (!handedOut.has(port) && !reserved.includes(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** Waits until a URL answers 2xx, or fails after the timeout. */
export async function waitForUrl(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) return false;
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

/** Directory of the PostgreSQL server programs (initdb, pg_ctl), installing them when we can. */
export async function findPostgresBin() {
  const fromConfig = () => {
    const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
    const dir = r.status === 0 ? r.stdout.trim() : '';
    if (dir && existsSync(join(dir, 'initdb'))) return dir;
    const base = '/usr/lib/postgresql';
    if (!existsSync(base)) return null;
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    return versions[0] ? join(base, versions[0], 'bin') : null;
  };
  let bin = fromConfig();
  if (!bin && (await aptInstall(['postgresql', 'postgresql-contrib']))) bin = fromConfig();
  return bin;
}

/** Starts a throwaway PostgreSQL cluster on a free loopback port; returns its URL and a stop function. */
export async function startPostgres(bin) {
  const dir = mkdtempSync(join(tmpdir(), 'estante-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the server as the postgres user.
  const sh = (cmd) =>
    asRoot
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { encoding: 'utf8' })
      : spawnSync('sh', ['-c', cmd], { encoding: 'utf8' });
  chmodSync(dir, 0o777);
  mkdirSync(data);
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const init = sh(
    `${bin}/initdb -D ${data} -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >${dir}/initdb.log 2>&1`,
  );
  if (init.status !== 0) {
    console.error(readFileSync(join(dir, 'initdb.log'), 'utf8'));
    return null;
  }
  const port = await freePort();
  const start = sh(
    `${bin}/pg_ctl -D ${data} -l ${dir}/server.log -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c timezone=UTC" -w start`,
  );
  if (start.status !== 0) {
    console.error(
      start.stdout,
      start.stderr,
      existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '',
    );
    return null;
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      sh(`${bin}/pg_ctl -D ${data} -m fast stop >/dev/null 2>&1`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The OpenID client the browser-test catalogue is registered as at the test provider (not a secret). */
export const E2E_OIDC_CLIENT = { id: 'estante-e2e', secret: 'estante-e2e-client-secret-for-tests-only' };

/**
 * Environment of the browser tests (`npm test` only, never `npm start`): the catalogue sends e-mail
 * to an SMTP server on `smtpPort` and signs on through an OpenID provider on `oidcPort`; the specs
 * that need them (apps/web/e2e/recovery.spec.ts, sso.spec.ts) start those servers themselves on the
 * ports given to them as E2E_*. The catalogue discovers the provider lazily, on the first
 * sign-on, and again after a failure, so it may start before the provider does.
 */
export function e2eEnvironment({ smtpPort, oidcPort }) {
  const issuer = `http://127.0.0.1:${oidcPort}`;
  return {
    server: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: E2E_OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
    },
    tests: {
      E2E_SMTP_PORT: String(smtpPort),
      E2E_OIDC_PORT: String(oidcPort),
      E2E_OIDC_CLIENT_ID: E2E_OIDC_CLIENT.id,
      E2E_OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
    },
  };
}

/**
 * Institution settings of the browser-test catalogue, set before its first start: the SSO button
 * shows, and two-step verification is offered (on for nobody until a spec turns it on).
 */
export const E2E_SETTINGS = [
  ['usaOIDC', 'true'],
  ['dois_fatores', 'true'],
];

/** Sets the browser-test institution settings in a data directory (before the server opens it). */
export async function applyE2eSettings(env) {
  for (const [key, value] of E2E_SETTINGS) {
    const code = await run(process.execPath, ['apps/api/bin/estante.mjs', 'settings', 'set', key, value], {
      env: { TZ: 'UTC', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (code !== 0) return false;
  }
  return true;
}

/**
 * Starts the catalogue on a fresh embedded database (demo library) for the browser tests, with
 * e-mail and single sign-on pointed at the ports the recovery and SSO specs serve (e2eEnvironment).
 * With `databaseUrl` it runs on that (empty) PostgreSQL database instead, which other processes
 * (the `estante desk` command of a journey) can open while it runs.
 * Answers its URL, the environment to give Playwright (`testEnv`) and `stop`, or null when it fails.
 */
export async function startE2eServer({ port, databaseUrl } = {}) {
  port ??= await freePort();
  const services = e2eEnvironment({ smtpPort: await freePort(), oidcPort: await freePort() });
  const dataDir = mkdtempSync(join(tmpdir(), 'estante-e2e-'));
  const dbEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
  if (!(await applyE2eSettings(dbEnv))) {
    rmSync(dataDir, { recursive: true, force: true });
    return null;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...services.server,
      ...dbEnv,
      TZ: 'UTC',
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  let alive = true;
  child.on('exit', () => (alive = false));
  const url = `http://127.0.0.1:${port}`;
  const ok = await waitForUrl(`${url}/api/docs/json`, 180_000, () => alive);
  if (!ok) {
    console.error(log);
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    return null;
  }
  return {
    url,
    testEnv: services.tests,
    stop: () =>
      new Promise((resolve) => {
        if (!alive) return resolve(undefined);
        child.on('exit', () => resolve(undefined));
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000);
      }).then(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}
