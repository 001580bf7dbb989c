import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { base32Decode, hotp, totpStep } from './totp.ts';

/** A clock the test moves by hand. */
export function testClock(
  start = new Date('2026-03-02T12:00:00Z'),
): Clock & { advance(seconds: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(seconds) {
      now += seconds * 1000;
    },
  };
}

/** A password grant as the portal posts it; remoteAddress stands for the client address. */
export function passwordGrant(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = '198.51.100.7',
) {
  return app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    remoteAddress,
    payload: { grant_type: 'password', client_id: '4', username, password },
  });
}

/** A refresh grant. */
export function refreshGrant(app: FastifyInstance, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    payload: { grant_type: 'refresh_token', client_id: '4', refresh_token: refreshToken },
  });
}

/** Signs in and answers the token pair; fails the test when sign-in fails. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await passwordGrant(app, username, password);
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${username}: ${response.statusCode} ${response.body}`);
  return response.json() as { access_token: string; refresh_token: string };
}

/** Authorization header of a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Turns two-step verification on for the patron of `accessToken` (enrol, then confirm with a code
 * from the secret) and answers the app's current code. The institution must offer it
 * (`dois_fatores`); fails the test when the confirmation is refused.
 */
export async function enrolTwoFactor(
  app: FastifyInstance,
  accessToken: string,
  clock: Clock,
): Promise<() => string> {
  const url = '/api/pessoas/meu-pergamum/dois-fatores';
  const enrolment = (await app.inject({ method: 'POST', url, headers: bearer(accessToken) })).json() as {
    secret: string;
  };
  const secret = base32Decode(enrolment.secret);
  const code = () => hotp(secret, totpStep(clock.now()));
  const confirm = await app.inject({
    method: 'PUT',
    url,
    headers: bearer(accessToken),
    payload: { codigo: code() },
  });
  if (confirm.statusCode !== 200)
    throw new Error(`two-step confirmation: ${confirm.statusCode} ${confirm.body}`);
  return code;
}
