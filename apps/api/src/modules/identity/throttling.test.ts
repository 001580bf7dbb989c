import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../lib/db/index.ts';
import { buildTestApp, createTestDb } from '../../testing/build-test-app.ts';
import { recordFailure, recordSuccess, releaseAttempt, reserveAttempt } from './repository.ts';
import { passwordGrant, testClock } from './testing.ts';

/** Statuses of the answers, counted: { 401: 10, 429: 40 }. */
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

/** A password grant over HTTP, as a script would send it (form-encoded), answering the status. */
async function postGrant(base: string, username: string, password: string): Promise<number> {
  const response = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: '4', username, password }).toString(),
  });
  await response.arrayBuffer();
  return response.status;
}

/** How many passwords of a username were checked and found wrong, from the sign-in audit. */
async function checkedWrong(db: Db, username: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM sign_in_event WHERE event = 'invalid_credentials' AND username = $1",
    [username],
  );
  return rows[0]?.n ?? 0;
}

describe('sign-in limits under a burst of simultaneous attempts (SPEC §8 429)', () => {
  const clock = testClock();
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  beforeAll(async () => {
    ctx = await buildTestApp({
      clock,
      signIn: { maxAccountFailures: 10, maxAddressFailures: 30, lockoutSeconds: 60 },
    });
    // A real server on loopback: the attempts arrive on separate connections, as from a script.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  // The address limit (30 here) would stop a burst of 50 from one address before the account's;
  // each account test lets the address count lapse first.
  const freshAddress = () => clock.advance(61);

  it('checks no more than ten of fifty simultaneous wrong passwords for one account, and locks it', async () => {
    freshAddress();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => postGrant(base, 'elisa', `bad-${i}`)),
    );
    expect(tally(statuses)).toEqual({ 401: 10, 429: 40 });
    expect(await checkedWrong(ctx.db, 'elisa')).toBe(10);
    // Locked: the right password is refused now, from anywhere, until the window ends.
    expect((await passwordGrant(ctx.app, 'elisa', 'estante-elisa', '192.0.2.200')).statusCode).toBe(429);
    clock.advance(61);
    expect((await passwordGrant(ctx.app, 'elisa', 'estante-elisa', '192.0.2.200')).statusCode).toBe(200);
  });

  it('refuses the right password when it comes after the tenth attempt of a burst', async () => {
    freshAddress();
    const wrong = Array.from({ length: 49 }, (_, i) => postGrant(base, 'diego', `bad-${i}`));
    // Sent a moment after the wrong ones, while their passwords are still being checked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const right = postGrant(base, 'diego', 'estante-diego');
    const statuses = await Promise.all([...wrong, right]);
    expect(await right).toBe(429);
    expect(tally(statuses)).toEqual({ 401: 10, 429: 40 });
    expect(await checkedWrong(ctx.db, 'diego')).toBe(10);
    expect((await passwordGrant(ctx.app, 'diego', 'estante-diego', '192.0.2.201')).statusCode).toBe(429);
  });

  it('checks only the attempts left when a burst comes after nine failures', async () => {
    freshAddress();
    for (let i = 0; i < 9; i++) {
      expect((await passwordGrant(ctx.app, 'carla', `guess-${i}`, '192.0.2.202')).statusCode).toBe(401);
    }
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => postGrant(base, 'carla', `bad-${i}`)),
    );
    expect(tally(statuses)).toEqual({ 401: 1, 429: 49 });
    expect(await checkedWrong(ctx.db, 'carla')).toBe(10);
  });

  it('checks no more than the address limit of a burst trying fifty accounts from one address', async () => {
    freshAddress();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => postGrant(base, `burst-${i}`, 'Password1')),
    );
    expect(tally(statuses)).toEqual({ 401: 30, 429: 20 });
    // Another address is not locked, and neither are the accounts.
    expect((await passwordGrant(ctx.app, 'ana', 'estante-ana', '192.0.2.203')).statusCode).toBe(200);
  });

  it('still counts consecutive failures only: a sign-in in the middle starts the count again', async () => {
    freshAddress();
    for (let round = 0; round < 3; round++) {
      const statuses = await Promise.all(
        Array.from({ length: 9 }, (_, i) => postGrant(base, 'bruno', `bad-${round}-${i}`)),
      );
      expect(tally(statuses)).toEqual({ 401: 9 });
      expect(await postGrant(base, 'bruno', 'estante-bruno')).toBe(200);
    }
  });
});

describe('attempt slots in the database (decision 0034)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb({ empty: true });
  });
  afterAll(() => db.close());
  const at = new Date('2026-03-02T12:00:00Z');
  const limit = { max: 10, windowSeconds: 60 };
  const reserveMany = async (key: string, count: number) => {
    let taken = 0;
    for (let i = 0; i < count; i++) if (await reserveAttempt(db, key, at, limit)) taken++;
    return taken;
  };

  it('gives out no more slots than the limit, to simultaneous callers too', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => reserveAttempt(db, 'account:simultaneous', at, limit)),
    );
    expect(answers.filter(Boolean)).toHaveLength(10);
  });

  it('lets a success forget the failures but not the checks still under way', async () => {
    expect(await reserveMany('account:mixed', 10)).toBe(10);
    // Three of the ten fail, one succeeds, six are still being checked.
    for (let i = 0; i < 3; i++) await recordFailure(db, 'account:mixed', at, limit);
    await recordSuccess(db, 'account:mixed');
    // Only the three failures and the success gave their slots back.
    expect(await reserveMany('account:mixed', 10)).toBe(4);
  });

  it('locks once the failures, not the attempts, reach the limit', async () => {
    expect(await reserveMany('account:locking', 10)).toBe(10);
    for (let i = 0; i < 9; i++) {
      expect((await recordFailure(db, 'account:locking', at, limit)).lockedUntil).toBeNull();
    }
    // The tenth attempt was the right password: no lockout, and the count starts again.
    await recordSuccess(db, 'account:locking');
    expect(await reserveMany('account:locking', 10)).toBe(10);
    for (let i = 0; i < 9; i++) await recordFailure(db, 'account:locking', at, limit);
    expect((await recordFailure(db, 'account:locking', at, limit)).lockedUntil).toEqual(
      new Date(at.getTime() + 60_000),
    );
    expect(await reserveAttempt(db, 'account:locking', new Date(at.getTime() + 59_000), limit)).toBe(false);
    expect(await reserveAttempt(db, 'account:locking', new Date(at.getTime() + 60_000), limit)).toBe(true);
  });

  it('gives a released slot back and starts afresh after a quiet window', async () => {
    expect(await reserveMany('address:quiet', 10)).toBe(10);
    await releaseAttempt(db, 'address:quiet');
    expect(await reserveMany('address:quiet', 2)).toBe(1);
    // Checks that never finished (a process that stopped) hold their slots until the window lapses.
    expect(await reserveAttempt(db, 'address:quiet', new Date(at.getTime() + 59_000), limit)).toBe(false);
    expect(await reserveAttempt(db, 'address:quiet', new Date(at.getTime() + 60_000), limit)).toBe(true);
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  const limits = { maxAccountFailures: 10, maxAddressFailures: 5, lockoutSeconds: 60 };
  /** A wrong password for a new unknown user each time, so only the address count can refuse it. */
  let attempt = 0;
  const tryFrom = async (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) => {
    attempt++;
    const response = await app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: {
        grant_type: 'password',
        client_id: '4',
        username: `nobody-${attempt}`,
        password: 'Password1',
      },
    });
    return response.statusCode;
  };
  const fiveFailures = async (
    app: FastifyInstance,
    remoteAddress: string,
    forwardedFor: (i: number) => string,
  ) => {
    for (let i = 0; i < 5; i++) expect(await tryFrom(app, remoteAddress, forwardedFor(i))).toBe(401);
  };

  describe('without it', () => {
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      ctx = await buildTestApp({ signIn: limits });
    });
    afterAll(() => ctx.close());

    it('counts the connection address, so a new X-Forwarded-For value does not start afresh', async () => {
      await fiveFailures(ctx.app, '203.0.113.9', () => '198.51.100.1');
      expect(await tryFrom(ctx.app, '203.0.113.9', '198.51.100.2')).toBe(429);
      expect(await tryFrom(ctx.app, '203.0.113.9')).toBe(429);
      // Nor does a different value on every attempt.
      await fiveFailures(ctx.app, '203.0.113.10', (i) => `198.51.100.${i + 10}`);
      expect(await tryFrom(ctx.app, '203.0.113.10', '198.51.100.99')).toBe(429);
      const { rows } = await ctx.db.query<{ address: string }>(
        "SELECT DISTINCT address FROM sign_in_event WHERE event = 'invalid_credentials' ORDER BY address",
      );
      expect(rows.map((r) => r.address)).toEqual(['203.0.113.10', '203.0.113.9']);
    });
  });

  describe('naming the proxies', () => {
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      ctx = await buildTestApp({ signIn: limits, trustProxy: ['203.0.113.0/24', '192.0.2.1'] });
    });
    afterAll(() => ctx.close());

    it('counts the address a trusted proxy forwards, each client apart', async () => {
      await fiveFailures(ctx.app, '203.0.113.9', () => '198.51.100.1');
      expect(await tryFrom(ctx.app, '203.0.113.9', '198.51.100.1')).toBe(429);
      // The same client through another trusted proxy is still locked; another client is not.
      expect(await tryFrom(ctx.app, '192.0.2.1', '198.51.100.1')).toBe(429);
      expect(await tryFrom(ctx.app, '203.0.113.9', '198.51.100.2')).toBe(401);
      // A client's own X-Forwarded-For, passed on by the proxy, does not hide its address.
      expect(await tryFrom(ctx.app, '203.0.113.9', '10.9.9.9, 198.51.100.1')).toBe(429);
    });

    it('ignores X-Forwarded-For from an address it was not told to trust', async () => {
      await fiveFailures(ctx.app, '192.0.2.50', (i) => `198.51.100.${i + 20}`);
      expect(await tryFrom(ctx.app, '192.0.2.50', '198.51.100.99')).toBe(429);
    });
  });
});
