import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import {
  IDENTITY_RULE_KEYS,
  LOGIN_ERROR_CODE,
  RECOVERY_ERROR_CODE,
  RECOVERY_RULE_KEYS,
  type OidcValidateResponse,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  consumeSignOn,
  findOpenSignOnByState,
  findPatronIdsForSignOn,
  insertSignOn,
  recordReturn,
} from './oidc-repository.ts';
import { sha256, signInPatron } from './sessions.ts';
import type { TokenService } from './tokens.ts';

/** The institution's OpenID provider and this portal's client there (OIDC_* settings). */
export interface OidcOptions {
  /** Issuer URL; its /.well-known/openid-configuration is read on first use. */
  issuer: string;
  clientId: string;
  /** Absent for a public client (PKCE only). */
  clientSecret?: string | undefined;
  /** The return address registered at the provider; default: this server's /api/oidc/retorno. */
  redirectUri?: string | undefined;
  /** Default 'openid email profile'. */
  scope?: string | undefined;
  /** The claim naming the patron: matched against logins and aliases, then e-mails. Default 'email'. */
  loginClaim?: string | undefined;
  /** How long a sign-on may take, in seconds (default 600). */
  signOnTtlSeconds?: number | undefined;
  /** Lifetime of the refresh token issued (default 30 days, as the password grant's). */
  refreshTokenTtlSeconds?: number | undefined;
}

const rule = (code: string, key: string) => new AppError(422, code, null, key);

/** Refusals of single sign-on (SPEC §8: 422 with the server message). */
export const OIDC_ERRORS = {
  unavailable: () => rule(RECOVERY_ERROR_CODE.OIDC_UNAVAILABLE, RECOVERY_RULE_KEYS.oidcUnavailable),
  invalidNonce: () => rule(RECOVERY_ERROR_CODE.OIDC_INVALID_NONCE, RECOVERY_RULE_KEYS.oidcInvalidNonce),
  failed: () => rule(RECOVERY_ERROR_CODE.OIDC_FAILED, RECOVERY_RULE_KEYS.oidcFailed),
  userNotFound: () => rule(RECOVERY_ERROR_CODE.OIDC_USER_NOT_FOUND, RECOVERY_RULE_KEYS.oidcUserNotFound),
};

/** The failure recorded at the provider's return → the refusal /oidc/validar answers. */
function refusalOf(errorCode: string): AppError {
  switch (errorCode) {
    case RECOVERY_ERROR_CODE.OIDC_USER_NOT_FOUND:
      return OIDC_ERRORS.userNotFound();
    case LOGIN_ERROR_CODE.LOGIN_CHOICE_REQUIRED:
      return rule(LOGIN_ERROR_CODE.LOGIN_CHOICE_REQUIRED, IDENTITY_RULE_KEYS.choiceRequired);
    default:
      return OIDC_ERRORS.failed();
  }
}

/** SPEC §2 redirect: an application path only (one leading slash), so the return cannot leave the site. */
export function safeRedirect(redirect: string | undefined): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\'))
    return null;
  return redirect;
}

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** Name of the cookie binding a sign-on to the browser that started it. */
export const OIDC_BROWSER_COOKIE = 'estante_oidc';

/**
 * OIDC single sign-on (SPEC §7 /oidc/authorize, /oidc/validar) with openid-client: the
 * authorization-code flow with PKCE, state and nonce; the provider returns to this server, which
 * records the patron; the web's return screen then trades its handle for a token pair.
 */
export function createOidcService(options: {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  oidc?: OidcOptions | undefined;
}) {
  const { db, tokens, clock, oidc } = options;
  let configuration: Promise<client.Configuration> | null = null;

  /** The provider's configuration, discovered once (again after a failure). */
  function provider(): Promise<client.Configuration> {
    if (!oidc) throw OIDC_ERRORS.unavailable();
    if (!configuration) {
      const issuer = new URL(oidc.issuer);
      const auth = oidc.clientSecret ? client.ClientSecretPost(oidc.clientSecret) : client.None();
      configuration = client
        .discovery(issuer, oidc.clientId, undefined, auth, {
          // A provider on the same machine (development, tests) may speak plain HTTP.
          ...(issuer.protocol === 'http:' && isLoopback(issuer)
            ? { execute: [client.allowInsecureRequests] }
            : {}),
        })
        .catch((error: unknown) => {
          configuration = null;
          throw error;
        });
    }
    return configuration;
  }

  return {
    isConfigured: () => Boolean(oidc),

    /** GET /oidc/authorize: a new sign-on; answers its handle, the provider link and the browser cookie value. */
    async authorize(input: {
      login?: string | undefined;
      redirect?: string | undefined;
      redirectUri: string;
    }) {
      const config = await provider();
      const handle = randomBytes(32).toString('base64url');
      const browser = randomBytes(32).toString('base64url');
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const now = clock.now();
      await insertSignOn(db, {
        handleHash: sha256(handle),
        browserHash: sha256(browser),
        state,
        nonce,
        codeVerifier,
        redirect: safeRedirect(input.redirect),
        createdAt: now,
        expiresAt: new Date(now.getTime() + (oidc?.signOnTtlSeconds ?? 600) * 1000),
      });
      const link = client.buildAuthorizationUrl(config, {
        redirect_uri: oidc?.redirectUri ?? input.redirectUri,
        scope: oidc?.scope ?? 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(input.login ? { login_hint: input.login } : {}),
      });
      return { handle, link: link.href, browser, ttlSeconds: oidc?.signOnTtlSeconds ?? 600 };
    },

    /**
     * GET /oidc/retorno: the provider's return. Exchanges the code, finds the patron and records
     * the outcome for /oidc/validar; a return in another browser than the one that started is refused.
     */
    async handleReturn(input: {
      query: Record<string, string>;
      browser: string | undefined;
      redirectUri: string;
      log: (message: string, error?: unknown) => void;
    }): Promise<void> {
      const state = input.query['state'];
      if (!state || !oidc) return;
      const now = clock.now();
      const signOn = await findOpenSignOnByState(db, state, now);
      if (!signOn) return;
      const fail = (errorCode: string) => recordReturn(db, signOn.handle_hash, { errorCode }, clock.now());
      if (!input.browser || sha256(input.browser) !== signOn.browser_hash) {
        input.log('OIDC return in a browser that did not start the sign-on');
        return fail(RECOVERY_ERROR_CODE.OIDC_FAILED);
      }
      if (input.query['error']) {
        input.log(`OIDC provider refused: ${input.query['error']} ${input.query['error_description'] ?? ''}`);
        return fail(RECOVERY_ERROR_CODE.OIDC_FAILED);
      }
      let value: unknown;
      try {
        const config = await provider();
        const current = new URL(oidc.redirectUri ?? input.redirectUri);
        current.search = new URLSearchParams(input.query).toString();
        const grant = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: signOn.code_verifier,
          expectedState: signOn.state,
          expectedNonce: signOn.oidc_nonce,
          idTokenExpected: true,
        });
        const claims = grant.claims();
        const claimName = oidc.loginClaim ?? 'email';
        let found: Record<string, unknown> | undefined = claims;
        if (claims && claims[claimName] === undefined) {
          found = await client.fetchUserInfo(config, grant.access_token, claims.sub);
        }
        // An e-mail the provider says it has not verified does not name anyone.
        if (claimName === 'email' && found?.['email_verified'] === false) value = undefined;
        else value = found?.[claimName];
      } catch (error) {
        input.log('OIDC code exchange failed', error);
        return fail(RECOVERY_ERROR_CODE.OIDC_FAILED);
      }
      if (typeof value !== 'string' || value.trim() === '')
        return fail(RECOVERY_ERROR_CODE.OIDC_USER_NOT_FOUND);
      const ids = await findPatronIdsForSignOn(db, value.trim());
      if (ids.length === 0) return fail(RECOVERY_ERROR_CODE.OIDC_USER_NOT_FOUND);
      if (ids.length > 1) return fail(LOGIN_ERROR_CODE.LOGIN_CHOICE_REQUIRED);
      await recordReturn(db, signOn.handle_hash, { patronId: ids[0]! }, clock.now());
    },

    /** POST /oidc/validar: trades the handle of a returned sign-on for a token pair, once. */
    async validate(
      handle: string,
      context: { clientId: string; address: string },
    ): Promise<OidcValidateResponse> {
      if (!oidc) throw OIDC_ERRORS.unavailable();
      const outcome = await consumeSignOn(db, sha256(handle), clock.now());
      if (!outcome) throw OIDC_ERRORS.invalidNonce();
      if (outcome.error_code || outcome.patron_id === null) throw refusalOf(outcome.error_code ?? '');
      const pair = await signInPatron(
        { db, tokens, clock },
        {
          patronId: outcome.patron_id,
          clientId: context.clientId,
          address: context.address,
          refreshTokenTtlSeconds: oidc.refreshTokenTtlSeconds,
        },
      );
      return { ...pair, redirect: outcome.redirect };
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
