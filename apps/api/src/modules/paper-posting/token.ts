import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { PAPER_POSTING_TOKEN } from '@estante/contract';

/** The patron the hand-off token names. */
export interface PaperPostingPatron {
  login: string;
  name: string;
  email: string | null;
  category: string;
}

/** Issuer of the hand-off tokens: the catalogue, named by the institution's acronym. */
export function issuerOf(acronym: string): string {
  return `estante:${acronym}`;
}

/**
 * The signed hand-off token (decision 0053): a JWS, HS256 with the key shared with the repository,
 * good for PAPER_POSTING_TOKEN.ttlSeconds. Claims: iss (estante:<acronym>), aud
 * (estante:postagem-trabalho), sub (the patron's login), name, email, category (patron category
 * code), iat, exp, and jti (unique, so the repository can refuse a second use).
 */
export async function signPaperPostingToken(options: {
  key: string;
  issuer: string;
  patron: PaperPostingPatron;
  now: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const expiresAt = issuedAt + PAPER_POSTING_TOKEN.ttlSeconds;
  const token = await new SignJWT({
    name: options.patron.name,
    email: options.patron.email,
    category: options.patron.category,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(options.issuer)
    .setAudience(PAPER_POSTING_TOKEN.audience)
    .setSubject(options.patron.login)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(options.key));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/**
 * What the repository does with the token, as a reference (and for the tests): verify the HS256
 * signature with the shared key, the audience, the issuer and the expiry; then the patron is `sub`.
 */
export async function verifyPaperPostingToken(
  token: string,
  options: { key: string; issuer: string; now: Date },
): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, new TextEncoder().encode(options.key), {
    algorithms: ['HS256'],
    audience: PAPER_POSTING_TOKEN.audience,
    issuer: options.issuer,
    currentDate: options.now,
    requiredClaims: ['sub', 'exp', 'iat', 'jti'],
  });
  return payload;
}
