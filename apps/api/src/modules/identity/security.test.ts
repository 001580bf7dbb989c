import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { buildTestApp, publicToken, TEST_TOKEN_SECRET } from '../../testing/build-test-app.ts';
import { bearer, passwordGrant, refreshGrant, signIn, testClock } from './testing.ts';
import { addUser } from './users.ts';

describe('brute force: throttling per account and per address (SPEC §8 429)', () => {
  const clock = testClock();
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    // A one-minute window, so the test can wait it out on its clock.
    ctx = await buildTestApp({
      clock,
      signIn: { maxAccountFailures: 10, maxAddressFailures: 30, lockoutSeconds: 60 },
    });
  });
  afterAll(() => ctx.close());

  it('locks an account after repeated wrong passwords, refuses the right one meanwhile, and lets it in after the window', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await passwordGrant(ctx.app, 'ana', `guess-${i}`, '192.0.2.1')).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));

    // Locked: the right password from another address is refused as well.
    const during = await passwordGrant(ctx.app, 'ana', 'estante-ana', '192.0.2.99');
    expect(during.statusCode).toBe(429);
    expect(during.json()).toMatchObject({
      message: 'Muitas tentativas consecutivas. Aguarde alguns minutos e tente novamente.',
      code: 'TOO_MANY_ATTEMPTS',
    });

    clock.advance(30);
    expect((await passwordGrant(ctx.app, 'ana', 'estante-ana', '192.0.2.99')).statusCode).toBe(429);
    clock.advance(31);
    expect((await passwordGrant(ctx.app, 'ana', 'estante-ana', '192.0.2.99')).statusCode).toBe(200);
  });

  it('locks an account however its login is typed, by login or by alias', async () => {
    for (let i = 0; i < 10; i++) {
      await passwordGrant(ctx.app, i % 2 ? 'BRUNO' : ' bruno', `guess-${i}`, '192.0.2.2');
    }
    expect((await passwordGrant(ctx.app, 'Bruno', 'estante-bruno', '192.0.2.3')).statusCode).toBe(429);

    const added = await addUser(ctx.db, {
      login: 'bia',
      name: 'Beatriz Nascimento',
      category: '05',
      password: 'senha-da-bia',
      aliases: ['bia@example.org'],
    });
    expect(added.ok).toBe(true);
    for (let i = 0; i < 10; i++) {
      await passwordGrant(ctx.app, i % 2 ? 'bia' : 'BIA@example.org', `guess-${i}`, '192.0.2.5');
    }
    expect((await passwordGrant(ctx.app, 'bia', 'senha-da-bia', '192.0.2.6')).statusCode).toBe(429);
    expect((await passwordGrant(ctx.app, 'bia@example.org', 'senha-da-bia', '192.0.2.6')).statusCode).toBe(
      429,
    );
    clock.advance(61);
    expect((await passwordGrant(ctx.app, 'bia@example.org', 'senha-da-bia', '192.0.2.6')).statusCode).toBe(
      200,
    );
  });

  it('counts only consecutive failures: a successful sign-in starts the count again', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) {
        expect((await passwordGrant(ctx.app, 'carla', `guess-${i}`, '192.0.2.4')).statusCode).toBe(401);
      }
      expect((await passwordGrant(ctx.app, 'carla', 'estante-carla', '192.0.2.4')).statusCode).toBe(200);
      // The address count is not reset by a success; let it lapse between rounds.
      clock.advance(61);
    }
  });

  it('locks a client address that tries many accounts, without locking those accounts elsewhere', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push((await passwordGrant(ctx.app, `user-${i}`, 'Password1', '192.0.2.66')).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect((await passwordGrant(ctx.app, 'diego', 'estante-diego', '192.0.2.66')).statusCode).toBe(429);
    expect((await passwordGrant(ctx.app, 'diego', 'estante-diego', '192.0.2.67')).statusCode).toBe(200);
    clock.advance(61);
    expect((await passwordGrant(ctx.app, 'diego', 'estante-diego', '192.0.2.66')).statusCode).toBe(200);
  });

  it('records the lockouts in the sign-in audit', async () => {
    const { rows } = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sign_in_event WHERE event = 'locked_out' AND username = 'ana'",
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(10);
  });
});

describe('tokens that must not work', () => {
  const clock = testClock();
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
  });
  afterAll(() => ctx.close());

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await signIn(ctx.app, 'ana', 'estante-ana');
    const second = (await refreshGrant(ctx.app, first.refresh_token)).json() as {
      access_token: string;
      refresh_token: string;
    };
    // The thief (or a stale tab) presents the old token: refused, and the family ends.
    const replay = await refreshGrant(ctx.app, first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_GRANT');
    expect((await refreshGrant(ctx.app, second.refresh_token)).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/pessoas', headers: bearer(second.access_token) })).statusCode,
    ).toBe(401);
    const { rows } = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sign_in_event WHERE event = 'refresh_reuse'",
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('lets only one of two simultaneous uses of a refresh token through', async () => {
    const pair = await signIn(ctx.app, 'bruno', 'estante-bruno');
    const results = await Promise.all([
      refreshGrant(ctx.app, pair.refresh_token),
      refreshGrant(ctx.app, pair.refresh_token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an expired access token, and the refresh grant renews it', async () => {
    const pair = await signIn(ctx.app, 'carla', 'estante-carla');
    clock.advance(901);
    const expired = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(pair.access_token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHORIZED');
    const renewed = await refreshGrant(ctx.app, pair.refresh_token);
    const session = await ctx.app.inject({
      url: '/api/pessoas',
      headers: bearer(renewed.json().access_token),
    });
    expect(session.json().user.login).toBe('carla');
  });

  it('refuses a user token signed with another key, or unsigned', async () => {
    const pair = await signIn(ctx.app, 'diego', 'estante-diego');
    const [, payload] = pair.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const otherKey = new TextEncoder().encode('another-secret-another-secret-0123456789');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(otherKey);
    expect((await ctx.app.inject({ url: '/api/pessoas', headers: bearer(forged) })).statusCode).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await ctx.app.inject({ url: '/api/pessoas', headers: bearer(unsigned) })).statusCode).toBe(401);
  });

  it("refuses a correctly signed token naming another patron than its session's", async () => {
    const pair = await signIn(ctx.app, 'elisa', 'estante-elisa');
    const [, payload] = pair.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const key = new TextEncoder().encode(TEST_TOKEN_SECRET);
    const tampered = await new SignJWT({ ...claims, sub: '1' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    expect((await ctx.app.inject({ url: '/api/pessoas', headers: bearer(tampered) })).statusCode).toBe(401);
  });

  it('refuses a public token on calls that need a patron', async () => {
    const response = await ctx.app.inject({
      url: '/api/pessoas',
      headers: bearer(await publicToken(ctx.app)),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('what sign-in gives away', () => {
  const lines: string[] = [];
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ logLevel: 'trace', logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => ctx.close());

  it('never writes a password into a response or the log', async () => {
    const secrets = ['estante-ana', 'Wrong-Pass-77', 'nova-senha-secreta', 'not-a-string-pw'];
    const responses = [
      await passwordGrant(ctx.app, 'ana', 'Wrong-Pass-77'),
      await passwordGrant(ctx.app, 'nobody', 'Wrong-Pass-77'),
      await passwordGrant(ctx.app, 'ana', 'estante-ana'),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=password&client_id=4&username=ana&password=estante-ana&extra[x=1',
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        payload: { grant_type: 'password', client_id: '4', username: 'ana', password: ['not-a-string-pw'] },
      }),
    ];
    const { access_token } = responses[2]!.json() as { access_token: string };
    responses.push(
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/pessoas/meu-pergamum/senha',
        headers: bearer(access_token),
        payload: { senhaAtual: 'estante-ana', senhaNova: 'nova-senha-secreta' },
      }),
      await ctx.app.inject({ url: '/api/pessoas', headers: bearer(access_token) }),
    );
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      for (const response of responses) expect(response.body).not.toContain(secret);
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
    const { rows } = await ctx.db.query<{ row: string }>(
      'SELECT row_to_json(e)::text AS row FROM sign_in_event e',
    );
    for (const secret of secrets) expect(rows.filter((r) => r.row.includes(secret))).toEqual([]);
  });

  it('does as much work for an unknown user as for a wrong password (both hash)', async () => {
    // CPU time of this test process (the Argon2 threads included) rather than wall time, which
    // other work on a shared machine disturbs far more.
    const cost = async (username: string) => {
      const before = process.cpuUsage();
      const response = await passwordGrant(ctx.app, username, 'Wrong-Pass-77', '192.0.2.200');
      expect(response.statusCode).toBe(401);
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    await cost('elisa');
    await cost('nobody-warm-up');
    // Interleaved, and the cheapest run of each: the least disturbed. Without the dummy hash an
    // unknown user would cost a fraction of a wrong password (no Argon2 at all).
    for (let i = 0; i < 8; i++) {
      known.push(await cost('elisa'));
      unknown.push(await cost(`nobody-${i}`));
    }
    const ratio = Math.min(...unknown) / Math.min(...known);
    const detail = `known ${known.map(Math.round).join(',')} ms, unknown ${unknown.map(Math.round).join(',')} ms`;
    expect(ratio, detail).toBeGreaterThan(0.6);
    expect(ratio, detail).toBeLessThan(1.6);
  });
});
