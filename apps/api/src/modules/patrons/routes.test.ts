import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import {
  RECOVERY_PATHS,
  STAFF_PATHS,
  StaffAuditPageSchema,
  StaffPatronImportSchema,
  StaffPatronResetCodeSchema,
  StaffPatronSchema,
  StaffPatronSearchSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { createCirculationEngine } from '../circulation/index.ts';
import { makeLibrary, makePatron, makeTitle } from '../circulation/testing.ts';
import { writeSetting } from '../institution/repository.ts';
import { updatePassword } from '../identity/repository.ts';
import { bearer, passwordGrant, signIn, testClock } from '../identity/testing.ts';

// Patrons in the staff workspace and the audit log's search (decision 0062): the circulation role
// finds, reads, blocks and unblocks patrons and sends reset codes; the administrator imports them
// and reads the log. Every change is in the log.

describe('patrons in the staff workspace', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    clock = testClock(new Date('2031-05-10T12:00:00Z'));
    ctx = await buildTestApp({ clock, mailer: mail.mailer });
  });
  afterEach(() => ctx.close());

  const as = async (login: string, password = `estante-${login.replace('.', '-')}`) =>
    bearer((await signIn(ctx.app, login, password)).access_token);
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, headers = {}, payload?: object) =>
    ctx.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
  /** A patron with an accented name, a CPF and an RG. */
  const joana = async () => {
    const patron = await makePatron(ctx.db, { email: 'joana.brandao@example.org' });
    await ctx.db.query(
      "UPDATE patron SET name = 'Joana da Conceição Brandão', tax_number = '52998224725', id_number = 'MG-12.345.678' WHERE id = $1",
      [patron.id],
    );
    return patron;
  };
  const auditOf = async (login: string) =>
    (
      await ctx.db.query<{ actor_login: string; action: string; before: unknown; after: unknown }>(
        "SELECT actor_login, action, before, after FROM staff_action WHERE target_kind = 'patron' AND target_id = $1 ORDER BY id",
        [login],
      )
    ).rows;

  it('refuses every call to visitors (401), patrons and staff without the role (403)', async () => {
    const patron = await joana();
    const calls: [string, 'GET' | 'PUT' | 'DELETE' | 'POST', string, object?][] = [
      ['circulacao', 'GET', `${STAFF_PATHS.patrons}?q=joana`],
      ['circulacao', 'GET', STAFF_PATHS.patron(patron.login)],
      ['circulacao', 'PUT', STAFF_PATHS.patronBlock(patron.login), { motivo: 'Livros não devolvidos.' }],
      ['circulacao', 'DELETE', STAFF_PATHS.patronBlock(patron.login)],
      ['circulacao', 'POST', STAFF_PATHS.patronResetCode(patron.login)],
      ['administrador', 'POST', STAFF_PATHS.patronImport, { csv: 'login,name,category\nx,X,01\n' }],
      ['administrador', 'GET', STAFF_PATHS.audit],
    ];
    const outsiders = {
      patron: bearer((await signIn(ctx.app, patron.login, patron.password)).access_token),
      reference: await as('equipe.referencia'),
      circulation: await as('equipe.circulacao'),
    };
    for (const [role, method, path, body] of calls) {
      expect((await call(method, path, {}, body)).statusCode, `${method} ${path} visitor`).toBe(401);
      expect((await call(method, path, outsiders.patron, body)).statusCode, `${method} ${path} patron`).toBe(
        403,
      );
      expect((await call(method, path, outsiders.reference, body)).statusCode, `${method} ${path}`).toBe(403);
      if (role === 'administrador')
        expect((await call(method, path, outsiders.circulation, body)).statusCode, `${method} ${path}`).toBe(
          403,
        );
    }
    // Nothing refused changed anything.
    expect(await auditOf(patron.login)).toEqual([]);
    expect((await ctx.db.query("SELECT 1 FROM patron WHERE login = 'x'")).rows).toEqual([]);
  });

  it('finds a patron by part of the name without accents, by login, e-mail, CPF or RG, a page at a time', async () => {
    const patron = await joana();
    const desk = await as('equipe.circulacao');
    const find = async (q: string, pagina = 1) => {
      const answer = await call(
        'GET',
        `${STAFF_PATHS.patrons}?q=${encodeURIComponent(q)}&pagina=${pagina}`,
        desk,
      );
      expect(answer.statusCode).toBe(200);
      return StaffPatronSearchSchema.parse(answer.json());
    };
    for (const q of [
      'brandao conceicao',
      'JOANA',
      patron.login.toUpperCase(),
      'JOANA.BRANDAO@',
      '529.982',
      'mg-12.345',
    ]) {
      expect(
        (await find(q)).leitores.map((p) => p.login),
        q,
      ).toContain(patron.login);
    }
    expect((await find('brandao marta')).leitores.map((p) => p.login)).not.toContain(patron.login);
    const all = await find('');
    expect(all.por_pagina).toBe(20);
    expect(all.total).toBeGreaterThan(20);
    expect(all.leitores).toHaveLength(20);
    const second = await find('', 2);
    expect(second.pagina).toBe(2);
    expect(second.leitores[0]!.login).not.toBe(all.leitores[0]!.login);
    expect((await find('', 9000)).total).toBe(all.total);
  });

  it("shows a patron's loans, holds, debts and requests as their personal area does", async () => {
    const patron = await joana();
    const library = await makeLibrary(ctx.db);
    const book = await makeTitle(ctx.db, 'Grande Sertão: Veredas', [{ libraryId: library.id }]);
    const engine = createCirculationEngine({ db: ctx.db, clock, timeZone: 'America/Sao_Paulo' });
    await engine.checkout({ patronId: patron.id, copyId: book.copyIds[0]!, actor: 'staff:test' });
    const answer = await call(
      'GET',
      STAFF_PATHS.patron(patron.login.toUpperCase()),
      await as('equipe.circulacao'),
    );
    expect(answer.statusCode).toBe(200);
    const page = StaffPatronSchema.parse(answer.json());
    expect(page).toMatchObject({
      login: patron.login,
      nome: 'Joana da Conceição Brandão',
      cpf: '52998224725',
      rg: 'MG-12.345.678',
      bloqueio: { bloqueado: false, motivo: null },
      reservas: [],
      debitos: [],
      solicitacoes: [],
    });
    // The very loans the patron reads in the personal area.
    const own = await ctx.app.inject({
      url: '/api/emprestimo/titulos-pendentes?showDetails=true',
      headers: bearer((await signIn(ctx.app, patron.login, patron.password)).access_token),
    });
    expect(page.emprestimos).toEqual(own.json());
    expect(page.emprestimos.map((l) => l.titulo)).toEqual(['Grande Sertão: Veredas']);
    expect((await call('GET', STAFF_PATHS.patron('ninguem'), await as('equipe.circulacao'))).statusCode).toBe(
      404,
    );
  });

  it('blocks with a reason: sessions end, sign-in is refused, recovery does not lift it; unblocking lets the patron in', async () => {
    const patron = await joana();
    const session = bearer((await signIn(ctx.app, patron.login, patron.password)).access_token);
    const desk = await as('equipe.circulacao');
    const blank = await call('PUT', STAFF_PATHS.patronBlock(patron.login), desk, { motivo: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({
      code: 'STAFF_PATRON_REASON_REQUIRED',
      message: 'staff.patrons.errors.reasonRequired',
    });
    const blocked = await call('PUT', STAFF_PATHS.patronBlock(patron.login), desk, {
      motivo: ' Livros não devolvidos. ',
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({
      bloqueado: true,
      motivo: 'Livros não devolvidos.',
      data: '2031-05-10T12:00:00.000Z',
      por: 'equipe.circulacao',
    });
    expect((await ctx.app.inject({ url: '/api/pessoas', headers: session })).statusCode).toBe(401);
    expect((await passwordGrant(ctx.app, patron.login, patron.password)).statusCode).toBe(430);
    const again = await call('PUT', STAFF_PATHS.patronBlock(patron.login), desk, { motivo: 'De novo.' });
    expect(again.json()).toMatchObject({ code: 'STAFF_PATRON_ALREADY_BLOCKED' });

    // A new password, set as recovery sets it, does not lift the library's block.
    const newHash = await hash('uma-senha-nova-1');
    await ctx.db.transaction((tx) => updatePassword(tx, patron.id, newHash, clock.now()));
    expect((await passwordGrant(ctx.app, patron.login, 'uma-senha-nova-1')).statusCode).toBe(430);

    const unblocked = await call('DELETE', STAFF_PATHS.patronBlock(patron.login), desk);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toEqual({ bloqueado: false, motivo: null, data: null, por: null });
    expect((await passwordGrant(ctx.app, patron.login, 'uma-senha-nova-1')).statusCode).toBe(200);
    const twice = await call('DELETE', STAFF_PATHS.patronBlock(patron.login), desk);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({
      code: 'STAFF_PATRON_NOT_BLOCKED',
      message: 'staff.patrons.errors.notBlocked',
    });

    expect(await auditOf(patron.login)).toEqual([
      {
        actor_login: 'equipe.circulacao',
        action: 'patron.block',
        before: { blocked: false, reason: null },
        after: { blocked: true, reason: 'Livros não devolvidos.' },
      },
      {
        actor_login: 'equipe.circulacao',
        action: 'patron.unblock',
        before: { blocked: true, reason: 'Livros não devolvidos.' },
        after: { blocked: false, reason: null },
      },
    ]);
  });

  it("lifting the library's block leaves a password not set yet as it was", async () => {
    const admin = await as('equipe.admin');
    await call('POST', STAFF_PATHS.patronImport, admin, {
      csv: 'login,name,category\nsem.senha,Sem Senha,05\n',
    });
    const desk = await as('equipe.circulacao');
    expect(
      (await call('PUT', STAFF_PATHS.patronBlock('sem.senha'), desk, { motivo: 'Teste.' })).json(),
    ).toMatchObject({
      bloqueado: true,
      motivo: 'Teste.',
    });
    expect((await call('DELETE', STAFF_PATHS.patronBlock('sem.senha'), desk)).json()).toEqual({
      bloqueado: true,
      motivo: null,
      data: null,
      por: null,
    });
    expect(await auditOf('sem.senha')).toMatchObject([
      { action: 'patron.import' },
      {
        action: 'patron.block',
        before: { blocked: true, reason: null },
        after: { blocked: true, reason: 'Teste.' },
      },
      {
        action: 'patron.unblock',
        before: { blocked: true, reason: 'Teste.' },
        after: { blocked: true, reason: null },
      },
    ]);
  });

  it("sends the sign-in's own reset code to the patron's e-mail, in their language, and logs it", async () => {
    await writeSetting(ctx.db, 'recuperacao_senha', { codigos_por_endereco_hora: 1000 });
    const patron = await joana();
    await ctx.db.query("UPDATE patron SET mail_language = 'es' WHERE id = $1", [patron.id]);
    const sent = await call('POST', STAFF_PATHS.patronResetCode(patron.login), await as('equipe.circulacao'));
    expect(sent.statusCode).toBe(200);
    const answer = StaffPatronResetCodeSchema.parse(sent.json());
    expect(answer.emails).toEqual(['jo***@e***.org']);
    const message = mail.smtp.messages.find((m) => m.envelope.to.includes('joana.brandao@example.org'));
    expect(message!.text).toContain('Su código para crear una nueva contraseña');
    const code = /: (\d+)$/m.exec(message!.text)?.[1];
    expect(code).toHaveLength(6);
    // The code works on the sign-in screen's forgot-password, as one the patron asked for.
    const check = await ctx.app.inject({
      method: 'POST',
      url: `/api${RECOVERY_PATHS.recovery(patron.login)}`,
      headers: bearer(await publicToken(ctx.app)),
      payload: { code },
    });
    expect(check.statusCode).toBe(200);
    expect(await auditOf(patron.login)).toEqual([
      {
        actor_login: 'equipe.circulacao',
        action: 'patron.sendResetCode',
        before: null,
        after: { emails: ['jo***@e***.org'], expiresAt: answer.expira_em },
      },
    ]);
    // No e-mail, no code (and no entry).
    const silent = await makePatron(ctx.db, { email: null });
    const refused = await call(
      'POST',
      STAFF_PATHS.patronResetCode(silent.login),
      await as('equipe.circulacao'),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'RECOVERY_NO_EMAIL' });
    expect(await auditOf(silent.login)).toEqual([]);
  });

  it('imports patrons from CSV as the command does, reporting each refused line, one log entry per patron added', async () => {
    const admin = await as('equipe.admin');
    const csv = [
      'login;name;email;category;password',
      'rita.lee;Rita Lee;rita@example.org;05;senha-da-rita-1',
      ';Sem Login;;05;',
      'tom.ze;Tom Zé;;99;',
      'gal.costa;Gal Costa;;01;',
      'ana;Outra Ana;;01;',
    ].join('\n');
    const answer = await call('POST', STAFF_PATHS.patronImport, admin, { csv });
    expect(answer.statusCode).toBe(200);
    expect(StaffPatronImportSchema.parse(answer.json())).toEqual({
      lidas: 5,
      incluidas: 2,
      sem_senha: 1,
      recusadas: [
        { linha: 3, motivo: 'login is required' },
        { linha: 4, motivo: 'unknown category "99"' },
        { linha: 6, motivo: 'login "ana" already exists' },
      ],
    });
    expect((await passwordGrant(ctx.app, 'rita.lee', 'senha-da-rita-1')).statusCode).toBe(200);
    expect(await auditOf('gal.costa')).toEqual([
      {
        actor_login: 'equipe.admin',
        action: 'patron.import',
        before: null,
        after: { login: 'gal.costa', name: 'Gal Costa', email: null, category: '01', passwordSet: false },
      },
    ]);
    expect(JSON.stringify(await auditOf('rita.lee'))).not.toContain('senha-da-rita');
    const header = await call('POST', STAFF_PATHS.patronImport, admin, {
      csv: 'login,email\nx,x@example.org\n',
    });
    expect(header.statusCode).toBe(422);
    expect(header.json()).toMatchObject({
      code: 'STAFF_PATRON_IMPORT_HEADER',
      message: 'staff.patrons.errors.importHeader',
    });
  });

  it('lets the administrator search the log by actor, action, target and days, newest first', async () => {
    const patron = await joana();
    const desk = await as('equipe.circulacao');
    await call('PUT', STAFF_PATHS.patronBlock(patron.login), desk, { motivo: 'Primeiro.' });
    clock.advance(2 * 24 * 3600);
    // Two days later: a new sign-in (the first token has expired).
    const unblocked = await call(
      'DELETE',
      STAFF_PATHS.patronBlock(patron.login),
      await as('equipe.circulacao'),
    );
    expect(unblocked.statusCode).toBe(200);
    const admin = await as('equipe.admin');
    const log = async (query: string) => {
      const answer = await call('GET', `${STAFF_PATHS.audit}?${query}`, admin);
      expect(answer.statusCode, query).toBe(200);
      return StaffAuditPageSchema.parse(answer.json());
    };
    const mine = await log(`alvo=${patron.login.toUpperCase()}`);
    expect(mine.acoes.map((a) => a.acao)).toEqual(['patron.unblock', 'patron.block']);
    expect(mine.acoes[1]).toMatchObject({
      ator: 'equipe.circulacao',
      alvo: { tipo: 'patron', id: patron.login },
      antes: { blocked: false, reason: null },
      depois: { blocked: true, reason: 'Primeiro.' },
      data: '2031-05-10T12:00:00.000Z',
    });
    expect((await log(`alvo=${patron.login}&acao=patron.block`)).acoes).toHaveLength(1);
    expect((await log(`alvo=${patron.login}&ator=EQUIPE.CIRCULACAO`)).total).toBe(2);
    expect((await log(`alvo=${patron.login}&ator=equipe.admin`)).total).toBe(0);
    expect((await log(`alvo=${patron.login}&de=2031-05-11`)).acoes.map((a) => a.acao)).toEqual([
      'patron.unblock',
    ]);
    expect((await log(`alvo=${patron.login}&ate=2031-05-10`)).acoes.map((a) => a.acao)).toEqual([
      'patron.block',
    ]);
    const range = await call('GET', `${STAFF_PATHS.audit}?de=2031-05-12&ate=2031-05-10`, admin);
    expect(range.statusCode).toBe(422);
    expect(range.json()).toMatchObject({
      code: 'STAFF_AUDIT_DATE_RANGE',
      message: 'staff.audit.errors.dateRange',
    });
    expect((await call('GET', `${STAFF_PATHS.audit}?acao=patron.explode`, admin)).statusCode).toBe(400);
  });
});
