import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenResponse } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { insertRefreshToken, insertSession } from './repository.ts';
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
