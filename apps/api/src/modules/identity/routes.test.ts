import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponseSchema, UserSessionSchema, buildLoginUsername } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { addUser } from './users.ts';
import { bearer, passwordGrant, refreshGrant, signIn, testClock } from './testing.ts';

describe('POST /api/oauth/token', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('gives the portal (client 4) a public token that opens the catalogue', async () => {
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: '4' },
    });
    expect(token.statusCode).toBe(200);
    const body = token.json();
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBeGreaterThan(0);
    const search = await ctx.app.inject({
      url: '/api/consulta?termo=casmurro',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(search.statusCode).toBe(200);
  });

  it('accepts the token request as a form, as OAuth clients send it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=4',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toMatch(/^ey/);
  });

  it('refuses an unknown client', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: '99' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: expect.any(String), code: 'INVALID_CLIENT' });
  });

  it('answers 401 to catalogue calls without a token or with a forged one', async () => {
    const none = await ctx.app.inject({ url: '/api/acervo/1' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');
    const forged = await ctx.app.inject({
      url: '/api/acervo/1',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6InB1YmxpYyJ9.x' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers error texts in the language of the language-code header', async () => {
    const pt = await ctx.app.inject({ url: '/api/acervo/1', headers: { idioma: '1' } });
    const en = await ctx.app.inject({ url: '/api/acervo/1', headers: { idioma: '5' } });
    const es = await ctx.app.inject({ url: '/api/acervo/1', headers: { idioma: '3' } });
    expect(pt.json().message).toBe('Credenciais ausentes ou expiradas.');
    expect(en.json().message).toBe('Missing or expired credentials.');
    expect(es.json().message).toBe('Credenciales ausentes o caducadas.');
  });
});

describe('password grant (SPEC §7 Auth, §8 login errors)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('signs a demo patron in with a short-lived user token and a refresh token', async () => {
    const response = await passwordGrant(ctx.app, 'ana', 'estante-ana');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = TokenResponseSchema.parse(response.json());
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'user', expires_in: 900 });
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
    const session = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(body.access_token) });
    expect(session.statusCode).toBe(200);
    expect(UserSessionSchema.parse(session.json()).user).toMatchObject({
      login: 'ana',
      nome_pessoa: 'Ana Beatriz Souza',
    });
  });

  it('accepts the login in any case and with surrounding spaces, as people type it', async () => {
    expect((await passwordGrant(ctx.app, '  Bruno ', 'estante-bruno')).statusCode).toBe(200);
  });

  it('opens the catalogue with the user token too (private-or-public calls)', async () => {
    const { access_token } = await signIn(ctx.app, 'carla', 'estante-carla');
    const search = await ctx.app.inject({
      url: '/api/consulta?termo=casmurro',
      headers: bearer(access_token),
    });
    expect(search.statusCode).toBe(200);
  });

  it('answers 401 with the same text for a wrong password and an unknown user', async () => {
    const wrong = await passwordGrant(ctx.app, 'diego', 'not-his-password', '203.0.113.50');
    const unknown = await passwordGrant(ctx.app, 'nobody-here', 'whatever', '203.0.113.50');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      message: 'Usuário ou senha incorretos.',
      code: 'INVALID_CREDENTIALS',
    });
    // The same answer but for the request id each carries.
    const withoutId = ({ requestId: _id, ...rest }: Record<string, unknown>) => rest;
    expect(withoutId(unknown.json())).toEqual(withoutId(wrong.json()));
  });

  it('answers the wrong-password text in the language of the call', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { idioma: '5' },
      payload: { grant_type: 'password', client_id: '4', username: 'diego', password: 'nope' },
    });
    expect(response.json().message).toBe('Incorrect user or password.');
  });

  it('answers 400 when the username or password is missing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', client_id: '4', username: 'ana' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('LOGIN_FAILED');
  });

  it('refuses the password grant for a client other than the portal', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', client_id: '7', username: 'ana', password: 'estante-ana' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CLIENT');
  });

  it('answers 430 ACESSO_BLOQUEADO for a blocked password, only once the password is right', async () => {
    const added = await addUser(ctx.db, {
      login: 'blocked1',
      name: 'Bea Bloqueada',
      category: '01',
      password: 'right-password-1',
    });
    if (!added.ok) throw new Error(added.reason);
    await ctx.db.query('UPDATE patron SET is_blocked = true WHERE id = $1', [added.id]);
    const wrong = await passwordGrant(ctx.app, 'blocked1', 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    const right = await passwordGrant(ctx.app, 'blocked1', 'right-password-1');
    expect(right.statusCode).toBe(430);
    expect(right.json()).toMatchObject({
      message: 'Senha bloqueada. Use a opção "Esqueci minha senha".',
      code: 'ACESSO_BLOQUEADO',
    });
  });

  it('asks which person is meant when several people answer to a username, and takes the person code', async () => {
    const first = await addUser(ctx.db, {
      login: 'joao.silva',
      name: 'João Silva',
      category: '01',
      password: 'senha-do-joao',
      aliases: ['familia@example.org'],
    });
    const second = await addUser(ctx.db, {
      login: 'maria.silva',
      name: 'Maria Silva',
      category: '12',
      password: 'senha-da-maria',
      aliases: ['familia@example.org'],
    });
    if (!first.ok || !second.ok) throw new Error('patrons not added');
    const ambiguous = await passwordGrant(ctx.app, 'familia@example.org', 'senha-da-maria');
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json()).toMatchObject({
      message: 'identityRules.choiceRequired',
      code: 'LOGIN_CHOICE_REQUIRED',
    });

    const duplicates = await ctx.app.inject({
      url: '/api/pessoas/duplicadas?usuario=Familia@example.org',
      headers: bearer(await publicToken(ctx.app)),
    });
    expect(duplicates.json()).toEqual({
      result: true,
      pessoas: [
        { codigo: first.id, nome: 'João Silva' },
        { codigo: second.id, nome: 'Maria Silva' },
      ],
    });

    const maria = await passwordGrant(
      ctx.app,
      buildLoginUsername('familia@example.org', { person: second.id }),
      'senha-da-maria',
    );
    expect(maria.statusCode).toBe(200);
    const session = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(maria.json().access_token) });
    expect(session.json().user.login).toBe('maria.silva');

    const byCategory = await passwordGrant(
      ctx.app,
      buildLoginUsername('familia@example.org', { category: '01' }),
      'senha-do-joao',
    );
    expect(byCategory.statusCode).toBe(200);
    // The person code picks among the people the username names, never anyone else.
    const elsewhere = await passwordGrant(
      ctx.app,
      buildLoginUsername('familia@example.org', { person: 1 }),
      'estante-ana',
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('documents the sign-in calls in the OpenAPI description', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths as object);
    for (const path of [
      '/api/oauth/token',
      '/api/oauth/revoke',
      '/api/pessoas',
      '/api/pessoas/troca-login',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('tells a visitor nothing about a username that names one person or none', async () => {
    const headers = bearer(await publicToken(ctx.app));
    for (const usuario of ['ana', 'nobody-at-all']) {
      const response = await ctx.app.inject({ url: `/api/pessoas/duplicadas?usuario=${usuario}`, headers });
      expect(response.json()).toEqual({ result: false, pessoas: [] });
    }
  });
});

describe('refresh grant and logout', () => {
  const clock = testClock();
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
  });
  afterAll(() => ctx.close());

  it('rotates the refresh token on every use and keeps the session going', async () => {
    const first = await signIn(ctx.app, 'ana', 'estante-ana');
    const second = await refreshGrant(ctx.app, first.refresh_token);
    expect(second.statusCode).toBe(200);
    const pair = TokenResponseSchema.parse(second.json());
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    const third = await refreshGrant(ctx.app, pair.refresh_token!);
    expect(third.statusCode).toBe(200);
    const session = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(third.json().access_token) });
    expect(session.json().user.login).toBe('ana');
  });

  it('answers 401 INVALID_GRANT to an unknown refresh token', async () => {
    const response = await refreshGrant(ctx.app, 'made-up-refresh-token');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_GRANT');
  });

  it('refuses a refresh token after its lifetime (30 days)', async () => {
    const pair = await signIn(ctx.app, 'bruno', 'estante-bruno');
    clock.advance(29 * 86_400);
    const renewed = await refreshGrant(ctx.app, pair.refresh_token);
    expect(renewed.statusCode).toBe(200);
    clock.advance(30 * 86_400 + 1);
    expect((await refreshGrant(ctx.app, renewed.json().refresh_token)).statusCode).toBe(401);
    // The next sign-in clears expired tokens away.
    await signIn(ctx.app, 'bruno', 'estante-bruno');
    const { rows } = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM refresh_token WHERE expires_at <= $1::timestamptz',
      [clock.now().toISOString()],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('logs out: the refresh token and the access token of the session stop working', async () => {
    const pair = await signIn(ctx.app, 'carla', 'estante-carla');
    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/revoke',
      payload: { token: pair.refresh_token, token_type_hint: 'refresh_token' },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({});
    expect((await refreshGrant(ctx.app, pair.refresh_token)).statusCode).toBe(401);
    const session = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(pair.access_token) });
    expect(session.statusCode).toBe(401);
  });

  it('logs out with the access token as well, and answers 200 to a token it does not know', async () => {
    const pair = await signIn(ctx.app, 'diego', 'estante-diego');
    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${pair.access_token}`,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await refreshGrant(ctx.app, pair.refresh_token)).statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/revoke',
      payload: { token: 'nothing-like-a-token' },
    });
    expect(unknown.statusCode).toBe(200);
  });

  it('keeps other sessions of the same patron open after one logs out', async () => {
    const phone = await signIn(ctx.app, 'elisa', 'estante-elisa');
    const laptop = await signIn(ctx.app, 'elisa', 'estante-elisa');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/revoke',
      payload: { token: phone.refresh_token },
    });
    expect((await refreshGrant(ctx.app, laptop.refresh_token)).statusCode).toBe(200);
  });

  it('records sign-ins, refreshes and logouts in an audit that cannot be rewritten', async () => {
    const { rows } = await ctx.db.query<{ event: string }>(
      "SELECT DISTINCT event FROM sign_in_event WHERE event IN ('sign_in', 'refresh', 'logout') ORDER BY event",
    );
    expect(rows.map((r) => r.event)).toEqual(['logout', 'refresh', 'sign_in']);
    await expect(ctx.db.query('DELETE FROM sign_in_event')).rejects.toThrow(/append-only/);
  });
});
