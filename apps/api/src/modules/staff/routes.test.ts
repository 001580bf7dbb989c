import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { STAFF_PATHS } from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { bearer, signIn } from '../identity/testing.ts';

// The staff workspace's roles (decision 0054): who is staff, and who may say so. The demo library
// has one staff login per role (README "Demo library").

describe('staff roles', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let app: FastifyInstance;
  const tokens = new Map<string, string>();
  const as = async (login: string) => {
    if (!tokens.has(login)) {
      const password = `estante-${login.replace('.', '-')}`;
      tokens.set(login, (await signIn(app, login, password)).access_token);
    }
    return bearer(tokens.get(login)!);
  };
  const self = async (login: string) =>
    (await app.inject({ url: `/api${STAFF_PATHS.self}`, headers: await as(login) })).json() as {
      login: string;
      papeis: string[];
    };
  const setRoles = async (by: string, login: string, papeis: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api${STAFF_PATHS.memberRoles(login)}`,
      headers: await as(by),
      payload: { papeis },
    });

  beforeAll(async () => {
    ctx = await buildTestApp();
    app = ctx.app;
  });
  afterAll(() => ctx.close());

  it('tells each signed-in person their own roles: none for a patron, the role for each demo staff login', async () => {
    expect(await self('ana')).toMatchObject({ login: 'ana', papeis: [] });
    expect((await self('equipe.circulacao')).papeis).toEqual(['circulacao']);
    expect((await self('equipe.admin')).papeis).toEqual(['administrador']);
    const anonymous = await app.inject({ url: `/api${STAFF_PATHS.self}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets only an administrator list the staff and set roles; others get 403, visitors 401 before the body is read', async () => {
    for (const login of ['ana', 'equipe.circulacao', 'equipe.referencia']) {
      const list = await app.inject({ url: `/api${STAFF_PATHS.members}`, headers: await as(login) });
      expect(list.statusCode).toBe(403);
      expect((await setRoles(login, login, ['administrador'])).statusCode).toBe(403);
    }
    expect((await self('equipe.circulacao')).papeis).toEqual(['circulacao']);
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/api${STAFF_PATHS.memberRoles('ana')}`,
      payload: { papeis: 'not a list' },
    });
    expect(anonymous.statusCode).toBe(401);

    const list = await app.inject({ url: `/api${STAFF_PATHS.members}`, headers: await as('equipe.admin') });
    expect(list.statusCode).toBe(200);
    const members = (list.json() as { membros: { login: string; papeis: string[] }[] }).membros;
    expect(members.map((m) => [m.login, m.papeis])).toEqual(
      expect.arrayContaining([
        ['equipe.admin', ['administrador']],
        ['equipe.aquisicao', ['aquisicao']],
        ['equipe.catalogacao', ['catalogacao']],
        ['equipe.circulacao', ['circulacao']],
        ['equipe.referencia', ['referencia']],
      ]),
    );
    expect(members.some((m) => m.login === 'ana')).toBe(false);
  });

  it('gives and takes roles with effect at the next call, without signing in again', async () => {
    const given = await setRoles('equipe.admin', 'bruno', ['referencia', 'administrador']);
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ login: 'bruno', papeis: ['referencia', 'administrador'] });
    expect((await self('bruno')).papeis).toEqual(['referencia', 'administrador']);
    // An administrator acts in every part: bruno now lists the staff…
    const list = await app.inject({ url: `/api${STAFF_PATHS.members}`, headers: await as('bruno') });
    expect(list.statusCode).toBe(200);
    // …and the moment the role is gone, the same token is refused.
    expect((await setRoles('equipe.admin', 'bruno', [])).json()).toMatchObject({ papeis: [] });
    const after = await app.inject({ url: `/api${STAFF_PATHS.members}`, headers: await as('bruno') });
    expect(after.statusCode).toBe(403);
    expect((await self('bruno')).papeis).toEqual([]);
  });

  it('writes each change of roles to the audit log — who, when, before and after — which nothing can rewrite', async () => {
    await setRoles('equipe.admin', 'carla', ['aquisicao']);
    await setRoles('equipe.admin', 'carla', ['aquisicao']); // no change: nothing to log
    await setRoles('equipe.admin', 'carla', []);
    const { rows } = await ctx.db.query<{
      actor_login: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(
      `SELECT actor_login, action, before, after FROM staff_action
        WHERE target_kind = 'patron' AND target_id = 'carla' ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        actor_login: 'equipe.admin',
        action: 'roles.set',
        before: { papeis: [] },
        after: { papeis: ['aquisicao'] },
      },
      {
        actor_login: 'equipe.admin',
        action: 'roles.set',
        before: { papeis: ['aquisicao'] },
        after: { papeis: [] },
      },
    ]);
    await expect(ctx.db.query("UPDATE staff_action SET actor_login = 'someone'")).rejects.toThrow(
      /append-only/,
    );
    await expect(ctx.db.query('DELETE FROM staff_action')).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('TRUNCATE staff_action')).rejects.toThrow(/append-only/);
  });

  it('refuses an unknown login and a role that does not exist, in words the web app translates', async () => {
    const unknown = await setRoles('equipe.admin', 'nobody.here', ['referencia']);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'STAFF_UNKNOWN_LOGIN',
      message: 'staff.errors.unknownLogin',
    });
    expect((await setRoles('equipe.admin', 'ana', ['bibliotecario'])).statusCode).toBe(400);
    expect((await self('ana')).papeis).toEqual([]);
  });

  it('keeps at least one administrator: the last cannot lose the role, and two removing each other at once leave one', async () => {
    const last = await setRoles('equipe.admin', 'equipe.admin', []);
    expect(last.statusCode).toBe(422);
    expect(last.json()).toMatchObject({
      code: 'STAFF_LAST_ADMINISTRATOR',
      message: 'staff.errors.lastAdministrator',
    });
    expect((await self('equipe.admin')).papeis).toEqual(['administrador']);

    expect((await setRoles('equipe.admin', 'carla', ['administrador'])).statusCode).toBe(200);
    const [a, b] = await Promise.all([
      setRoles('equipe.admin', 'carla', []),
      setRoles('carla', 'equipe.admin', []),
    ]);
    // One removal wins; the other is refused, by the last-administrator rule or, when the winner
    // committed before its guard ran, because its caller is no longer an administrator.
    const statuses = [a.statusCode, b.statusCode];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.find((status) => status !== 200)).toBeOneOf([403, 422]);
    const admins = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_role WHERE role = 'administrador'",
    );
    expect(admins.rows[0]!.n).toBe(1);
  });
});
