import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  ACTIVITY,
  CAPTCHA_PATHS,
  CaptchaChallengeSchema,
  RECOVERY_PATHS,
  type CaptchaChallenge,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { setActivity, writeSetting } from '../institution/repository.ts';
import { enrolTwoFactor, testClock } from './testing.ts';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

// A tiny proof of work: the test solves it in a few milliseconds with altcha-lib's own solver.
const EASY = { cost: 1, counterMin: 1, counterMax: 50, ttlSeconds: 600 };

describe('sign-in captcha (ALTCHA, activity 1120)', () => {
  let ctx: Ctx;
  let token: string;
  const clock = testClock(new Date());

  beforeEach(async () => {
    ctx = await buildTestApp({ captcha: EASY, clock });
    token = await publicToken(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const getChallenge = () =>
    ctx.app.inject({ url: `/api${CAPTCHA_PATHS.challenge}`, headers: { authorization: `Bearer ${token}` } });

  /** Fetches a challenge and solves it as the widget does; answers the widget's payload. */
  async function solvedToken(): Promise<string> {
    const response = await getChallenge();
    expect(response.statusCode).toBe(200);
    const challenge: CaptchaChallenge = CaptchaChallengeSchema.parse(response.json());
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('the challenge was not solved');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  const grant = (recaptchaToken?: string, password = 'estante-ana', totp?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: {
        grant_type: 'password',
        client_id: '4',
        username: 'ana',
        password,
        ...(recaptchaToken === undefined ? {} : { recaptcha_token: recaptchaToken }),
        ...(totp ? { totp } : {}),
      },
    });

  it('asks for nothing and offers no challenge while activity 1120 is off', async () => {
    expect((await grant()).statusCode).toBe(200);
    expect((await getChallenge()).statusCode).toBe(404);
  });

  describe('with activity 1120 on', () => {
    beforeEach(async () => {
      await setActivity(ctx.db, ACTIVITY.LOGIN_CAPTCHA, true);
    });

    it('offers a signed challenge to visitors with a public token only', async () => {
      const response = await getChallenge();
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const challenge = CaptchaChallengeSchema.parse(response.json());
      expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
      expect(challenge.parameters.expiresAt).toBe(Math.floor(clock.now().getTime() / 1000) + 600);
      const anonymous = await ctx.app.inject({ url: `/api${CAPTCHA_PATHS.challenge}` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('signs in with a solved challenge', async () => {
      const response = await grant(await solvedToken());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('refresh_token');
    });

    it('refuses a sign-in without the captcha before looking at the password', async () => {
      for (const password of ['estante-ana', 'wrong']) {
        const response = await grant(undefined, password);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({
          code: 'CAPTCHA_REQUIRED',
          message: 'identityRules.captchaRequired',
        });
      }
    });

    it('refuses a solved challenge used a second time (replay)', async () => {
      const solved = await solvedToken();
      expect((await grant(solved)).statusCode).toBe(200);
      const replay = await grant(solved);
      expect(replay.statusCode).toBe(422);
      expect(replay.json()).toMatchObject({
        code: 'CAPTCHA_INVALID',
        message: 'identityRules.captchaInvalid',
      });
    });

    it('spends the captcha even when the password is wrong', async () => {
      const solved = await solvedToken();
      expect((await grant(solved, 'wrong')).statusCode).toBe(401);
      expect((await grant(solved)).json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    });

    it('refuses a wrong solution, a tampered challenge, garbage and an expired challenge', async () => {
      const payload = JSON.parse(Buffer.from(await solvedToken(), 'base64').toString()) as {
        challenge: CaptchaChallenge;
        solution: { counter: number; derivedKey: string };
      };
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
      const wrongSolution = encode({
        ...payload,
        solution: { ...payload.solution, derivedKey: '00'.repeat(32) },
      });
      const tampered = encode({
        ...payload,
        challenge: {
          ...payload.challenge,
          parameters: { ...payload.challenge.parameters, expiresAt: 4_000_000_000 },
        },
      });
      for (const bad of [wrongSolution, tampered, 'not-a-captcha', encode({ test: true })]) {
        expect((await grant(bad)).json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
      }
      const late = await solvedToken();
      clock.advance(601);
      expect((await grant(late)).json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    });

    it('lets the captcha of a right password go with the two-step code, once', async () => {
      await writeSetting(ctx.db, 'dois_fatores', true);
      const { access_token } = (await grant(await solvedToken())).json() as { access_token: string };
      const code = await enrolTwoFactor(ctx.app, access_token, clock);
      clock.advance(30);
      const solved = await solvedToken();
      expect((await grant(solved)).json()).toMatchObject({ code: 'TOTP_REQUIRED' });
      expect((await grant(solved, 'estante-ana', code())).statusCode).toBe(200);
      // Used with the code, it is spent like any other.
      expect((await grant(solved, 'estante-ana', code())).json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    });

    it('asks for the captcha before sending a password recovery code', async () => {
      const url = `/api${RECOVERY_PATHS.recovery('ana')}`;
      const headers = { authorization: `Bearer ${token}` };
      const refused = await ctx.app.inject({ url, headers });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
      const solved = await solvedToken();
      const accepted = await ctx.app.inject({
        url: `${url}?${new URLSearchParams({ recaptcha_token: solved })}`,
        headers,
      });
      // Past the captcha: this test app has no mailer, so recovery itself is not offered.
      expect(accepted.json()).toMatchObject({ code: 'RECOVERY_UNAVAILABLE' });
    });
  });
});
