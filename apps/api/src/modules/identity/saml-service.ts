import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SAML, ValidateInResponseTo, type CacheProvider, type SamlConfig } from '@node-saml/node-saml';
import { SAML_ERROR_CODE, SAML_RULE_KEYS, type SamlValidateResponse } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { IDENTITY_ERRORS } from './errors.ts';
import { findPatronIdsForSignOn } from './oidc-repository.ts';
import { safeRedirect } from './oidc-service.ts';
import { consumeSamlSignOn, findOpenSamlSignOn, insertSamlSignOn } from './saml-repository.ts';
import { sha256, signInPatron } from './sessions.ts';
import type { TokenService } from './tokens.ts';

/** The institution's SAML identity provider and this portal as its service provider (SAML_* settings). */
export interface SamlOptions {
  /** The provider's single sign-on address (HTTP-Redirect binding). */
  entryPoint: string;
  /** The provider's signing certificate(s), PEM or base64. */
  idpCert: string | string[];
  /** This portal's entity ID; answers must be addressed to it (audience). */
  issuer: string;
  /** The provider's entity ID; when set, answers from another issuer are refused. */
  idpIssuer?: string | undefined;
  /** Where the provider posts its answer; default: this server's /api/saml/retorno. */
  callbackUrl?: string | undefined;
  /** The attribute naming the patron (default: the NameID), matched against logins, aliases, e-mails. */
  loginAttribute?: string | undefined;
  /** How long a sign-on may take, in seconds (default 600). */
  signOnTtlSeconds?: number | undefined;
  /** Lifetime of the refresh token issued (default 30 days, as the password grant's). */
  refreshTokenTtlSeconds?: number | undefined;
}

/** SAML_IDP_CERT: PEM text or its base64 body as given; anything else is the path of a PEM file. */
export function readCertificate(value: string): string {
  const text = value.trim();
  if (text.startsWith('-----BEGIN') || (text.length > 100 && /^[A-Za-z0-9+/=\s]+$/.test(text))) return text;
  return readFileSync(text, 'utf8');
}

const rule = (code: string, key: string) => new AppError(422, code, null, key);

/** Refusals of SAML single sign-on (SPEC §8: 422 with the server message). */
export const SAML_ERRORS = {
  unavailable: () => rule(SAML_ERROR_CODE.SAML_UNAVAILABLE, SAML_RULE_KEYS.unavailable),
  invalid: () => rule(SAML_ERROR_CODE.SAML_INVALID, SAML_RULE_KEYS.invalid),
  userNotFound: () => rule(SAML_ERROR_CODE.SAML_USER_NOT_FOUND, SAML_RULE_KEYS.userNotFound),
};

/** The InResponseTo of a SAML response (base64 XML); null when absent. */
function inResponseTo(samlResponse: string): string | null {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const match = /<(?:\w+:)?Response\b[^>]*\sInResponseTo="([^"]+)"/.exec(xml);
  return match?.[1] ?? null;
}

/**
 * SAML single sign-on (SPEC §7 /saml/login, /saml/validar) with @node-saml/node-saml: the portal
 * sends an AuthnRequest (HTTP-Redirect), the provider posts a signed answer back, and the answer
 * is checked (signature, audience, validity window, issuer, InResponseTo of a request of ours)
 * and accepted once.
 */
export function createSamlService(options: {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  saml?: SamlOptions | undefined;
}) {
  const { db, tokens, clock, saml } = options;
  const ttlSeconds = saml?.signOnTtlSeconds ?? 600;

  /** A node-saml instance; its request-ID cache is our saml_sign_on table. */
  function client(callbackUrl: string, extra: Partial<SamlConfig> = {}): SAML {
    if (!saml) throw SAML_ERRORS.unavailable();
    const cacheProvider: CacheProvider = {
      saveAsync: async () => null,
      // A request of ours, not used and not expired.
      getAsync: async (key) => {
        const row = await findOpenSamlSignOn(db, key, clock.now());
        return row ? row.created_at.toISOString() : null;
      },
      // Used up by consumeSamlSignOn after the whole answer is checked, atomically.
      removeAsync: async (key) => key,
    };
    return new SAML({
      entryPoint: saml.entryPoint,
      idpCert: saml.idpCert,
      issuer: saml.issuer,
      audience: saml.issuer,
      callbackUrl: saml.callbackUrl ?? callbackUrl,
      ...(saml.idpIssuer ? { idpIssuer: saml.idpIssuer } : {}),
      wantAssertionsSigned: true,
      // Providers sign the assertion, the response or both; the assertion signature is required.
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: ttlSeconds * 1000,
      acceptedClockSkewMs: 5000,
      cacheProvider,
      ...extra,
    });
  }

  return {
    isConfigured: () => Boolean(saml),

    /**
     * GET /saml/login: records a new AuthnRequest; answers the provider link to open and the value
     * of the cookie binding the sign-on to this browser.
     */
    async login(input: {
      redirect?: string | undefined;
      callbackUrl: string;
    }): Promise<{ link: string; browser: string; ttlSeconds: number }> {
      const requestId = `_${randomBytes(20).toString('hex')}`;
      const browser = randomBytes(32).toString('base64url');
      const now = clock.now();
      await insertSamlSignOn(db, {
        requestId,
        browserHash: sha256(browser),
        redirect: safeRedirect(input.redirect),
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
      });
      const link = await client(input.callbackUrl, {
        generateUniqueId: () => requestId,
      }).getAuthorizeUrlAsync('', undefined, {});
      return { link, browser, ttlSeconds };
    },

    /** POST /saml/validar: checks the provider's answer and trades it, once, for a token pair. */
    async validate(
      samlResponse: string,
      context: {
        clientId: string;
        address: string;
        callbackUrl: string;
        /** The cookie set by /saml/login in this browser. */
        browser: string | undefined;
        log: (error: unknown) => void;
      },
    ): Promise<SamlValidateResponse> {
      if (!saml) throw SAML_ERRORS.unavailable();
      let profile;
      try {
        ({ profile } = await client(context.callbackUrl).validatePostResponseAsync({
          SAMLResponse: samlResponse,
        }));
      } catch (error) {
        context.log(error);
        throw SAML_ERRORS.invalid();
      }
      const requestId = inResponseTo(samlResponse);
      if (!profile || !requestId) throw SAML_ERRORS.invalid();
      // Accepted once, in the browser that asked: a replayed answer finds its request used, and an
      // answer posted from another browser (login CSRF) does not match its cookie.
      const signOn = await consumeSamlSignOn(db, requestId, sha256(context.browser ?? ''), clock.now());
      if (!signOn) throw SAML_ERRORS.invalid();
      const raw = saml.loginAttribute ? profile[saml.loginAttribute] : profile.nameID;
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (typeof value !== 'string' || !value.trim()) throw SAML_ERRORS.userNotFound();
      const ids = await findPatronIdsForSignOn(db, value.trim());
      if (ids.length === 0) throw SAML_ERRORS.userNotFound();
      if (ids.length > 1) throw IDENTITY_ERRORS.choiceRequired();
      const pair = await signInPatron(
        { db, tokens, clock },
        {
          patronId: ids[0]!,
          clientId: context.clientId,
          address: context.address,
          refreshTokenTtlSeconds: saml.refreshTokenTtlSeconds,
        },
      );
      return { ...pair, redirect: signOn.redirect };
    },
  };
}
