import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LinkedLoginsSchema,
  PasswordRulesSchema,
  TokenResponseSchema,
  UserSessionSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { writeSetting } from '../institution/repository.ts';
import { addUser } from './users.ts';
import { bearer, passwordGrant, refreshGrant, signIn } from './testing.ts';

describe('the signed-in patron (/pessoas)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let student: number;
  let staff: number;
  beforeAll(async () => {
    ctx = await buildTestApp();
    // One person with two logins: a graduate student who also works at the library.
    const a = await addUser(ctx.db, {
      login: 'rita.aluna',
      name: 'Rita Moura',
      email: 'rita@aluno.example.org',
      category: '03',
      password: 'rita-senha-aluna',
      personKey: '111.222.333-44',
    });
    const b = await addUser(ctx.db, {
      login: 'rita.func',
      name: 'Rita Moura',
      email: 'rita@biblioteca.example.org',
      category: '07',
      password: 'rita-senha-func',
      personKey: '111.222.333-44',
    });
    if (!a.ok || !b.ok) throw new Error('patrons not added');
    student = a.id;
    staff = b.id;
  });
  afterAll(() => ctx.close());

  it('gives the user, their module permissions and the blocked flag', async () => {
    const { access_token } = await signIn(ctx.app, 'ana', 'estante-ana');
    const response = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(access_token) });
    expect(response.statusCode).toBe(200);
    const session = UserSessionSchema.parse(response.json());
    expect(session.user).toMatchObject({ login: 'ana', nome_pessoa: 'Ana Beatriz Souza' });
    expect(session.user.cod_pessoa).toBeTypeOf('number');
    expect(session.bloqueio).toBe(false);
    expect(session.authPermissions).toContainEqual({
      cod_modulo: 1,
      cod_atividade: 8,
      descricao: 'Área pessoal',
    });
    const english = await ctx.app.inject({
      url: '/api/pessoas',
      headers: { ...bearer(access_token), idioma: '5' },
    });
    expect(english.json().authPermissions).toContainEqual({
      cod_modulo: 1,
      cod_atividade: 8,
      descricao: 'Personal area',
    });
  });

  it('answers 401 to a visitor with a public token or none', async () => {
    const visitor = bearer(await publicToken(ctx.app));
    for (const url of ['/api/pessoas', '/api/pessoas/login', '/api/pessoas/email-pessoa-logada']) {
      expect((await ctx.app.inject({ url, headers: visitor })).statusCode).toBe(401);
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('lists the logins of the same person, marking the current one', async () => {
    const { access_token } = await signIn(ctx.app, 'rita.aluna', 'rita-senha-aluna');
    const response = await ctx.app.inject({ url: '/api/pessoas/login', headers: bearer(access_token) });
    const logins = LinkedLoginsSchema.parse(response.json());
    expect(logins.map((l) => [l.login, l.codigo, l.categoria, l.atual])).toEqual([
      ['rita.aluna', student, '03', true],
      ['rita.func', staff, '07', false],
    ]);
    expect(logins[1]?.desc_categoria).toBe('Funcionário');
  });

  it('lists only their own login for a patron with no other', async () => {
    const { access_token } = await signIn(ctx.app, 'bruno', 'estante-bruno');
    const response = await ctx.app.inject({ url: '/api/pessoas/login', headers: bearer(access_token) });
    expect(response.json().map((l: { login: string }) => l.login)).toEqual(['bruno']);
  });

  it('switches to another login of the person with a new session and ends the old one', async () => {
    const before = await signIn(ctx.app, 'rita.aluna', 'rita-senha-aluna');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/pessoas/troca-login',
      headers: bearer(before.access_token),
      payload: { codigo: staff, base: 'estante' },
    });
    expect(response.statusCode).toBe(200);
    const after = TokenResponseSchema.parse(response.json());
    const session = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(after.access_token) });
    expect(session.json().user.login).toBe('rita.func');
    expect(
      (await ctx.app.inject({ url: '/api/pessoas', headers: bearer(before.access_token) })).statusCode,
    ).toBe(401);
    expect((await refreshGrant(ctx.app, before.refresh_token)).statusCode).toBe(401);
  });

  it("names one of the person's own logins", async () => {
    const { access_token } = await signIn(ctx.app, 'rita.aluna', 'rita-senha-aluna');
    for (const login of ['rita.aluna', 'rita.func']) {
      const response = await ctx.app.inject({
        url: `/api/pessoas/${login}/nome`,
        headers: bearer(access_token),
      });
      expect(response.json()).toEqual({ nome: 'Rita Moura' });
    }
  });

  it('gives the e-mail of the signed-in patron', async () => {
    const { access_token } = await signIn(ctx.app, 'rita.func', 'rita-senha-func');
    const response = await ctx.app.inject({
      url: '/api/pessoas/email-pessoa-logada',
      headers: bearer(access_token),
    });
    expect(response.json()).toEqual({ email: 'rita@biblioteca.example.org' });
  });
});

describe('password change (/pessoas/meu-pergamum/senha)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  const change = (token: string, senhaAtual: string, senhaNova: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/pessoas/meu-pergamum/senha',
      headers: bearer(token),
      payload: { senhaAtual, senhaNova },
    });
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('changes the password, trimming the new one, and ends the other sessions', async () => {
    const other = await signIn(ctx.app, 'ana', 'estante-ana');
    const current = await signIn(ctx.app, 'ana', 'estante-ana');
    const response = await change(current.access_token, 'estante-ana', '  nova-senha-da-ana  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });
    expect((await passwordGrant(ctx.app, 'ana', 'estante-ana')).statusCode).toBe(401);
    expect((await passwordGrant(ctx.app, 'ana', 'nova-senha-da-ana')).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ url: '/api/pessoas', headers: bearer(current.access_token) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ url: '/api/pessoas', headers: bearer(other.access_token) })).statusCode,
    ).toBe(401);
    expect((await refreshGrant(ctx.app, other.refresh_token)).statusCode).toBe(401);
  });

  it('answers 422 with a translation key when the current password is wrong', async () => {
    const { access_token } = await signIn(ctx.app, 'bruno', 'estante-bruno');
    const response = await change(access_token, 'not-the-password', 'outra-senha-1');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'identityRules.currentPasswordWrong',
      code: 'CURRENT_PASSWORD_WRONG',
    });
  });

  it("checks the institution's rules on the server, including the last passwords", async () => {
    await writeSetting(ctx.db, 'regras_senha', {
      length: { min: 8, max: 20 },
      has_numbers: true,
      diff_case: true,
      special_char: true,
      diff_name: true,
      last_pw: 2,
    });
    try {
      const { access_token } = await signIn(ctx.app, 'carla', 'estante-carla');
      for (const weak of ['Ab1!', 'abcdefg1!', 'Abcdefgh!', 'Abcdefgh1', 'Carla-2026!', 'estante-carla']) {
        const response = await change(access_token, 'estante-carla', weak);
        expect(response.statusCode, weak).toBe(422);
        expect(response.json()).toMatchObject({
          message: 'identityRules.passwordCriteria',
          code: 'PASSWORD_CRITERIA',
        });
      }
      expect((await change(access_token, 'estante-carla', 'Livros#2026')).statusCode).toBe(200);
      expect((await change(access_token, 'Livros#2026', 'Estante#2027')).statusCode).toBe(200);
      // The previous password is among the last two, so it cannot come back yet.
      expect((await change(access_token, 'Estante#2027', 'Livros#2026')).statusCode).toBe(422);
      expect((await change(access_token, 'Estante#2027', 'Estante#2027')).statusCode).toBe(422);
      expect((await change(access_token, 'Estante#2027', 'Mapas#2028')).statusCode).toBe(200);
    } finally {
      await ctx.db.query("DELETE FROM institution_setting WHERE key = 'regras_senha'");
    }
  });

  it('is refused with 403 when the personal area is turned off', async () => {
    const { access_token } = await signIn(ctx.app, 'diego', 'estante-diego');
    await ctx.db.query('UPDATE activity SET enabled = false WHERE code = 8');
    try {
      const response = await change(access_token, 'estante-diego', 'diego-nova-senha');
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    } finally {
      await ctx.db.query('UPDATE activity SET enabled = true WHERE code = 8');
    }
  });

  it("is refused with 403 when the patron's category lacks the personal-area permission", async () => {
    const { access_token } = await signIn(ctx.app, 'elisa', 'estante-elisa');
    await ctx.db.query("DELETE FROM category_permission WHERE category_code = '07' AND activity_code = 8");
    const response = await change(access_token, 'estante-elisa', 'elisa-nova-senha');
    expect(response.statusCode).toBe(403);
    const session = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(access_token) });
    expect(
      session.json().authPermissions.map((p: { cod_atividade: number }) => p.cod_atividade),
    ).not.toContain(8);
  });
});

describe("one patron cannot reach another's data", () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let ana: { access_token: string };
  let brunoId: number;
  beforeAll(async () => {
    ctx = await buildTestApp();
    ana = await signIn(ctx.app, 'ana', 'estante-ana');
    const { rows } = await ctx.db.query<{ id: number }>("SELECT id FROM patron WHERE login = 'bruno'");
    brunoId = rows[0]!.id;
  });
  afterAll(() => ctx.close());

  const asAna = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(ana.access_token), ...(payload ? { payload } : {}) });

  it('GET /pessoas answers about the token, whatever the query names', async () => {
    for (const url of [`/api/pessoas?cod_pessoa=${brunoId}`, '/api/pessoas?login=bruno']) {
      const response = await asAna('GET', url);
      expect(response.json().user.login).toBe('ana');
    }
  });

  it("GET /pessoas/login lists none of another patron's logins", async () => {
    const response = await asAna('GET', `/api/pessoas/login?codigo=${brunoId}`);
    expect(response.json().map((l: { login: string }) => l.login)).toEqual(['ana']);
  });

  it("PUT /pessoas/troca-login cannot switch to another patron's login", async () => {
    const response = await asAna('PUT', '/api/pessoas/troca-login', { codigo: brunoId, base: 'estante' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('access_token');
  });

  it('GET /pessoas/{user}/nome does not name another patron', async () => {
    const response = await asAna('GET', '/api/pessoas/bruno/nome');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Registro não encontrado.', code: 'NOT_FOUND' });
    expect(response.body).not.toContain('Bruno');
  });

  it("GET /pessoas/duplicadas names nobody for a single patron's login", async () => {
    const response = await asAna('GET', '/api/pessoas/duplicadas?usuario=bruno');
    expect(response.json()).toEqual({ result: false, pessoas: [] });
  });

  it("GET /pessoas/email-pessoa-logada gives only the caller's e-mail", async () => {
    const response = await asAna('GET', `/api/pessoas/email-pessoa-logada?login=bruno&cod_pessoa=${brunoId}`);
    expect(response.json()).toEqual({ email: 'ana@demo.estante.example' });
  });

  it("PUT /pessoas/meu-pergamum/senha cannot change another patron's password", async () => {
    const response = await asAna('PUT', `/api/pessoas/meu-pergamum/senha?cod_pessoa=${brunoId}`, {
      senhaAtual: 'estante-bruno',
      senhaNova: 'taken-over-1',
    });
    expect(response.statusCode).toBe(422);
    expect((await passwordGrant(ctx.app, 'bruno', 'estante-bruno')).statusCode).toBe(200);
    expect((await passwordGrant(ctx.app, 'bruno', 'taken-over-1')).statusCode).toBe(401);
  });
});

describe('password change: the rules and the choice of ending the other sessions', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('GET /pessoas/meu-pergamum/senha answers the rules recovery checks', async () => {
    await writeSetting(ctx.db, 'regras_senha', {
      length: { min: 8, max: 20 },
      has_numbers: true,
      last_pw: 3,
    });
    const { access_token } = await signIn(ctx.app, 'ana', 'estante-ana');
    const response = await ctx.app.inject({
      url: '/api/pessoas/meu-pergamum/senha',
      headers: bearer(access_token),
    });
    expect(response.statusCode).toBe(200);
    expect(PasswordRulesSchema.parse(response.json())).toMatchObject({
      length: { min: 8, max: 20 },
      has_numbers: true,
      last_pw: 3,
    });
    expect((await ctx.app.inject({ url: '/api/pessoas/meu-pergamum/senha' })).statusCode).toBe(401);
  });

  it('keeps the other sessions when the patron chooses so; the current one always stays', async () => {
    const other = await signIn(ctx.app, 'bruno', 'estante-bruno');
    const current = await signIn(ctx.app, 'bruno', 'estante-bruno');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/pessoas/meu-pergamum/senha',
      headers: bearer(current.access_token),
      payload: { senhaAtual: 'estante-bruno', senhaNova: 'bruno-nova-senha-1', encerrarOutrasSessoes: false },
    });
    expect(response.statusCode).toBe(200);
    for (const token of [current.access_token, other.access_token]) {
      expect((await ctx.app.inject({ url: '/api/pessoas', headers: bearer(token) })).statusCode).toBe(200);
    }
    const again = await ctx.app.inject({
      method: 'PUT',
      url: '/api/pessoas/meu-pergamum/senha',
      headers: bearer(current.access_token),
      payload: {
        senhaAtual: 'bruno-nova-senha-1',
        senhaNova: 'bruno-nova-senha-2',
        encerrarOutrasSessoes: true,
      },
    });
    expect(again.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ url: '/api/pessoas', headers: bearer(current.access_token) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ url: '/api/pessoas', headers: bearer(other.access_token) })).statusCode,
    ).toBe(401);
  });

  it('is refused with 403 when the category lacks the password activity (818)', async () => {
    const { access_token } = await signIn(ctx.app, 'diego', 'estante-diego');
    await ctx.db.query("DELETE FROM category_permission WHERE category_code = '05' AND activity_code = 818");
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/pessoas/meu-pergamum/senha',
      headers: bearer(access_token),
      payload: { senhaAtual: 'estante-diego', senhaNova: 'diego-nova-senha' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('user swap from the personal area (POST /pessoas/meu-pergamum/troca-usuario)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  const swap = (token: string, usuario: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/pessoas/meu-pergamum/troca-usuario',
      headers: bearer(token),
      payload: { usuario },
    });
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('switches to a linked login and ends the session it came from', async () => {
    const fernanda = await signIn(ctx.app, 'fernanda', 'estante-fernanda');
    const response = await swap(fernanda.access_token, 'FERNANDA.FUNC');
    expect(response.statusCode).toBe(200);
    const pair = TokenResponseSchema.parse(response.json());
    const session = await ctx.app.inject({ url: '/api/pessoas', headers: bearer(pair.access_token) });
    expect(session.json().user.login).toBe('fernanda.func');
    expect(
      (await ctx.app.inject({ url: '/api/pessoas', headers: bearer(fernanda.access_token) })).statusCode,
    ).toBe(401);
  });

  it("refuses another person's login as not found, keeping the session", async () => {
    const ana = await signIn(ctx.app, 'ana', 'estante-ana');
    for (const login of ['bruno', 'fernanda.func', 'nobody']) {
      const response = await swap(ana.access_token, login);
      expect(response.statusCode, login).toBe(404);
    }
    expect(
      (await ctx.app.inject({ url: '/api/pessoas', headers: bearer(ana.access_token) })).statusCode,
    ).toBe(200);
  });

  it('is refused with 403 when the category lacks the user-swap activity (812)', async () => {
    const fernanda = await signIn(ctx.app, 'fernanda', 'estante-fernanda');
    await ctx.db.query("DELETE FROM category_permission WHERE category_code = '03' AND activity_code = 812");
    expect((await swap(fernanda.access_token, 'fernanda.func')).statusCode).toBe(403);
  });
});
