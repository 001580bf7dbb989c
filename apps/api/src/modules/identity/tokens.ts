import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../../lib/clock.ts';

/** What a verified access token says about its bearer. */
export interface Identity {
  kind: 'public' | 'user';
  clientId: string;
  /** 'public' for visitors; the patron id (cod_pessoa) as text for users. */
  subject: string;
  /** The sign-in session (refresh-token family) of a user token; absent on public tokens. */
  sessionId?: string;
}

/** A verified user identity: the patron and the session its token belongs to. */
export interface UserIdentity extends Identity {
  kind: 'user';
  sessionId: string;
  patronId: number;
}

/** Issues and verifies short-lived signed access tokens (JWT, HS256). */
export interface TokenService {
  issuePublic(clientId: string): Promise<{ token: string; expiresIn: number }>;
  /** A user access token for a patron within a sign-in session. */
  issueUser(options: {
    clientId: string;
    patronId: number;
    sessionId: string;
  }): Promise<{ token: string; expiresIn: number }>;
  /** The identity of a token signed by this service and not expired, else null. */
  verify(token: string): Promise<Identity | null>;
}

/** The user identity of a verified identity, or null for public tokens and malformed user tokens. */
export function asUser(identity: Identity | null): UserIdentity | null {
  if (!identity || identity.kind !== 'user' || !identity.sessionId) return null;
  const patronId = Number(identity.subject);
  if (!Number.isInteger(patronId) || patronId <= 0) return null;
  return { ...identity, kind: 'user', sessionId: identity.sessionId, patronId };
}

/** Token service over a secret of at least 32 bytes. */
export function createTokenService(options: {
  secret: string;
  ttlSeconds: number;
  /** Lifetime of user access tokens; short, since the refresh grant renews them. */
  userTtlSeconds?: number;
  clock: Clock;
}): TokenService {
  // Imported once: given the raw bytes, jose imports a key on every signature and check (~0.1 ms
  // on each API request).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(options.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const userTtl = options.userTtlSeconds ?? 900;
  const nowSeconds = () => Math.floor(options.clock.now().getTime() / 1000);
  return {
    async issuePublic(clientId) {
      const iat = nowSeconds();
      const token = await new SignJWT({ scope: 'public', client_id: clientId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('public')
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.ttlSeconds)
        .setIssuer('estante')
        .sign(await key);
      return { token, expiresIn: options.ttlSeconds };
    },
    async issueUser({ clientId, patronId, sessionId }) {
      const iat = nowSeconds();
      const token = await new SignJWT({ scope: 'user', client_id: clientId, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(patronId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + userTtl)
        .setIssuer('estante')
        .sign(await key);
      return { token, expiresIn: userTtl };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: 'estante',
          algorithms: ['HS256'],
          currentDate: options.clock.now(),
        });
        const scope = payload['scope'];
        const sid = payload['sid'];
        return {
          kind: scope === 'public' ? 'public' : 'user',
          clientId: String(payload['client_id'] ?? ''),
          subject: payload.sub ?? '',
          ...(typeof sid === 'string' ? { sessionId: sid } : {}),
        };
      } catch {
        return null;
      }
    },
  };
}
