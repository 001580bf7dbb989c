import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenResponse } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { IDENTITY_ERRORS } from './errors.ts';
import { findPatron, insertRefreshToken, insertSession, recordEvent } from './repository.ts';
import type { TokenService } from './tokens.ts';

/** Refresh tokens, sign-on handles and recovery codes are kept only as this digest. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Default lifetime of a refresh token (each use issues a new one). */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Opens a session for a patron and answers the token pair: a short-lived access token and
 * an opaque refresh token stored hashed. Every way of signing in (password, OIDC) ends here.
 */
export async function openSession(
  deps: { db: Db; tokens: TokenService; clock: Clock },
  input: { patronId: number; clientId: string; refreshTokenTtlSeconds: number },
): Promise<TokenResponse> {
  const { db, tokens, clock } = deps;
  const sessionId = randomUUID();
  const refresh = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.transaction(async (tx) => {
    await insertSession(tx, { id: sessionId, patronId: input.patronId, clientId: input.clientId, at: now });
    await insertRefreshToken(tx, {
      hash: sha256(refresh),
      sessionId,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + input.refreshTokenTtlSeconds * 1000),
    });
  });
  const access = await tokens.issueUser({ clientId: input.clientId, patronId: input.patronId, sessionId });
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    refresh_token: refresh,
    scope: 'user',
  };
}

/**
 * Signs in the patron an institutional sign-on (OIDC, SAML) has named: refused as blocked like the
 * password and refresh grants, then a session is opened and the sign-in is recorded.
 */
export async function signInPatron(
  deps: { db: Db; tokens: TokenService; clock: Clock },
  input: { patronId: number; clientId: string; address: string; refreshTokenTtlSeconds: number | undefined },
): Promise<TokenResponse> {
  const { db, clock } = deps;
  const patron = await findPatron(db, input.patronId);
  if (!patron) throw ERRORS.notFound();
  // A blocked password signs nobody in, whichever way the patron comes.
  if (patron.is_blocked) throw IDENTITY_ERRORS.accessBlocked();
  const pair = await openSession(deps, {
    patronId: patron.id,
    clientId: input.clientId,
    refreshTokenTtlSeconds: input.refreshTokenTtlSeconds ?? REFRESH_TOKEN_TTL_SECONDS,
  });
  await recordEvent(db, {
    at: clock.now(),
    event: 'sign_in',
    username: patron.login,
    patronId: patron.id,
    address: input.address,
  });
  return pair;
}
