import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, PORTAL_CLIENT_ID } from '@estante/contract';
import type { Db } from './lib/db/index.ts';
import type { ReadReplicas } from './lib/db/read-replicas.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { RateLimit } from './lib/rate-limit.ts';
import { frameworkErrors, registerErrorHandler, registerNotFound } from './plugins/error-handler.ts';
import { registerLanguage } from './plugins/language.ts';
import { privateOnly, publicOrPrivate, registerAuth } from './plugins/auth.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createTokenService } from './modules/identity/tokens.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { recoveryRoutes } from './modules/identity/recovery-routes.ts';
import { oidcRoutes, type OidcOptions } from './modules/identity/oidc-routes.ts';
import { captchaRoutes } from './modules/identity/captcha-routes.ts';
import { createCaptcha, type CaptchaOptions, type RecaptchaOptions } from './modules/identity/captcha.ts';
import { samlRoutes, type SamlOptions } from './modules/identity/saml-routes.ts';
import type { Mailer } from './lib/mail.ts';
import type { SignInOptions } from './modules/identity/service.ts';
import { institutionRoutes } from './modules/institution/routes.ts';
import { readPageConfiguration } from './modules/institution/page-configuration.ts';
import { institutionContentRoutes } from './modules/institution/index.ts';
import { isSessionActive } from './modules/identity/repository.ts';
import { readSettings, writeSettingIfAbsent } from './modules/institution/repository.ts';
import {
  catalogueRoutes,
  recordPageHead,
  resultLineRoutes,
  titleTabRoutes,
} from './modules/catalogue/index.ts';
import { networkRoutes } from './modules/network/index.ts';
import { basketRoutes } from './modules/basket/index.ts';
import { commentModerationRoutes, commentRoutes } from './modules/comments/index.ts';
import { staffRequestRoutes } from './modules/staff-requests/index.ts';
import { staffAuditRoutes, staffRoutes } from './modules/staff/index.ts';
import { staffPatronsPlugin } from './modules/patrons/index.ts';
import { catalogueImportRoutes } from './modules/imports/index.ts';
import { networkSourceRoutes } from './modules/network-harvest/index.ts';
import { circulationPlugin, circulationTimeZone } from './modules/circulation/index.ts';
import { alertsPlugin, countUnread } from './modules/alerts/index.ts';
import { privacyPlugin } from './modules/privacy/index.ts';
import { interestProfilePlugin } from './modules/interest-profile/index.ts';
import { listsPlugin } from './modules/lists/index.ts';
import { acquisitionRoutes, suggestionRoutes } from './modules/suggestions/index.ts';
import { databaseEditorRoutes, databaseRoutes } from './modules/databases/index.ts';
import { lookupRoutes } from './modules/lookups/index.ts';
import {
  createPostgresSearchEngine,
  searchAidRoutes,
  searchRoutes,
  searchTabRoutes,
  type SearchEngine,
} from './modules/search/index.ts';
import { teachingPlanRoutes } from './modules/teaching-plans/index.ts';
import { titleTotalsRoutes } from './modules/title-totals/index.ts';
import { paperPostingRoutes } from './modules/paper-posting/index.ts';
import { accountRoutes } from './modules/account/index.ts';
import { catalogueSheetRoutes, staffCatalogueSheetRoutes } from './modules/catalogue-sheets/index.ts';
import { acquisitionStatsRoutes } from './modules/acquisition-stats/index.ts';
import { libraryRequestsPlugin, referenceRequestRoutes } from './modules/requests/index.ts';
import { permissionSource } from './modules/identity/service.ts';
import { healthRoutes, sitemapRoutes } from './modules/operations/index.ts';
import { oaiRoutes } from './modules/oai/index.ts';
import { sruRoutes } from './modules/sru/index.ts';
import { genReqId, registerRequestId } from './plugins/request-id.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { pageLanguage, registerWebApp, serverLanguage } from './plugins/web-app.ts';

export interface AppOptions {
  db: Db;
  /**
   * Where searches and public reads go (DATABASE_READ_URL, decision 0074); without it, or when it
   * is the primary itself, everything reads from `db`.
   */
  reads?: ReadReplicas;
  clock?: Clock;
  /** Secret for signing tokens; when absent one is generated once and kept in the database. */
  tokenSecret?: string;
  publicTokenTtlSeconds?: number;
  /** Lifetime of patrons' access tokens (short: the refresh grant renews them). */
  userTokenTtlSeconds?: number;
  /** Sign-in throttling and refresh-token limits; tests shorten the lockout window. */
  signIn?: SignInOptions;
  /** Built web app to serve at / (SPA fallback); omitted in API tests. */
  webDist?: string;
  logLevel?: string;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  searchEngine?: SearchEngine;
  /** Sends e-mail (password recovery codes); without one, recovery is not offered. */
  mailer?: Mailer;
  /** OIDC single sign-on (SPEC §7 /oidc/*); without it the /oidc calls answer OIDC_UNAVAILABLE. */
  oidc?: OidcOptions;
  /** SAML single sign-on (SPEC §7 /saml/*); without it the /saml calls answer SAML_UNAVAILABLE. */
  saml?: SamlOptions;
  /** Proof-of-work difficulty of the sign-in captcha (activity 1120); tests make it tiny. */
  captcha?: CaptchaOptions;
  /** Basket e-mails per client address and hour (decision 0019); tests lower it. */
  basketMailLimit?: RateLimit;
  /** Where reCAPTCHA tokens are verified when the institution set its keys (decision 0017). */
  recaptcha?: RecaptchaOptions;
  /**
   * Proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client (TRUST_PROXY, decision
   * 0034); without them the client address is the connection's, whatever the headers say.
   */
  trustProxy?: string[];
  /** Opens /metrics to other hosts with this bearer token (decision 0036); loopback reads it without. */
  metricsToken?: string;
  /** Record URLs per sitemap page (50,000); tests make it small. */
  sitemapPageSize?: number;
  /** The OAI-PMH provider (decision 0064): repository id, items per page, token lifetime, admin e-mail. */
  oai?: { repositoryId?: string; pageSize?: number; tokenTtlSeconds?: number; adminEmail?: string };
  /** The SRU server (decision 0066): records a searchRetrieve sends when not asked, and at most. */
  sru?: { defaultRecords?: number; maximumRecords?: number };
}

/**
 * The token secret kept in the database, made on first start. Several processes may start at once on
 * a new database (decision 0073): the first one's secret is stored and every process reads that one
 * back, so a token signed by one process is good in all.
 */
export async function ensureTokenSecret(db: Db): Promise<string> {
  const stored = (await readSettings(db))['__token_secret'];
  if (typeof stored === 'string' && stored.length >= 32) return stored;
  await writeSettingIfAbsent(db, '__token_secret', randomBytes(32).toString('base64url'));
  return String((await readSettings(db))['__token_secret']);
}

/** Builds the HTTP app; modules are registered here explicitly, each in its own scope. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger:
      options.logLevel && options.logLevel !== 'silent'
        ? { level: options.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) }
        : false,
    trustProxy: options.trustProxy?.length ? options.trustProxy : false,
    frameworkErrors,
    genReqId,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // OAuth clients post the token request as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  registerRequestId(app);
  registerSecurityHeaders(app);
  // Brotli or gzip for answers of 1 KB or more (the API's JSON; the built assets come precompressed).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerLanguage(app);
  registerAuth(app);
  registerErrorHandler(app);
  await registerOpenApi(app);

  const secret = options.tokenSecret || (await ensureTokenSecret(options.db));
  const tokens = createTokenService({
    secret,
    ttlSeconds: options.publicTokenTtlSeconds ?? 3600,
    userTtlSeconds: options.userTokenTtlSeconds ?? 900,
    clock,
  });
  const guard = publicOrPrivate(tokens);
  // Patron-only calls (comment, suggestion): a user token whose session is still open.
  const userGuard = privateOnly(tokens, {
    isActive: (sessionId, patronId) => isSessionActive(options.db, sessionId, patronId),
  });
  const db = options.db;
  // Public reads: a visitor's GET reads from a replica, everything else from the primary (the
  // rule is in lib/db/read-replicas.ts); the hook tells the read handle which request it is in.
  const reads = options.reads && options.reads.db !== db ? options.reads : undefined;
  const readDb = reads?.db ?? db;
  if (reads) app.addHook('onRequest', (request, _reply, done) => reads.within(request, done));
  // The filter keys kept in memory follow the primary's version sequence, which a replica cannot
  // tell apart (catalogue-version.ts): with replicas, searches count in the database.
  const engine =
    options.searchEngine ?? createPostgresSearchEngine(readDb, reads ? { keysInMemory: 'off' } : {});
  registerMetrics(app, {
    db,
    engine,
    ...(reads ? { reads } : {}),
    ...(options.metricsToken ? { token: options.metricsToken } : {}),
  });
  const captcha = createCaptcha({
    db,
    clock,
    secret,
    captcha: options.captcha,
    recaptcha: options.recaptcha,
    log: app.log,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(identityRoutes, { db, tokens, clock, signIn: options.signIn, captcha });
      await api.register(captchaRoutes, { tokens, captcha });
      await api.register(samlRoutes, { db, tokens, clock, saml: options.saml });
      await api.register(recoveryRoutes, { db, tokens, clock, mailer: options.mailer, captcha });
      await api.register(oidcRoutes, { db, tokens, clock, oidc: options.oidc });
      await api.register(institutionRoutes, {
        db: readDb,
        guard,
        userGuard,
        clock,
        sendsMail: Boolean(options.mailer),
      });
      await api.register(searchRoutes, { db: readDb, engine, guard });
      await api.register(searchAidRoutes, { db: readDb, engine, guard });
      await api.register(lookupRoutes, { db: readDb, guard });
      await api.register(searchTabRoutes, { db: readDb, engine, guard, clock });
      await api.register(teachingPlanRoutes, { db, guard, userGuard, permissions: permissionSource(db) });
      await api.register(catalogueRoutes, { db: readDb, guard, userGuard, clock });
      await api.register(titleTabRoutes, { db: readDb, guard, userGuard, clock });
      await api.register(titleTotalsRoutes, { db, guard, clock, permissions: permissionSource(db) });
      await api.register(resultLineRoutes, { db: readDb, guard });
      await api.register(networkRoutes, { db: readDb, guard });
      await api.register(basketRoutes, {
        db,
        guard,
        clock,
        mailer: options.mailer,
        mailLimit: options.basketMailLimit,
      });
      await api.register(circulationPlugin, {
        db,
        clock,
        mailer: options.mailer,
        userGuard,
        unreadAlerts: (patronId) => countUnread(db, patronId),
      });
      await api.register(commentRoutes, { db, clock, guard, userGuard });
      await api.register(staffRoutes, { db, clock, userGuard });
      await api.register(commentModerationRoutes, { db, clock, userGuard, mailer: options.mailer });
      await api.register(staffRequestRoutes, { db, clock, userGuard, mailer: options.mailer });
      await api.register(acquisitionRoutes, { db, clock, userGuard, mailer: options.mailer });
      // Patrons and the audit log in the staff workspace (decision 0062).
      await api.register(staffPatronsPlugin, { db, clock, userGuard, mailer: options.mailer });
      await api.register(staffAuditRoutes, { db, userGuard, timeZone: () => circulationTimeZone(db) });
      // The catalogue part of the staff workspace (decision 0063).
      await api.register(catalogueImportRoutes, { db, clock, userGuard, mailer: options.mailer });
      await api.register(networkSourceRoutes, { db, userGuard });
      await api.register(institutionContentRoutes, { db, clock, userGuard });
      await api.register(databaseEditorRoutes, { db, clock, userGuard });
      await api.register(alertsPlugin, { db, clock, timeZone: () => circulationTimeZone(db), userGuard });
      await api.register(privacyPlugin, { db, clock, userGuard });
      await api.register(accountRoutes, { db, clock, userGuard, permissions: permissionSource(db) });
      await api.register(paperPostingRoutes, { db, clock, userGuard, permissions: permissionSource(db) });
      await api.register(listsPlugin, { db, clock, guard, userGuard });
      await api.register(databaseRoutes, { db, userGuard });
      await api.register(catalogueSheetRoutes, { db, clock, userGuard, permissions: permissionSource(db) });
      await api.register(acquisitionStatsRoutes, { db, userGuard, permissions: permissionSource(db) });
      // Bibliographic requests (decision 0048).
      await api.register(libraryRequestsPlugin, { db, clock, userGuard, permissions: permissionSource(db) });
      // The reference desk of the staff workspace: requests and catalogue sheets (decision 0060).
      await api.register(referenceRequestRoutes, { db, clock, userGuard, mailer: options.mailer });
      await api.register(staffCatalogueSheetRoutes, { db, clock, userGuard, mailer: options.mailer });
      await api.register(suggestionRoutes, {
        db,
        userGuard,
        permissions: permissionSource(db),
        timeZone: () => circulationTimeZone(db),
      });
      await api.register(interestProfilePlugin, {
        db,
        clock,
        timeZone: () => circulationTimeZone(db),
        userGuard,
      });
    },
    { prefix: API_PREFIX },
  );

  await app.register(sitemapRoutes, {
    db: readDb,
    ...(options.sitemapPageSize ? { pageSize: options.sitemapPageSize } : {}),
  });
  await app.register(oaiRoutes, {
    db: readDb,
    clock,
    secret,
    ...(options.oai?.repositoryId ? { repositoryId: options.oai.repositoryId } : {}),
    pageSize: options.oai?.pageSize ?? 100,
    tokenTtlSeconds: options.oai?.tokenTtlSeconds ?? 86_400,
    adminEmail: options.oai?.adminEmail ?? 'biblioteca@localhost',
    repositoryName: async () => {
      const name = (await readSettings(readDb))['nome'];
      return typeof name === 'string' && name !== '' ? name : 'Estante';
    },
  });
  await app.register(sruRoutes, {
    db: readDb,
    engine,
    defaultRecords: options.sru?.defaultRecords ?? 10,
    maximumRecords: options.sru?.maximumRecords ?? 50,
    databaseName: async () => {
      const name = (await readSettings(readDb))['nome'];
      return typeof name === 'string' && name !== '' ? name : 'Estante';
    },
  });
  const spa = Boolean(options.webDist && existsSync(options.webDist));
  if (spa) await registerWebApp(app, { root: options.webDist! });
  registerNotFound(app, {
    apiPrefix: API_PREFIX,
    spa,
    ...(spa
      ? {
          webDist: options.webDist!,
          pageHead: recordPageHead(readDb),
          // Issue 18: the configuration the app asks for first, written into its page.
          pageConfiguration: async (request) => {
            try {
              const { token, expiresIn } = await tokens.issuePublic(PORTAL_CLIENT_ID);
              return await readPageConfiguration(readDb, {
                language: serverLanguage(pageLanguage(request)),
                sendsMail: Boolean(options.mailer),
                token: { access_token: token, expires_in: expiresIn },
              });
            } catch (error) {
              // The page still loads; the app then asks for its configuration itself.
              request.log.warn({ err: error }, 'page configuration not written');
              return undefined;
            }
          },
        }
      : {}),
  });
  return app;
}
