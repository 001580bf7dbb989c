import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { buildApp, ensureTokenSecret } from './app.ts';
import { ConfigError, loadConfig, type Config } from './lib/config.ts';
import { describeDb, openConfiguredDb, openConfiguredReads } from './lib/runtime.ts';
import { describeReplica, type ReadReplicas } from './lib/db/read-replicas.ts';
import { mailerFromConfig, type Mailer } from './lib/mail.ts';
import { openDb, type Db } from './lib/db/index.ts';
import { resolve } from 'node:path';
import { serveClusterMetrics } from './lib/cluster-metrics.ts';
import { DEMO_LOGINS, seedDemoIfEmpty } from './modules/seed/index.ts';
import { referenceOf } from './modules/catalogue/index.ts';
import { readCertificate } from './modules/identity/saml-service.ts';
import { openCirculationEngine, startCirculationJobs } from './modules/circulation/index.ts';
import { systemClock } from './lib/clock.ts';
import { startDisseminationJob } from './modules/interest-profile/index.ts';
import { startNetworkHarvestJob } from './modules/network-harvest/index.ts';

/** How long the requests in flight may take to finish after SIGTERM. */
const SHUTDOWN_TIMEOUT_MS = 25_000;
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** What the background jobs write: info lines only when LOG_LEVEL asks for them, errors always. */
interface JobLog {
  info(line: string): void;
  error(error: unknown, line: string): void;
}

/** Searches and public reads from the replicas of DATABASE_READ_URL, if any (decision 0074). */
function openReads(config: Config, db: Db, announce: boolean): ReadReplicas {
  const reads = openConfiguredReads(config, db, (line) => console.warn(`Estante: ${line}`));
  if (announce && config.DATABASE_READ_URL)
    console.log(
      `Estante: searches and public reads from ${config.DATABASE_READ_URL.map(describeReplica).join(', ')}.`,
    );
  return reads;
}

/** The web app and the API of one process, on the configured database. */
async function openApi(config: Config, db: Db, reads: ReadReplicas, mailer: Mailer | undefined) {
  // citeproc builds its engine on first use (2–3 s): do it now, not on the first record page.
  const sample = await db.query<{ marc: unknown }>('SELECT marc FROM title ORDER BY id LIMIT 1');
  if (sample.rows[0]) referenceOf(sample.rows[0].marc);
  return buildApp({
    db,
    reads,
    webDist: config.WEB_DIST ?? DEFAULT_WEB_DIST,
    logLevel: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL,
    ...(config.TOKEN_SECRET ? { tokenSecret: config.TOKEN_SECRET } : {}),
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
    publicTokenTtlSeconds: config.PUBLIC_TOKEN_TTL_SECONDS,
    oai: {
      ...(config.OAI_REPOSITORY_ID ? { repositoryId: config.OAI_REPOSITORY_ID } : {}),
      pageSize: config.OAI_PAGE_SIZE,
      tokenTtlSeconds: config.OAI_TOKEN_TTL_SECONDS,
      adminEmail: config.SMTP_FROM,
    },
    sru: {
      maximumRecords: config.SRU_MAXIMUM_RECORDS,
      defaultRecords: Math.min(10, config.SRU_MAXIMUM_RECORDS),
    },
    recaptcha: { verifyUrl: config.RECAPTCHA_VERIFY_URL },
    ...(config.TRUST_PROXY ? { trustProxy: config.TRUST_PROXY } : {}),
    ...(mailer ? { mailer } : {}),
    ...(config.OIDC_ISSUER && config.OIDC_CLIENT_ID
      ? {
          oidc: {
            issuer: config.OIDC_ISSUER,
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
            redirectUri: config.OIDC_REDIRECT_URI,
            scope: config.OIDC_SCOPE,
            loginClaim: config.OIDC_LOGIN_CLAIM,
          },
        }
      : {}),
    ...(config.SAML_ENTRY_POINT && config.SAML_IDP_CERT && config.SAML_ISSUER
      ? {
          saml: {
            entryPoint: config.SAML_ENTRY_POINT,
            idpCert: readCertificate(config.SAML_IDP_CERT),
            issuer: config.SAML_ISSUER,
            idpIssuer: config.SAML_IDP_ISSUER,
            callbackUrl: config.SAML_CALLBACK_URL,
            loginAttribute: config.SAML_LOGIN_ATTRIBUTE,
          },
        }
      : {}),
  });
}

/**
 * The background jobs, run by one process of a deployment (decision 0073): the circulation sweep
 * (late loans, quarantine, pickups missed) and the daily automatic renewal, the daily dissemination
 * of new titles (decision 0052) and the network harvest (decision 0067, unless turned off). JOBS=off
 * runs none. Answers how to stop them.
 */
async function startJobs(config: Config, db: Db, mailer: Mailer | undefined, log: JobLog) {
  if (config.JOBS === 'off') return async () => undefined;
  const stopCirculation = startCirculationJobs({
    engine: await openCirculationEngine({
      db,
      clock: systemClock,
      mailer,
      onMailError: (error) => log.error(error, 'circulation e-mail not sent'),
    }),
    db,
    clock: systemClock,
    log,
  });
  const stopDissemination = startDisseminationJob({ db, clock: systemClock, mailer, log });
  const stopHarvest =
    config.NETWORK_HARVEST === 'on'
      ? startNetworkHarvestJob({ db, clock: systemClock, log })
      : async () => undefined;
  return async () => {
    await stopCirculation();
    await stopDissemination();
    await stopHarvest();
  };
}

/**
 * Graceful shutdown on SIGINT/SIGTERM: `close` runs once (a signal repeated meanwhile is ignored:
 * with Ctrl+C under `npm start` the server gets SIGINT from the terminal and again from
 * scripts/start.mjs), and a shutdown stuck for SHUTDOWN_TIMEOUT_MS ends the process.
 */
function onShutdown(close: (signal: NodeJS.Signals) => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      console.error('Estante: shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    close(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Estante: shutdown failed:', error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

function printWelcome(config: Config, processes: number): void {
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const many = processes > 1 ? ` (${processes} processes)` : '';
  console.log(`\nEstante is running${many}: http://${shown}:${config.PORT}/`);
  console.log(`API documentation:  http://${shown}:${config.PORT}/api/docs`);
  console.log('Demo logins (login, password, category):');
  for (const login of DEMO_LOGINS)
    console.log(
      `  ${login.login.padEnd(15)} ${login.password.padEnd(23)} ${login.category}${login.note ? `  (${login.note})` : ''}`,
    );
}

/** Opens the database, brings it up to date and loads the demo library into an empty one. */
async function prepareDb(config: Config): Promise<Db> {
  console.log(`Estante: opening the ${describeDb(config)} …`);
  const db = await openConfiguredDb(config);
  const seeded = await seedDemoIfEmpty(db, (line) => console.log(line));
  if (seeded) console.log(`Estante: demo library loaded (${seeded.titles} titles).`);
  return db;
}

/** One process: web + API on the port, and the background jobs. */
async function runSingle(config: Config): Promise<void> {
  const db = await prepareDb(config);
  // E-mail (password recovery codes) is on when SMTP_HOST is set.
  const mailer = mailerFromConfig(config);
  const reads = openReads(config, db, true);
  const app = await openApi(config, db, reads, mailer);
  const stopJobs = await startJobs(config, db, mailer, {
    info: (line) => app.log.info(line),
    error: (error, line) => app.log.error({ err: error }, line),
  });
  // Stop taking connections and let the requests in flight finish (app.close waits for them), stop
  // the jobs, then close the database cleanly.
  onShutdown(async (signal) => {
    app.log.warn(`${signal}: closing`);
    await app.close();
    await stopJobs();
    await mailer?.close();
    await reads.close();
    await db.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  printWelcome(config, 1);
}

/**
 * The primary of `WORKERS=N` (decision 0073): prepares the database (migrations, demo library, the
 * token secret) before any API process starts, runs the background jobs — the one process that
 * does — and keeps N API processes listening on the shared port, starting another when one dies.
 * On SIGTERM it passes the signal on, waits for them to finish their requests, then stops the jobs.
 */
async function runPrimary(config: Config): Promise<void> {
  const db = await prepareDb(config);
  if (!config.TOKEN_SECRET) await ensureTokenSecret(db);
  const mailer = mailerFromConfig(config);
  const verbose = config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace';
  const stopJobs = await startJobs(config, db, mailer, {
    info: (line) => {
      if (verbose) console.log(line);
    },
    error: (error, line) => {
      if (config.LOG_LEVEL !== 'silent')
        console.error(`Estante: ${line}:`, error instanceof Error ? error.message : error);
    },
  });
  let closing = false;
  let listening = 0;
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening++;
      if (listening === config.WORKERS) printWelcome(config, config.WORKERS);
    });
    worker.once('exit', (code, signal) => {
      if (closing) return;
      console.error(
        `Estante: API process ${worker.process.pid} ended (${signal ?? code}); starting another.`,
      );
      fork();
    });
  };
  serveClusterMetrics();
  for (let i = 0; i < config.WORKERS; i++) fork();
  onShutdown(async (signal) => {
    closing = true;
    console.warn(`${signal}: closing`);
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((done) => {
            if (worker.isDead()) return done();
            worker.once('exit', () => done());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await stopJobs();
    await mailer?.close();
    await db.close();
  });
}

/** An API process of `WORKERS=N`: the primary has prepared the database and runs the jobs. */
async function runWorker(config: Config): Promise<void> {
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR) });
  const mailer = mailerFromConfig(config);
  const reads = openReads(config, db, cluster.worker?.id === 1);
  const app = await openApi(config, db, reads, mailer);
  onShutdown(async () => {
    await app.close();
    await mailer?.close();
    await reads.close();
    await db.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
}

/**
 * Starts the catalogue: configuration, migrations, demo library on an empty database, web + API on
 * one port — in one process, or in WORKERS processes sharing the port and the database.
 */
async function main(): Promise<void> {
  process.env.TZ = 'UTC';
  const config = loadConfig();
  if (config.WORKERS === 1) return runSingle(config);
  return cluster.isPrimary ? runPrimary(config) : runWorker(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error('Estante could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
