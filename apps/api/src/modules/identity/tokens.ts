import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../../lib/clock.ts';

/** What a verified access token says about its bearer. */
export interface Identity {
  kind: 'public' | 'user';
  clientId: string;
  subject: string;
}

/** Issues and verifies short-lived signed access tokens (JWT, HS256). */
export interface TokenService {
  issuePublic(clientId: string): Promise<{ token: string; expiresIn: number }>;
  verify(token: string): Promise<Identity | null>;
}

/** Token service over a secret of at least 32 bytes. */
export function createTokenService(options: {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}): TokenService {
  const key = new TextEncoder().encode(options.secret);
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
        .sign(key);
      return { token, expiresIn: options.ttlSeconds };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: 'estante',
          algorithms: ['HS256'],
          currentDate: options.clock.now(),
        });
        const scope = payload['scope'];
        return {
          kind: scope === 'public' ? 'public' : 'user',
          clientId: String(payload['client_id'] ?? ''),
          subject: payload.sub ?? '',
        };
      } catch {
        return null;
      }
    },
  };
}
