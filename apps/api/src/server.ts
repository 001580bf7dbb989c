import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './lib/config.ts';
import { describeDb, openConfiguredDb, openConfiguredReads } from './lib/runtime.ts';
import { describeReplica } from './lib/db/read-replicas.ts';
import { mailerFromConfig } from './lib/mail.ts';
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

/** Starts the catalogue: configuration, migrations, demo library on an empty database, web + API on one port. */
async function main(): Promise<void> {
  process.env.TZ = 'UTC';
  const config = loadConfig();
  console.log(`Estante: opening the ${describeDb(config)} …`);
  const db = await openConfiguredDb(config);
  const seeded = await seedDemoIfEmpty(db, (line) => console.log(line));
  if (seeded) console.log(`Estante: demo library loaded (${seeded.titles} titles).`);
  // citeproc builds its engine on first use (2–3 s): do it now, not on the first record page.
  const sample = await db.query<{ marc: unknown }>('SELECT marc FROM title ORDER BY id LIMIT 1');
  if (sample.rows[0]) referenceOf(sample.rows[0].marc);
  // E-mail (password recovery codes) is on when SMTP_HOST is set.
  const mailer = mailerFromConfig(config);
  // Searches and public reads from the replicas of DATABASE_READ_URL, if any (decision 0074).
  const reads = openConfiguredReads(config, db, (line) => console.warn(`Estante: ${line}`));
  if (config.DATABASE_READ_URL)
    console.log(
      `Estante: searches and public reads from ${config.DATABASE_READ_URL.map(describeReplica).join(', ')}.`,
    );
  const app = await buildApp({
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
  // Circulation jobs: the sweep (late loans, quarantine, pickups missed) and the daily automatic renewal.
  const stopJobs = startCirculationJobs({
    engine: await openCirculationEngine({
      db,
      clock: systemClock,
      mailer,
      onMailError: (error) => app.log.error({ err: error }, 'circulation e-mail not sent'),
    }),
    db,
    clock: systemClock,
    log: { info: (line) => app.log.info(line), error: (error, line) => app.log.error({ err: error }, line) },
  });
  // The daily dissemination of new titles to the interest profiles (decision 0052).
  const stopDissemination = startDisseminationJob({
    db,
    clock: systemClock,
    mailer,
    log: { info: (line) => app.log.info(line), error: (error, line) => app.log.error({ err: error }, line) },
  });
  // The daily harvest of the library network's OAI-PMH sources (decision 0067), unless turned off.
  const stopHarvest =
    config.NETWORK_HARVEST === 'on'
      ? startNetworkHarvestJob({
          db,
          clock: systemClock,
          log: {
            info: (line) => app.log.info(line),
            error: (error, line) => app.log.error({ err: error }, line),
          },
        })
      : async () => undefined;
  // Graceful shutdown: stop taking connections and let the requests in flight finish (app.close
  // waits for them), stop the jobs, then close the database cleanly. A shutdown stuck for
  // SHUTDOWN_TIMEOUT_MS ends the process. A signal repeated meanwhile is ignored: with Ctrl+C under
  // `npm start` the server gets SIGINT from the terminal and again from scripts/start.mjs.
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.warn(`${signal}: closing`);
    setTimeout(() => {
      console.error('Estante: shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    (async () => {
      await app.close();
      await stopJobs();
      await stopDissemination();
      await stopHarvest();
      await mailer?.close();
      await reads.close();
      await db.close();
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Estante: shutdown failed:', error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  console.log(`\nEstante is running: http://${shown}:${config.PORT}/`);
  console.log(`API documentation:  http://${shown}:${config.PORT}/api/docs`);
  console.log('Demo logins (login, password, category):');
  for (const login of DEMO_LOGINS)
    console.log(
      `  ${login.login.padEnd(15)} ${login.password.padEnd(23)} ${login.category}${login.note ? `  (${login.note})` : ''}`,
    );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error('Estante could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
