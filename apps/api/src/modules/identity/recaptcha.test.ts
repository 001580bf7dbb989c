import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  ACTIVITY,
  CAPTCHA_PATHS,
  CaptchaChallengeSchema,
  CaptchaConfigurationSchema,
  RECOVERY_PATHS,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { setActivity, writeSetting } from '../institution/repository.ts';
import { RECAPTCHA_SETTINGS } from './captcha.ts';
import { bearer, enrolTwoFactor, testClock } from './testing.ts';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const SITE_KEY = '6LcTestSiteKey-public-AAAAAAAAAAAAAAAAAAAA';
const SECRET_KEY = '6LcTestSecretKey-never-served-BBBBBBBBBBBB';
// A tiny proof of work for the ALTCHA cases.
const EASY = { cost: 1, counterMin: 1, counterMax: 50, ttlSeconds: 600 };

/** One form-encoded POST the stand-in siteverify received. */
interface SiteverifyRequest {
  method: string | undefined;
  path: string | undefined;
  contentType: string | undefined;
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

/**
 * A real HTTP server on 127.0.0.1 speaking the siteverify protocol: form-encoded POST of
 * (secret, response, remoteip), JSON answer {success, error-codes}. Tokens starting with "good-"
 * pass once (Google's tokens are single-use too); `hang` makes it never answer.
 */
async function startSiteverify() {
  const requests: SiteverifyRequest[] = [];
  const used = new Set<string>();
  const state = { hang: false };
  const server: Server = createServer((request, reply) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push({
        method: request.method,
        path: request.url,
        contentType: request.headers['content-type'],
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
      });
      if (state.hang) return;
      const token = form.get('response') ?? '';
      let answer: Record<string, unknown>;
      if (request.method !== 'POST' || form.get('secret') !== SECRET_KEY) {
        answer = { success: false, 'error-codes': ['invalid-input-secret'] };
      } else if (!token.startsWith('good-')) {
        answer = { success: false, 'error-codes': ['invalid-input-response'] };
      } else if (used.has(token)) {
        answer = { success: false, 'error-codes': ['timeout-or-duplicate'] };
      } else {
        used.add(token);
        answer = { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' };
      }
      reply.writeHead(200, { 'content-type': 'application/json' });
      reply.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    state,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('reCAPTCHA, accepted only when the institution configures its keys (decision 0017)', () => {
  let ctx: Ctx;
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  let publicBearer: { authorization: string };
  const clock = testClock(new Date());

  beforeEach(async () => {
    siteverify = await startSiteverify();
    ctx = await buildTestApp({
      captcha: EASY,
      clock,
      recaptcha: { verifyUrl: siteverify.url, timeoutMs: 500 },
    });
    publicBearer = bearer(await publicToken(ctx.app));
    await setActivity(ctx.db, ACTIVITY.LOGIN_CAPTCHA, true);
  });
  afterEach(async () => {
    await ctx.close();
    await siteverify.close();
  });

  const setKeys = async () => {
    await writeSetting(ctx.db, RECAPTCHA_SETTINGS.siteKey, SITE_KEY);
    await writeSetting(ctx.db, RECAPTCHA_SETTINGS.secretKey, SECRET_KEY);
  };

  const grant = (recaptchaToken?: string, password = 'estante-ana', totp?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      remoteAddress: '198.51.100.7',
      payload: {
        grant_type: 'password',
        client_id: '4',
        username: 'ana',
        password,
        ...(recaptchaToken === undefined ? {} : { recaptcha_token: recaptchaToken }),
        ...(totp ? { totp } : {}),
      },
    });

  const configuration = async () => {
    const response = await ctx.app.inject({
      url: `/api${CAPTCHA_PATHS.configuration}`,
      headers: publicBearer,
    });
    expect(response.statusCode).toBe(200);
    return CaptchaConfigurationSchema.parse(response.json());
  };

  const getChallenge = () => ctx.app.inject({ url: `/api${CAPTCHA_PATHS.challenge}`, headers: publicBearer });

  describe('without the keys', () => {
    it('keeps ALTCHA: its challenge signs in, a reCAPTCHA token does not, siteverify is never asked', async () => {
      expect(await configuration()).toEqual({ provedor: 'altcha', recaptcha_site_key: null });
      const challenge = CaptchaChallengeSchema.parse((await getChallenge()).json());
      const solution = await solveChallenge({ challenge, deriveKey });
      const solved = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      expect((await grant(solved)).statusCode).toBe(200);
      expect((await grant('good-1')).json()).toMatchObject({
        code: 'CAPTCHA_INVALID',
        message: 'identityRules.captchaInvalid',
      });
      expect(siteverify.requests).toHaveLength(0);
    });

    it('keeps ALTCHA when only one of the two keys is set', async () => {
      await writeSetting(ctx.db, RECAPTCHA_SETTINGS.siteKey, SITE_KEY);
      expect((await configuration()).provedor).toBe('altcha');
      await writeSetting(ctx.db, RECAPTCHA_SETTINGS.siteKey, '');
      await writeSetting(ctx.db, RECAPTCHA_SETTINGS.secretKey, SECRET_KEY);
      expect((await configuration()).provedor).toBe('altcha');
      expect((await getChallenge()).statusCode).toBe(200);
    });
  });

  describe('with both keys set', () => {
    beforeEach(setKeys);

    it('says reCAPTCHA with the site key, and offers no ALTCHA challenge', async () => {
      expect(await configuration()).toEqual({ provedor: 'recaptcha', recaptcha_site_key: SITE_KEY });
      expect((await getChallenge()).statusCode).toBe(404);
    });

    it('signs in with a token siteverify accepts, posting secret, response and remoteip as a form', async () => {
      const response = await grant('good-1');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('refresh_token');
      expect(siteverify.requests).toEqual([
        {
          method: 'POST',
          path: '/recaptcha/api/siteverify',
          contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/) as unknown,
          secret: SECRET_KEY,
          response: 'good-1',
          remoteip: '198.51.100.7',
        },
      ]);
    });

    it('refuses a token siteverify refuses, before looking at the password', async () => {
      for (const password of ['estante-ana', 'wrong']) {
        const response = await grant('forged-token', password);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({
          code: 'CAPTCHA_INVALID',
          message: 'identityRules.captchaInvalid',
        });
      }
      expect((await grant()).json()).toMatchObject({
        code: 'CAPTCHA_REQUIRED',
        message: 'identityRules.captchaRequired',
      });
      // An ALTCHA payload is no reCAPTCHA token either.
      expect((await grant(Buffer.from('{"challenge":{}}').toString('base64'))).statusCode).toBe(422);
      // Nothing oversized is passed on to siteverify.
      const asked = siteverify.requests.length;
      expect((await grant(`good-${'x'.repeat(9000)}`)).json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
      expect(siteverify.requests).toHaveLength(asked);
    });

    it('refuses a token used a second time without asking siteverify again', async () => {
      expect((await grant('good-2')).statusCode).toBe(200);
      expect((await grant('good-2')).json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
      expect(siteverify.requests).toHaveLength(1);
    });

    it('refuses the sign-in when siteverify is down', async () => {
      await siteverify.close();
      const response = await grant('good-3');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'CAPTCHA_INVALID',
        message: 'identityRules.captchaInvalid',
      });
    });

    it('refuses the sign-in when siteverify does not answer in time', async () => {
      siteverify.state.hang = true;
      const started = Date.now();
      const response = await grant('good-4');
      expect(response.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
      expect(siteverify.requests).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('never serves the secret key: configuration, every public GET in the API document, sign-in answers', async () => {
      const bodies: string[] = [];
      const document = await ctx.app.inject({ url: '/api/docs/json' });
      bodies.push(document.body);
      const paths = Object.entries(
        (document.json() as { paths: Record<string, Record<string, unknown>> }).paths,
      ).filter(([path, methods]) => 'get' in methods && !path.includes('{'));
      expect(paths.map(([path]) => path)).toEqual(
        expect.arrayContaining([
          `/api${CAPTCHA_PATHS.configuration}`,
          '/api/parametros/instituicao',
          '/api/parametros/funcionalidades',
        ]),
      );
      for (const [path] of paths) {
        for (const headers of [{}, publicBearer]) {
          bodies.push((await ctx.app.inject({ url: path, headers })).body);
        }
      }
      const signedIn = await grant('good-5');
      bodies.push(signedIn.body, (await grant('bad-token')).body, (await grant()).body);
      const session = await ctx.app.inject({
        url: '/api/pessoas',
        headers: bearer((signedIn.json() as { access_token: string }).access_token),
      });
      bodies.push(session.body);
      expect(bodies.length).toBeGreaterThan(20);
      for (const body of bodies) expect(body).not.toContain(SECRET_KEY);
      expect(bodies.some((body) => body.includes(SITE_KEY))).toBe(true);
    });

    it('lets the token of a right password go with the two-step code, once', async () => {
      await writeSetting(ctx.db, 'dois_fatores', true);
      const { access_token } = (await grant('good-6')).json() as { access_token: string };
      const code = await enrolTwoFactor(ctx.app, access_token, clock);
      clock.advance(30);
      expect((await grant('good-7')).json()).toMatchObject({ code: 'TOTP_REQUIRED' });
      expect((await grant('good-7', 'estante-ana', code())).statusCode).toBe(200);
      expect((await grant('good-7', 'estante-ana', code())).json()).toMatchObject({
        code: 'CAPTCHA_INVALID',
      });
      // siteverify was asked once for that token: the second use was ours to allow.
      expect(siteverify.requests.filter((request) => request.response === 'good-7')).toHaveLength(1);
    });

    it('asks for the token before sending a password recovery code', async () => {
      const url = `/api${RECOVERY_PATHS.recovery('ana')}`;
      const refused = await ctx.app.inject({
        url: `${url}?${new URLSearchParams({ recaptcha_token: 'forged' })}`,
        headers: publicBearer,
      });
      expect(refused.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
      const accepted = await ctx.app.inject({
        url: `${url}?${new URLSearchParams({ recaptcha_token: 'good-8' })}`,
        headers: publicBearer,
      });
      // Past the captcha: this test app has no mailer, so recovery itself is not offered.
      expect(accepted.json()).toMatchObject({ code: 'RECOVERY_UNAVAILABLE' });
    });

    it('asks for nothing while activity 1120 is off', async () => {
      await setActivity(ctx.db, ACTIVITY.LOGIN_CAPTCHA, false);
      expect((await grant()).statusCode).toBe(200);
      expect(siteverify.requests).toHaveLength(0);
    });
  });
});
