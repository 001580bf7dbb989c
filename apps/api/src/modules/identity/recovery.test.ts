import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  InstitutionSchema,
  isPasswordRecoveryOffered,
  PasswordRulesSchema,
  RecoveryStartSchema,
  RECOVERY_PATHS,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { startTestMail, startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp-server.ts';
import { createSmtpMailer, type Mailer } from '../../lib/mail.ts';
import { writeSetting } from '../institution/repository.ts';
import { addUser } from './users.ts';
import { bearer, passwordGrant, refreshGrant, signIn, testClock } from './testing.ts';

const url = (login: string) => `/api${RECOVERY_PATHS.recovery(login)}`;

const DEFAULT_RULES = {
  length: { min: 6, max: 64 },
  has_numbers: false,
  only_numbers: false,
  diff_case: false,
  special_char: false,
  diff_name: false,
  last_pw: 0,
};

describe('password recovery by e-mail (SPEC §4 forgot password, §7 /pessoas/{login}/recuperar-senha)', () => {
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let token: string;
  // Starts at the real time, so password history rows (stamped by the database) stay in order.
  const clock = testClock(new Date());
  let serial = 0;

  beforeAll(async () => {
    ({ smtp, mailer } = await startTestMail());
    ctx = await buildTestApp({ mailer, clock });
  });
  afterAll(async () => {
    await ctx.close();
    await mailer.close();
    await smtp.close();
  });
  // One app for the file; each test gets its own patron, the default settings and an empty mailbox.
  beforeEach(async () => {
    await writeSetting(ctx.db, 'regras_senha', DEFAULT_RULES);
    // All calls come from one address here; the address cap has a test of its own.
    await writeSetting(ctx.db, 'recuperacao_senha', { codigos_por_endereco_hora: 1000 });
    await ctx.db.query(
      `DELETE FROM institution_setting WHERE key IN ('modo_autenticacao', 'modo_criptografia')`,
    );
    smtp.clear();
    token = await publicToken(ctx.app);
  });

  /** A new patron with an e-mail and a password; answers the login and the password. */
  async function newPatron(fields: { name?: string; email?: string | null } = {}) {
    serial += 1;
    const login = `paula${serial}`;
    const password = `senha-inicial-${serial}`;
    const added = await addUser(ctx.db, {
      login,
      name: fields.name ?? 'Paula Ramos Teixeira',
      email: fields.email === undefined ? `${login}@demo.estante.example` : fields.email,
      category: '05',
      password,
    });
    expect(added.ok).toBe(true);
    return { login, password };
  }

  const start = (login: string, language = '1') =>
    ctx.app.inject({ url: url(login), headers: { ...bearer(token), idioma: language } });
  const check = (login: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: url(login), headers: bearer(token), payload: { code } });
  const setPassword = (login: string, code: string, password: string) =>
    ctx.app.inject({ method: 'PUT', url: url(login), headers: bearer(token), payload: { code, password } });

  /** Starts recovery and reads the code from the e-mail the patron receives. */
  async function codeFor(login: string): Promise<string> {
    const response = await start(login);
    expect(response.statusCode, response.body).toBe(200);
    const mail = await smtp.nextMessage();
    const code = /: (\d+)$/m.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    return code!;
  }

  it('offers recovery through the institution flags (authentication mode 2, crypt mode 4)', async () => {
    const response = await ctx.app.inject({ url: '/api/parametros/instituicao', headers: bearer(token) });
    const institution = InstitutionSchema.parse(response.json());
    expect(institution).toMatchObject({ modo_autenticacao: 2, modo_criptografia: 4, envia_email: true });
    expect(isPasswordRecoveryOffered(institution)).toBe(true);
  });

  it('e-mails a code and answers the masked e-mail, first name, code length and expiry', async () => {
    const { login } = await newPatron();
    const response = await start(login);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = RecoveryStartSchema.parse(response.json());
    expect(body).toMatchObject({ emails: ['pa***@d***.example'], name: 'Paula', length: 6, tte: 900 });
    expect(new Date(body.expira_em).getTime()).toBe(clock.now().getTime() + 900_000);
    expect(response.body).not.toContain(`${login}@demo.estante.example`);

    const mail = await smtp.nextMessage();
    expect(mail.envelope.to).toEqual([`${login}@demo.estante.example`]);
    expect(mail.subject).toBe(
      'Universidade Estante — Bibliotecas (demonstração): código para criar uma nova senha',
    );
    expect(mail.text).toContain('Olá, Paula.');
    expect(mail.text).toMatch(/é: \d{6}$/m);
    expect(mail.text).toContain('vale por 15 minutos');
    expect(mail.html).toMatch(/<strong>\d{6}<\/strong>/);
  });

  it('writes the e-mail in the language of the call', async () => {
    const { login } = await newPatron({ name: 'Bruno Carvalho Lima' });
    expect((await start(login, '5')).statusCode).toBe(200);
    const english = await smtp.nextMessage();
    expect(english.subject).toContain('code to create a new password');
    expect(english.text).toContain('Hello, Bruno.');
    expect((await start(login, '3')).statusCode).toBe(200);
    const spanish = await smtp.nextMessage();
    expect(spanish.subject).toContain('código para crear una nueva contraseña');
    expect(spanish.text).toContain('Hola, Bruno.');
  });

  it('answers the password rules for the right code and 422 with the server message for a wrong one', async () => {
    const { login } = await newPatron();
    const code = await codeFor(login);
    const wrong = await check(login, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: 'recoveryRules.codeInvalid',
      code: 'RECOVERY_CODE_INVALID',
    });
    const right = await check(login, code);
    expect(right.statusCode).toBe(200);
    expect(PasswordRulesSchema.parse(right.json())).toEqual(DEFAULT_RULES);
  });

  it('answers the rules the institution set', async () => {
    const rules = {
      length: { min: 10, max: 20 },
      has_numbers: true,
      only_numbers: false,
      diff_case: true,
      special_char: true,
      diff_name: true,
      last_pw: 3,
    };
    await writeSetting(ctx.db, 'regras_senha', rules);
    const { login } = await newPatron();
    const code = await codeFor(login);
    expect((await check(login, code)).json()).toEqual(rules);
  });

  it('sets the new password, checking every rule on the server; the old one stops working', async () => {
    await writeSetting(ctx.db, 'regras_senha', {
      length: { min: 10, max: 20 },
      has_numbers: true,
      only_numbers: false,
      diff_case: true,
      special_char: true,
      diff_name: true,
      last_pw: 0,
    });
    const { login, password } = await newPatron();
    const code = await codeFor(login);
    const refusals = [
      'Curta#1a', // too short
      'SemNumero#Longa', // no digit
      'semmaiuscula#12', // one case only
      'SemEspecial1234', // no special character
      'Ramos#Forte123', // part of the name
      'x'.repeat(15) + 'A#1' + 'y'.repeat(10), // too long
    ];
    for (const refusal of refusals) {
      const refused = await setPassword(login, code, refusal);
      expect(refused.statusCode, refusal).toBe(422);
      expect(refused.json(), refusal).toMatchObject({
        message: 'identityRules.passwordCriteria',
        code: 'PASSWORD_CRITERIA',
      });
    }
    // A refused password does not use up the code, nor its attempts.
    const done = await setPassword(login, code, '  Biblioteca#2026  ');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ result: true });
    // SPEC §5: the new password is trimmed.
    expect((await passwordGrant(ctx.app, login, 'Biblioteca#2026')).statusCode).toBe(200);
    expect((await passwordGrant(ctx.app, login, password)).statusCode).toBe(401);
    // The code is used up.
    const again = await setPassword(login, code, 'Outra#Senha2026');
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('RECOVERY_CODE_EXPIRED');
  });

  it('refuses a password among the last N, the current one included (history on the server)', async () => {
    await writeSetting(ctx.db, 'regras_senha', { length: { min: 6, max: 64 }, last_pw: 3 });
    await writeSetting(ctx.db, 'recuperacao_senha', {
      codigos_por_hora: 20,
      codigos_por_endereco_hora: 1000,
    });
    const { login, password: initial } = await newPatron();
    // The initial password is stamped by the database at the real time: keep the test clock past it.
    clock.advance(Math.max(0, (Date.now() - clock.now().getTime()) / 1000) + 1);
    const recover = async (password: string) => {
      const code = await codeFor(login);
      clock.advance(60);
      return setPassword(login, code, password);
    };
    expect((await recover('primeira-nova')).statusCode).toBe(200);
    expect((await recover('segunda-nova')).statusCode).toBe(200);
    // Current, previous and the one before (the initial password) are the last three.
    for (const old of ['segunda-nova', 'primeira-nova', initial]) {
      const refused = await recover(old);
      expect(refused.statusCode, old).toBe(422);
      expect(refused.json().code).toBe('PASSWORD_CRITERIA');
    }
    expect((await recover('terceira-nova')).statusCode).toBe(200);
    // Now the initial password is the fourth latest and may come back.
    expect((await recover(initial)).statusCode).toBe(200);
    token = await publicToken(ctx.app);
    expect((await passwordGrant(ctx.app, login, initial)).statusCode).toBe(200);
  });

  it('refuses an expired code with 422 and the server message; a new code (resend) works', async () => {
    const { login } = await newPatron();
    const code = await codeFor(login);
    clock.advance(15 * 60 + 1);
    const expired = await check(login, code);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({
      message: 'recoveryRules.codeExpired',
      code: 'RECOVERY_CODE_EXPIRED',
    });
    const fresh = await codeFor(login);
    expect((await check(login, fresh)).statusCode).toBe(200);
  });

  it('makes the previous code stop working when a new one is sent', async () => {
    const { login } = await newPatron();
    const first = await codeFor(login);
    const second = await codeFor(login);
    if (first !== second) expect((await check(login, first)).json().code).toBe('RECOVERY_CODE_INVALID');
    expect((await check(login, second)).statusCode).toBe(200);
  });

  it('gives up a code after five wrong tries, even the right code then fails', async () => {
    const { login } = await newPatron();
    const code = await codeFor(login);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect((await check(login, wrong)).json().code).toBe('RECOVERY_CODE_INVALID');
    const locked = await check(login, code);
    expect(locked.statusCode).toBe(422);
    expect(locked.json().code).toBe('RECOVERY_CODE_EXPIRED');
  });

  it('counts parallel guesses against the same limit', async () => {
    const { login } = await newPatron();
    const code = await codeFor(login);
    const wrong = code === '123456' ? '654321' : '123456';
    const answers = await Promise.all(Array.from({ length: 12 }, () => check(login, wrong)));
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 'RECOVERY_CODE_INVALID')).toHaveLength(5);
    expect(codes.filter((c) => c === 'RECOVERY_CODE_EXPIRED')).toHaveLength(7);
  });

  it('limits the codes sent for one login to five an hour (429)', async () => {
    const { login } = await newPatron();
    for (let i = 0; i < 5; i++) await codeFor(login);
    const sixth = await start(login);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RECOVERY_TOO_MANY_CODES');
    expect(smtp.messages).toHaveLength(5);
    clock.advance(3601);
    token = await publicToken(ctx.app);
    expect((await start(login)).statusCode).toBe(200);
  });

  it('limits the codes one client address asks for, all logins together (429)', async () => {
    await writeSetting(ctx.db, 'recuperacao_senha', { codigos_por_endereco_hora: 2 });
    const [a, b, c] = [await newPatron(), await newPatron(), await newPatron()];
    const from = (login: string, remoteAddress: string) =>
      ctx.app.inject({ url: url(login), headers: bearer(token), remoteAddress });
    expect((await from(a.login, '203.0.113.9')).statusCode).toBe(200);
    expect((await from(b.login, '203.0.113.9')).statusCode).toBe(200);
    const third = await from(c.login, '203.0.113.9');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RECOVERY_TOO_MANY_CODES');
    expect((await from(c.login, '198.51.100.20')).statusCode).toBe(200);
    expect(smtp.messages).toHaveLength(3);
  });

  it('unblocks a blocked password and ends every open session of the patron', async () => {
    const signedIn = await newPatron();
    const session = await signIn(ctx.app, signedIn.login, signedIn.password);
    const added = await addUser(ctx.db, {
      login: 'fabio',
      name: 'Fábio Lima',
      email: 'fabio@x.example',
      category: '05',
    });
    expect(added).toMatchObject({ ok: true, blocked: true });
    // SPEC §5: one field may hold several addresses separated by semicolons.
    await ctx.db.query(
      `UPDATE patron SET email = 'fabio@x.example; fabio.lima@y.example' WHERE login = 'fabio'`,
    );
    expect((await passwordGrant(ctx.app, 'fabio', 'anything')).statusCode).toBe(401);

    const started = await start('fabio');
    expect(started.json().emails).toEqual(['fa***@x***.example', 'fa***@y***.example']);
    const mail = await smtp.nextMessage();
    expect(mail.envelope.to).toEqual(['fabio@x.example', 'fabio.lima@y.example']);
    const code = /: (\d+)$/m.exec(mail.text)![1]!;
    expect((await setPassword('fabio', code, 'nova-senha-fabio')).statusCode).toBe(200);
    expect((await passwordGrant(ctx.app, 'fabio', 'nova-senha-fabio')).statusCode).toBe(200);

    const otherCode = await codeFor(signedIn.login);
    expect((await setPassword(signedIn.login, otherCode, 'outra-senha-qualquer')).statusCode).toBe(200);
    expect((await refreshGrant(ctx.app, session.refresh_token)).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/pessoas', headers: bearer(session.access_token) })).statusCode,
    ).toBe(401);
  });

  it('answers 422 for an unknown login and for a patron without e-mail, and sends nothing', async () => {
    const unknown = await start('ninguem');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      message: 'recoveryRules.userNotFound',
      code: 'RECOVERY_USER_NOT_FOUND',
    });
    const { login } = await newPatron({ email: null });
    const noEmail = await start(login);
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json()).toMatchObject({ message: 'recoveryRules.noEmail', code: 'RECOVERY_NO_EMAIL' });
    expect(smtp.messages).toHaveLength(0);
  });

  it('is not offered when the institution uses another authentication or crypt mode', async () => {
    await writeSetting(ctx.db, 'modo_autenticacao', 1);
    const institution = InstitutionSchema.parse(
      (await ctx.app.inject({ url: '/api/parametros/instituicao', headers: bearer(token) })).json(),
    );
    expect(isPasswordRecoveryOffered(institution)).toBe(false);
    const { login } = await newPatron();
    for (const response of [
      await start(login),
      await check(login, '123456'),
      await setPassword(login, '1', 'x'),
    ]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: 'recoveryRules.unavailable',
        code: 'RECOVERY_UNAVAILABLE',
      });
    }
    expect(smtp.messages).toHaveLength(0);
  });

  it('needs a token, as every call of the portal', async () => {
    expect((await ctx.app.inject({ url: url('ana') })).statusCode).toBe(401);
  });

  it('answers 400 naming the field when the code is missing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: url('ana'),
      headers: bearer(token),
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('code');
  });
});

describe('password recovery without a working mail server', () => {
  it('is not offered when no mailer is configured', async () => {
    const ctx = await buildTestApp();
    try {
      const token = await publicToken(ctx.app);
      // The web hides the forgot-password link: the institution data says no e-mail can be sent.
      const institution = InstitutionSchema.parse(
        (await ctx.app.inject({ url: '/api/parametros/instituicao', headers: bearer(token) })).json(),
      );
      expect(institution.envia_email).toBe(false);
      expect(isPasswordRecoveryOffered(institution)).toBe(false);
      const response = await ctx.app.inject({ url: url('ana'), headers: bearer(token) });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('RECOVERY_UNAVAILABLE');
    } finally {
      await ctx.close();
    }
  });

  it('answers 500 with the unexpected-error text when the e-mail cannot be sent, and logs why', async () => {
    const probe = await startTestSmtpServer();
    const port = probe.port;
    await probe.close();
    const lines: string[] = [];
    const mailer = createSmtpMailer({
      host: '127.0.0.1',
      port,
      secure: false,
      from: 'a@x.example',
      timeoutMs: 2000,
    });
    const ctx = await buildTestApp({
      mailer,
      logLevel: 'error',
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const token = await publicToken(ctx.app);
      const response = await ctx.app.inject({ url: url('ana'), headers: bearer(token) });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ message: 'Erro inesperado.', code: 'RECOVERY_MAIL_FAILED' });
      expect(lines.join('\n')).toContain('password recovery e-mail could not be sent');
    } finally {
      await ctx.close();
      await mailer.close();
    }
  });
});
