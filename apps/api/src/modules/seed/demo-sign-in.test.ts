import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, passwordGrant, signIn } from '../identity/testing.ts';
import { DEMO_LOGINS, DEMO_SHARED_ALIAS } from './demo.ts';

// The test database is the demo library (testing/global-setup.ts seeds it).
describe('demo library sign-in data', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('signs every documented demo login in with its documented password', async () => {
    for (const demo of DEMO_LOGINS) {
      const { access_token } = await signIn(ctx.app, demo.login, demo.password);
      const me = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(access_token) });
      expect(me.json().user).toMatchObject({ login: demo.login, nome_pessoa: demo.name });
    }
  });

  it('gives fernanda a linked login to choose after signing in', async () => {
    const { access_token } = await signIn(ctx.app, 'fernanda', 'estante-fernanda');
    const logins = await ctx.app.inject({ url: '/api/pessoas/login', headers: bearer(access_token) });
    expect(logins.json().map((l: { login: string; atual: boolean }) => [l.login, l.atual])).toEqual([
      ['fernanda', true],
      ['fernanda.func', false],
    ]);
  });

  it('makes the shared alias ask which person, then takes that person’s password', async () => {
    const ask = await passwordGrant(ctx.app, DEMO_SHARED_ALIAS, 'estante-gabriel-campos');
    expect(ask.statusCode).toBe(422);
    expect(ask.json().code).toBe('LOGIN_CHOICE_REQUIRED');
    const people = await ctx.app.inject({
      url: `/api/pessoas/duplicadas?usuario=${encodeURIComponent(DEMO_SHARED_ALIAS)}`,
      headers: bearer(await publicToken(ctx.app)),
    });
    const body = people.json() as { result: boolean; pessoas: { codigo: number; nome: string }[] };
    expect(body.result).toBe(true);
    expect(body.pessoas.map((p) => p.nome).sort()).toEqual(['Gabriel Souza Campos', 'Gabriel Souza Costa']);
    const campos = body.pessoas.find((p) => p.nome === 'Gabriel Souza Campos')!;
    const chosen = await passwordGrant(
      ctx.app,
      `${DEMO_SHARED_ALIAS}|pessoa:${campos.codigo}`,
      'estante-gabriel-campos',
    );
    expect(chosen.statusCode).toBe(200);
  });

  it('has two-step verification on for nobody, and not offered until the institution turns it on', async () => {
    const { access_token } = await signIn(ctx.app, 'ana', 'estante-ana');
    const status = await ctx.app.inject({
      url: '/api/pessoas/meu-pergamum/dois-fatores',
      headers: bearer(access_token),
    });
    expect(status.json()).toEqual({ disponivel: false, ativo: false });
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM patron_totp');
    expect(rows[0]?.n).toBe(0);
  });
});
