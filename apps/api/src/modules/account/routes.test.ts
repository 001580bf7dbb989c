import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivityInformationSchema,
  ActivitySchema,
  DEFAULT_EDITABLE_PERSONAL_DATA,
  DepartmentsSchema,
  PersonalDataSchema,
} from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { writeActivityInformation, writeSetting } from '../institution/repository.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { listDataChanges } from './repository.ts';
import { EDITABLE_FIELDS_SETTING, YEARLY_RENEWAL_SETTING } from './service.ts';

const PATH = '/api/pessoas/meu-pergamum/dados-pessoais';
// A CPF whose check digits are right (and one whose last digit is not).
const VALID_CPF = '52998224725';
const WRONG_CPF = '52998224726';

describe('personal data (/pessoas/meu-pergamum/dados-pessoais)', () => {
  // 2026-03-02 12:00 UTC is 09:00 of 2 March in the library's default time zone.
  const clock = testClock(new Date('2026-03-02T12:00:00Z'));
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let ana: string;
  let bruno: string;
  const get = (token: string) => ctx.app.inject({ url: PATH, headers: bearer(token) });
  const put = (token: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: PATH, headers: bearer(token), payload });
  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
    ana = (await signIn(ctx.app, 'ana', 'estante-ana')).access_token;
    bruno = (await signIn(ctx.app, 'bruno', 'estante-bruno')).access_token;
  });
  afterAll(() => ctx.close());

  it("answers the caller's own data, with which fields they may change", async () => {
    const response = await get(ana);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = PersonalDataSchema.parse(response.json());
    expect(data).toMatchObject({ login: 'ana', nome: 'Ana Beatriz Souza', recebe_email: true });
    expect(data.campos_editaveis).toEqual([...DEFAULT_EDITABLE_PERSONAL_DATA]);
    expect(data.campos_editaveis).not.toContain('cpf');
    expect(data.renovacao_anual).toBe(false);
  });

  it('needs a signed-in patron', async () => {
    expect((await ctx.app.inject({ url: PATH })).statusCode).toBe(401);
  });

  it('changes the data, keeps the first e-mail as the primary one and records each change', async () => {
    const response = await put(ana, {
      emails: ' ana.nova@example.org ;ana@outro.example.org; ',
      telefone: '(11) 5555-1234',
      logradouro: '  Rua das Flores, 12 ',
      cidade: 'São Paulo',
      estado_civil: 'casado',
      recebe_email: false,
    });
    expect(response.statusCode).toBe(200);
    const data = PersonalDataSchema.parse(response.json());
    expect(data).toMatchObject({
      emails: 'ana.nova@example.org; ana@outro.example.org',
      telefone: '(11) 5555-1234',
      logradouro: 'Rua das Flores, 12',
      cidade: 'São Paulo',
      estado_civil: 'casado',
      recebe_email: false,
    });
    // Recovery codes and notices go to the primary e-mail.
    const email = await ctx.app.inject({ url: '/api/pessoas/email-pessoa-logada', headers: bearer(ana) });
    expect(email.json()).toEqual({ email: 'ana.nova@example.org' });
    const history = await listDataChanges(ctx.db, { login: 'ana' });
    expect(history.map((h) => [h.field, h.old_value, h.new_value, h.changed_by])).toEqual(
      expect.arrayContaining([
        [
          'emails',
          'ana@demo.estante.example',
          'ana.nova@example.org; ana@outro.example.org',
          expect.stringMatching(/^patron:\d+$/),
        ],
        ['logradouro', null, 'Rua das Flores, 12', expect.any(String)],
        ['recebe_email', 'true', 'false', expect.any(String)],
      ]),
    );
    expect(history.every((h) => h.changed_at.toISOString() === '2026-03-02T12:00:00.000Z')).toBe(true);
    // Sending the same values again changes nothing and records nothing.
    const count = history.length;
    expect((await put(ana, { cidade: 'São Paulo', logradouro: 'Rua das Flores, 12' })).statusCode).toBe(200);
    expect(await listDataChanges(ctx.db, { login: 'ana' })).toHaveLength(count);
  });

  it("one patron never reaches another's data", async () => {
    await put(bruno, { cidade: 'Curitiba' });
    const anaData = PersonalDataSchema.parse((await get(ana)).json());
    expect(anaData.login).toBe('ana');
    expect(anaData.cidade).toBe('São Paulo');
    // Whatever the call names, it answers and changes the caller's own.
    const brunoId = (await ctx.db.query<{ id: number }>("SELECT id FROM patron WHERE login = 'bruno'"))
      .rows[0]!.id;
    const named = await ctx.app.inject({
      url: `${PATH}?cod_pessoa=${brunoId}&login=bruno`,
      headers: bearer(ana),
    });
    expect(named.json().login).toBe('ana');
    expect(PersonalDataSchema.parse((await get(bruno)).json()).cidade).toBe('Curitiba');
  });

  it.each([
    [{ emails: 'ana@example.org; not-an-address' }, 'account.errors.emailInvalid'],
    [{ emails: ' ; ' }, 'account.errors.emailRequired'],
    [{ emails: 'a@x.org;b@x.org;c@x.org;d@x.org;e@x.org;f@x.org' }, 'account.errors.tooManyEmails'],
    [{ telefone: '11 5555+1234' }, 'account.errors.phoneInvalid'],
    [{ celular: '12345678901234567' }, 'account.errors.phoneInvalid'],
    [{ data_nascimento: '2026-03-02' }, 'account.errors.birthDateFuture'],
  ])('refuses %j with a 422 naming the rule, changing nothing', async (payload, key) => {
    const before = (await get(ana)).json();
    const response = await put(ana, { ...payload, cidade: 'Santos' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'PERSONAL_DATA_INVALID', message: key });
    expect((await get(ana)).json()).toEqual(before);
  });

  it('refuses a field the patron may not change when sent changed, and takes it unchanged', async () => {
    const locked = await put(ana, { cpf: VALID_CPF });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toEqual(
      expect.objectContaining({ code: 'PERSONAL_DATA_LOCKED', message: 'account.errors.fieldLocked' }),
    );
    // The same (empty) value as stored is not a change.
    expect((await put(ana, { cpf: null, cidade: 'São Paulo' })).statusCode).toBe(200);
  });

  it('takes the CPF when the institution lets patrons change it, checking its digits', async () => {
    await writeSetting(ctx.db, EDITABLE_FIELDS_SETTING, ['cpf', 'emails']);
    try {
      const data = PersonalDataSchema.parse((await get(bruno)).json());
      expect(data.campos_editaveis).toEqual(['emails', 'cpf']);
      const wrong = await put(bruno, { cpf: WRONG_CPF });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toBe('account.errors.cpfInvalid');
      expect((await put(bruno, { cpf: '529.982.247-25' })).json().message).toBe('account.errors.cpfInvalid');
      expect((await put(bruno, { cpf: '11111111111' })).json().message).toBe('account.errors.cpfInvalid');
      const right = await put(bruno, { cpf: VALID_CPF });
      expect(right.statusCode).toBe(200);
      expect(right.json().cpf).toBe(VALID_CPF);
      // The city was editable by default; now it is not.
      expect((await put(bruno, { cidade: 'Londrina' })).json().code).toBe('PERSONAL_DATA_LOCKED');
    } finally {
      await writeSetting(ctx.db, EDITABLE_FIELDS_SETTING, null);
    }
  });

  it('is refused with 403 when the category lacks the personal-data activity', async () => {
    const elisa = (await signIn(ctx.app, 'elisa', 'estante-elisa')).access_token;
    await ctx.db.query("DELETE FROM category_permission WHERE category_code = '07' AND activity_code = 811");
    expect((await get(elisa)).statusCode).toBe(403);
    expect((await put(elisa, { cidade: 'Recife' })).statusCode).toBe(403);
  });
});

describe('yearly registration renewal (POST /pessoas/renovar)', () => {
  const clock = testClock(new Date('2026-03-02T12:00:00Z'));
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let token: string;
  const renew = (payload: object = { confirmo: true }) =>
    ctx.app.inject({ method: 'POST', url: '/api/pessoas/renovar', headers: bearer(token), payload });
  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
    token = (await signIn(ctx.app, 'carla', 'estante-carla')).access_token;
  });
  afterAll(() => ctx.close());

  it('is refused while the institution does not ask for it', async () => {
    const response = await renew();
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'REGISTRATION_RENEWAL_OFF',
      message: 'account.errors.renewalOff',
    });
  });

  it('needs the patron to confirm their data', async () => {
    await writeSetting(ctx.db, YEARLY_RENEWAL_SETTING, true);
    expect((await renew({ confirmo: false })).statusCode).toBe(400);
  });

  it('moves the validity a year on, only within the renewal window', async () => {
    await writeSetting(ctx.db, YEARLY_RENEWAL_SETTING, true);
    const data = (await ctx.app.inject({ url: PATH, headers: bearer(token) })).json();
    expect(data).toMatchObject({ renovacao_anual: true, pode_renovar: true, validade_cadastro: null });
    const first = await renew();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ validade_cadastro: '2027-03-02' });
    // A year away is outside the window.
    const early = await renew();
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('REGISTRATION_RENEWAL_EARLY');
    expect((await ctx.app.inject({ url: PATH, headers: bearer(token) })).json().pode_renovar).toBe(false);
    // Forty days before the end it can be renewed, from its end rather than from today.
    clock.advance((365 - 40) * 86_400);
    token = (await signIn(ctx.app, 'carla', 'estante-carla')).access_token;
    const second = await renew();
    expect(second.json()).toEqual({ validade_cadastro: '2028-03-02' });
    const history = await listDataChanges(ctx.db, { login: 'carla' });
    expect(history.map((h) => [h.field, h.old_value, h.new_value])).toEqual([
      ['validade_cadastro', null, '2027-03-02'],
      ['validade_cadastro', '2027-03-02', '2028-03-02'],
    ]);
  });
});

describe('the rest of the people and parameter calls', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let token: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    token = (await signIn(ctx.app, 'diego', 'estante-diego')).access_token;
  });
  afterAll(() => ctx.close());

  it('GET /pessoas/departamentos lists the departments (the courses of the teaching plan)', async () => {
    const response = await ctx.app.inject({ url: '/api/pessoas/departamentos', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const departments = DepartmentsSchema.parse(response.json());
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM course');
    expect(departments).toHaveLength(rows[0]!.n);
    expect(departments.length).toBeGreaterThan(0);
    expect((await ctx.app.inject({ url: '/api/pessoas/departamentos' })).statusCode).toBe(401);
  });

  it('GET /parametros/atividade/{id} and /informativo answer the activity and its information text', async () => {
    const activity = await ctx.app.inject({ url: '/api/parametros/atividade/811', headers: bearer(token) });
    expect(ActivitySchema.parse(activity.json())).toEqual({
      cod_atividade: 811,
      descricao: 'Dados pessoais',
    });
    const english = await ctx.app.inject({
      url: '/api/parametros/atividade/811',
      headers: { ...bearer(token), idioma: '5' },
    });
    expect(english.json().descricao).toBe('Personal data');
    const none = await ctx.app.inject({
      url: '/api/parametros/atividade/811/informativo',
      headers: bearer(token),
    });
    expect(ActivityInformationSchema.parse(none.json())).toEqual({ cod_atividade: 811, informativo: null });
    await writeActivityInformation(ctx.db, 811, 'pt', '<p>Mantenha seu e-mail em dia.</p>');
    const info = await ctx.app.inject({
      url: '/api/parametros/atividade/811/informativo',
      headers: bearer(token),
    });
    expect(info.json().informativo).toBe('<p>Mantenha seu e-mail em dia.</p>');
    // Untranslated: the Portuguese text.
    const spanish = await ctx.app.inject({
      url: '/api/parametros/atividade/811/informativo',
      headers: { ...bearer(token), idioma: '3' },
    });
    expect(spanish.json().informativo).toBe('<p>Mantenha seu e-mail em dia.</p>');
  });

  it('answers 404 for an unknown activity or one the institution turned off', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/parametros/atividade/99999', headers: bearer(token) })).statusCode,
    ).toBe(404);
    await ctx.db.query('UPDATE activity SET enabled = false WHERE code = 815');
    for (const url of ['/api/parametros/atividade/815', '/api/parametros/atividade/815/informativo']) {
      expect((await ctx.app.inject({ url, headers: bearer(token) })).statusCode).toBe(404);
    }
  });
});
