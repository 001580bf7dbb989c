import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwoFactorConfirmResponseSchema, TwoFactorEnrolmentSchema } from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { writeSetting } from '../institution/repository.ts';
import { bearer, signIn, testClock } from './testing.ts';
import { base32Decode, hotp, totpStep } from './totp.ts';

describe('two-step verification with an authenticator app', () => {
  const clock = testClock();
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let token: string;
  let secret: Buffer;
  let recoveryCodes: string[];
  const url = '/api/pessoas/meu-pergamum/dois-fatores';
  const appCode = (offsetSteps = 0) => hotp(secret, totpStep(clock.now()) + offsetSteps);
  const grant = (password: string, totp?: string, remoteAddress = '198.51.100.20') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      remoteAddress,
      payload: {
        grant_type: 'password',
        client_id: '4',
        username: 'ana',
        password,
        ...(totp ? { totp } : {}),
      },
    });

  beforeAll(async () => {
    ctx = await buildTestApp({ clock, signIn: { maxAccountFailures: 5, lockoutSeconds: 300 } });
    token = (await signIn(ctx.app, 'ana', 'estante-ana')).access_token;
  });
  afterAll(() => ctx.close());

  it('is not offered until the institution turns it on', async () => {
    const status = await ctx.app.inject({ url, headers: bearer(token) });
    expect(status.json()).toEqual({ disponivel: false, ativo: false });
    const start = await ctx.app.inject({ method: 'POST', url, headers: bearer(token) });
    expect(start.statusCode).toBe(403);
  });

  it('gives a secret for the app, and asks nothing more at sign-in until it is confirmed', async () => {
    await writeSetting(ctx.db, 'dois_fatores', true);
    const start = await ctx.app.inject({ method: 'POST', url, headers: bearer(token) });
    expect(start.statusCode).toBe(200);
    const enrolment = TwoFactorEnrolmentSchema.parse(start.json());
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const address = new URL(enrolment.otpauth_url);
    expect(address.protocol).toBe('otpauth:');
    expect(address.host).toBe('totp');
    expect(decodeURIComponent(address.pathname)).toMatch(/^\/.+:ana$/);
    expect(address.searchParams.get('secret')).toBe(enrolment.secret);
    expect(address.searchParams.get('issuer')).toBeTruthy();
    secret = base32Decode(enrolment.secret);
    expect((await ctx.app.inject({ url, headers: bearer(token) })).json()).toEqual({
      disponivel: true,
      ativo: false,
    });
    expect((await grant('estante-ana')).statusCode).toBe(200);
  });

  it('is confirmed with a code from the app and answers ten recovery codes', async () => {
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { codigo: '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: 'identityRules.totpInvalid', code: 'TOTP_INVALID' });
    const right = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { codigo: appCode() },
    });
    expect(right.statusCode).toBe(200);
    recoveryCodes = TwoFactorConfirmResponseSchema.parse(right.json()).codigos_recuperacao;
    expect(recoveryCodes).toHaveLength(10);
    expect((await ctx.app.inject({ url, headers: bearer(token) })).json()).toEqual({
      disponivel: true,
      ativo: true,
    });
    const again = await ctx.app.inject({ method: 'POST', url, headers: bearer(token) });
    expect(again.json().code).toBe('TWO_FACTOR_ACTIVE');
  });

  it('then asks for the code after the right password only, and takes each code once', async () => {
    expect((await grant('wrong-password')).statusCode).toBe(401);
    const needed = await grant('estante-ana');
    expect(needed.statusCode).toBe(422);
    expect(needed.json()).toMatchObject({ message: 'identityRules.totpRequired', code: 'TOTP_REQUIRED' });
    // The code used to confirm cannot sign in.
    expect((await grant('estante-ana', appCode())).json().code).toBe('TOTP_INVALID');
    clock.advance(30);
    const code = appCode();
    const signedIn = await grant('estante-ana', code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().access_token).toMatch(/^ey/);
    expect((await grant('estante-ana', code)).statusCode).toBe(422);
    // One step of clock drift is tolerated.
    clock.advance(30);
    expect((await grant('estante-ana', appCode(1))).statusCode).toBe(200);
  });

  it('takes a recovery code instead, once', async () => {
    const code = recoveryCodes[3]!;
    expect((await grant('estante-ana', code.toUpperCase())).statusCode).toBe(200);
    expect((await grant('estante-ana', code)).json().code).toBe('TOTP_INVALID');
  });

  it('counts wrong codes towards the lockout', async () => {
    // A success first, so the count starts from nothing.
    expect((await grant('estante-ana', recoveryCodes[5])).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await grant('estante-ana', '123456', '198.51.100.21')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
    clock.advance(301);
  });

  it('is turned off with the password, after which the password alone signs in', async () => {
    const wrong = await ctx.app.inject({
      method: 'DELETE',
      url,
      headers: bearer(token),
      payload: { senha: 'nope' },
    });
    expect(wrong.statusCode).toBe(422);
    const off = await ctx.app.inject({
      method: 'DELETE',
      url,
      headers: bearer(token),
      payload: { senha: 'estante-ana' },
    });
    expect(off.json()).toEqual({ result: true });
    expect((await ctx.app.inject({ url, headers: bearer(token) })).json()).toEqual({
      disponivel: true,
      ativo: false,
    });
    expect((await grant('estante-ana')).statusCode).toBe(200);
    const { rows } = await ctx.db.query<{ event: string }>(
      "SELECT event FROM sign_in_event WHERE event LIKE 'two_factor%' OR event = 'invalid_second_factor' ORDER BY id",
    );
    expect(new Set(rows.map((r) => r.event))).toEqual(
      new Set(['two_factor_on', 'invalid_second_factor', 'two_factor_off']),
    );
  });

  it('stops asking for codes when the institution turns the feature off', async () => {
    const start = await ctx.app.inject({ method: 'POST', url, headers: bearer(token) });
    const pending = base32Decode(start.json().secret);
    await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { codigo: hotp(pending, totpStep(clock.now())) },
    });
    expect((await grant('estante-ana')).statusCode).toBe(422);
    await writeSetting(ctx.db, 'dois_fatores', false);
    expect((await grant('estante-ana')).statusCode).toBe(200);
  });
});
