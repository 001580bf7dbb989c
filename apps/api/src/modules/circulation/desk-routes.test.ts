import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  DeskHoldsShelfSchema,
  DeskLoanSchema,
  DeskPatronSchema,
  DeskRenewResultSchema,
  DeskReturnSchema,
  DeskSettlementSchema,
  STAFF_PATHS,
} from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { copyState, logOf, makeLibrary, makePatron, makeTitle, setRules, testRule } from './testing.ts';

// The circulation desk of the staff workspace (decision 0058): `estante desk` over HTTP for the
// circulation role, on the same engine — its rules, its locks, its circulation log — with an entry
// in the staff audit log for every change.

const DAY = 86_400;

describe('circulation desk', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;
  let library: { id: number; code: string };

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    clock = testClock(new Date('2031-03-03T15:00:00Z'));
    ctx = await buildTestApp({ clock, mailer: mail.mailer });
    library = await makeLibrary(ctx.db);
    await setRules(ctx.db, [
      testRule({ loanDays: 7, finePerDayCents: 150 }),
      testRule({ categoryCode: '05', suspensionDaysPerLateDay: 1 }),
    ]);
  });
  afterEach(() => ctx.close());

  const staff = async (login = 'equipe.circulacao') =>
    bearer((await signIn(ctx.app, login, `estante-${login.replace('.', '-')}`)).access_token);
  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) => ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  const copyNumber = async (copyId: number) =>
    (await ctx.db.query<{ number: string }>('SELECT number FROM copy WHERE id = $1', [copyId])).rows[0]!
      .number;
  const audit = async (action: string) =>
    (
      await ctx.db.query<{
        actor_login: string;
        target_kind: string;
        target_id: string;
        before: unknown;
        after: unknown;
      }>(
        'SELECT actor_login, target_kind, target_id, before, after FROM staff_action WHERE action = $1 ORDER BY id',
        [action],
      )
    ).rows;

  it('refuses every desk call to visitors (401), patrons and staff without the circulation role (403)', async () => {
    const calls: [string, 'GET' | 'POST', string, Record<string, unknown>?][] = [
      ['patron', 'GET', `${STAFF_PATHS.deskPatron}?chave=ana`],
      ['checkout', 'POST', STAFF_PATHS.deskCheckouts, { leitor: 'ana', exemplar: '0001-1' }],
      ['checkin', 'POST', STAFF_PATHS.deskCheckins, { exemplar: '0001-1' }],
      ['renew', 'POST', STAFF_PATHS.deskRenewals, { leitor: 'ana', emprestimos: [1] }],
      ['shelf', 'GET', STAFF_PATHS.deskHoldsShelf],
      ['pay', 'POST', STAFF_PATHS.deskPayments, { leitor: 'bruno', valor: 1 }],
      ['waive', 'POST', STAFF_PATHS.deskWaivers, { leitor: 'bruno', cod_debito: 1, motivo: 'x' }],
      ['suspend', 'POST', STAFF_PATHS.deskSuspensions, { leitor: 'diego', dias: 1, motivo: 'x' }],
    ];
    const patron = bearer((await signIn(ctx.app, 'ana', 'estante-ana')).access_token);
    const reference = await staff('equipe.referencia');
    const acquisitions = await staff('equipe.aquisicao');
    for (const [name, method, url, payload] of calls) {
      expect([name, (await call({}, method, url, payload)).statusCode]).toEqual([name, 401]);
      for (const headers of [patron, reference, acquisitions])
        expect([name, (await call(headers, method, url, payload)).statusCode]).toEqual([name, 403]);
    }
    expect(await audit('loan.checkout')).toEqual([]);
    // An administrator holds every role.
    const admin = await staff('equipe.admin');
    expect((await call(admin, 'GET', STAFF_PATHS.deskHoldsShelf)).statusCode).toBe(200);
  });

  it('lends and takes back by copy number; the return goes to the holds shelf for the patron waiting, who is e-mailed', async () => {
    const reader = await makePatron(ctx.db);
    const waiting = await makePatron(ctx.db, { email: 'espera@example.org' });
    await ctx.db.query('INSERT INTO patron_alias (alias, patron_id) VALUES ($1, $2)', [
      'cartao-77001',
      reader.id,
    ]);
    const { titleId, copyIds } = await makeTitle(ctx.db, 'Vidas secas', [{ libraryId: library.id }]);
    const number = await copyNumber(copyIds[0]!);
    let desk = await staff();

    // The patron by card number, as the desk scans it.
    const found = await call(desk, 'GET', `${STAFF_PATHS.deskPatron}?chave=CARTAO-77001`);
    expect(found.statusCode).toBe(200);
    expect(DeskPatronSchema.parse(found.json())).toMatchObject({
      login: reader.login,
      pode_emprestar: true,
      emprestimos: [],
      total_devido: 0,
    });
    const unknown = await call(desk, 'GET', `${STAFF_PATHS.deskPatron}?chave=ninguem-aqui`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'PATRON_NOT_FOUND',
      message: 'staff.desk.refusals.patronNotFound',
    });

    const lent = await call(desk, 'POST', STAFF_PATHS.deskCheckouts, {
      leitor: reader.login,
      exemplar: number,
    });
    expect(lent.statusCode).toBe(201);
    const loan = DeskLoanSchema.parse(lent.json());
    expect(loan).toMatchObject({
      numero_exemplar: number,
      titulo: 'Vidas secas',
      leitor: { login: reader.login },
      data_devolucao: '2031-03-10',
      reserva_atendida: false,
      biblioteca: { cod_biblioteca: library.id },
    });
    expect(await copyState(ctx.db, copyIds[0]!)).toEqual({ status: 'emprestado', expected: '2031-03-10' });
    // The engine's own log names the member of staff.
    expect(await logOf(ctx.db, copyIds[0]!)).toEqual([
      { action: 'loan.checkout', actor: 'staff:equipe.circulacao' },
    ]);
    expect(await audit('loan.checkout')).toEqual([
      {
        actor_login: 'equipe.circulacao',
        target_kind: 'loan',
        target_id: String(loan.cod_emprestimo),
        before: null,
        after: expect.objectContaining({
          leitor: reader.login,
          exemplar: number,
          data_devolucao: '2031-03-10',
        }),
      },
    ]);

    // Lending it again is refused in the desk's words, and nothing is written.
    const again = await call(desk, 'POST', STAFF_PATHS.deskCheckouts, {
      leitor: waiting.login,
      exemplar: number,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'COPY_ON_LOAN', message: 'staff.desk.refusals.copyOnLoan' });
    expect(await audit('loan.checkout')).toHaveLength(1);

    // Another patron holds the title through the portal.
    const holder = bearer((await signIn(ctx.app, waiting.login, waiting.password)).access_token);
    const hold = await ctx.app.inject({
      method: 'POST',
      url: `/api${API_PATHS.holds}`,
      headers: holder,
      payload: { cod_acervo: titleId, biblioteca: library.id },
    });
    expect(hold.statusCode).toBe(201);

    clock.advance(2 * DAY);
    desk = await staff(); // access tokens are short-lived
    const back = await call(desk, 'POST', STAFF_PATHS.deskCheckins, { exemplar: ` ${number} ` });
    expect(back.statusCode).toBe(200);
    const returned = DeskReturnSchema.parse(back.json());
    expect(returned).toMatchObject({
      cod_emprestimo: loan.cod_emprestimo,
      leitor: { login: reader.login },
      dias_atraso: 0,
      multa: 0,
      destino: 'reservado',
      reserva: { leitor: { login: waiting.login }, prazo_retirada: '2031-03-07' },
    });
    expect(await copyState(ctx.db, copyIds[0]!)).toMatchObject({ status: 'reservado' });
    const told = await mail.smtp.nextMessage();
    expect(told.envelope.to).toEqual(['espera@example.org']);
    expect(told.text).toContain('Vidas secas');
    expect(await audit('loan.checkin')).toEqual([
      expect.objectContaining({
        actor_login: 'equipe.circulacao',
        target_id: String(loan.cod_emprestimo),
        before: expect.objectContaining({ leitor: reader.login, data_devolucao: '2031-03-10' }),
        after: expect.objectContaining({
          destino: 'reservado',
          reserva: { cod_reserva: returned.reserva!.cod_reserva, leitor: waiting.login },
        }),
      }),
    ]);

    // The holds shelf shows it with the pickup deadline.
    const shelf = DeskHoldsShelfSchema.parse((await call(desk, 'GET', STAFF_PATHS.deskHoldsShelf)).json());
    expect(shelf.hoje).toBe('2031-03-05');
    expect(shelf.data.find((h) => h.cod_reserva === returned.reserva!.cod_reserva)).toMatchObject({
      numero_exemplar: number,
      leitor: { login: waiting.login },
      prazo_retirada: '2031-03-07',
      vence_hoje: false,
    });

    // Set aside for the holder: not for anyone else, and taking back what is not lent is refused.
    const other = await call(desk, 'POST', STAFF_PATHS.deskCheckouts, {
      leitor: reader.login,
      exemplar: number,
    });
    expect(other.json()).toMatchObject({ code: 'COPY_HELD_FOR_OTHER' });
    const notLent = await call(desk, 'POST', STAFF_PATHS.deskCheckins, { exemplar: number });
    expect(notLent.json()).toMatchObject({ code: 'NOT_ON_LOAN', message: 'staff.desk.refusals.notOnLoan' });
    const served = DeskLoanSchema.parse(
      (
        await call(desk, 'POST', STAFF_PATHS.deskCheckouts, { leitor: waiting.login, exemplar: number })
      ).json(),
    );
    expect(served.reserva_atendida).toBe(true);
  });

  it('lends the same copy once when two desks scan it at the same moment, and takes it back once', async () => {
    const [first, second] = [await makePatron(ctx.db), await makePatron(ctx.db)];
    const { copyIds } = await makeTitle(ctx.db, 'São Bernardo', [{ libraryId: library.id }]);
    const number = await copyNumber(copyIds[0]!);
    const [one, other] = [await staff(), await staff('equipe.admin')];
    const lent = await Promise.all([
      call(one, 'POST', STAFF_PATHS.deskCheckouts, { leitor: first.login, exemplar: number }),
      call(other, 'POST', STAFF_PATHS.deskCheckouts, { leitor: second.login, exemplar: number }),
    ]);
    expect(lent.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(lent.find((r) => r.statusCode === 422)!.json()).toMatchObject({ code: 'COPY_ON_LOAN' });
    expect(await audit('loan.checkout')).toHaveLength(1);
    const back = await Promise.all([
      call(one, 'POST', STAFF_PATHS.deskCheckins, { exemplar: number }),
      call(other, 'POST', STAFF_PATHS.deskCheckins, { exemplar: number }),
    ]);
    expect(back.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(back.find((r) => r.statusCode === 422)!.json()).toMatchObject({ code: 'NOT_ON_LOAN' });
    expect(await audit('loan.checkin')).toHaveLength(1);
    expect(await copyState(ctx.db, copyIds[0]!)).toEqual({ status: 'disponivel', expected: null });
  });

  it('asks for LIBRARY:NUMBER when a number is used in two libraries', async () => {
    const reader = await makePatron(ctx.db);
    const other = await makeLibrary(ctx.db, 'Outra biblioteca');
    const { copyIds } = await makeTitle(ctx.db, 'Angústia', [{ libraryId: library.id }]);
    const number = await copyNumber(copyIds[0]!);
    await makeTitle(ctx.db, 'São Bernardo', [{ libraryId: other.id }]);
    await ctx.db.query('UPDATE copy SET number = $1 WHERE library_id = $2', [number, other.id]);
    const desk = await staff();
    const ambiguous = await call(desk, 'POST', STAFF_PATHS.deskCheckouts, {
      leitor: reader.login,
      exemplar: number,
    });
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json()).toMatchObject({
      code: 'COPY_AMBIGUOUS',
      message: 'staff.desk.refusals.copyAmbiguous',
    });
    const lent = await call(desk, 'POST', STAFF_PATHS.deskCheckouts, {
      leitor: reader.login,
      exemplar: `${library.code}:${number}`,
    });
    expect(lent.statusCode).toBe(201);
    expect(DeskLoanSchema.parse(lent.json()).titulo).toBe('Angústia');
    const missing = await call(desk, 'POST', STAFF_PATHS.deskCheckins, { exemplar: 'nao-existe-1' });
    expect(missing.json()).toMatchObject({
      code: 'COPY_NOT_FOUND',
      message: 'staff.desk.refusals.copyNotFound',
    });
  });

  it('renews each loan for itself, and writes to the audit log only what was renewed', async () => {
    const reader = await makePatron(ctx.db);
    const { copyIds } = await makeTitle(ctx.db, 'Caetés', [
      { libraryId: library.id },
      { libraryId: library.id },
    ]);
    let desk = await staff();
    const first = DeskLoanSchema.parse(
      (
        await call(desk, 'POST', STAFF_PATHS.deskCheckouts, {
          leitor: reader.login,
          exemplar: await copyNumber(copyIds[0]!),
        })
      ).json(),
    );
    clock.advance(2 * DAY);
    desk = await staff(); // access tokens are short-lived
    const second = DeskLoanSchema.parse(
      (
        await call(desk, 'POST', STAFF_PATHS.deskCheckouts, {
          leitor: reader.login,
          exemplar: await copyNumber(copyIds[1]!),
        })
      ).json(),
    );
    const renewed = await call(desk, 'POST', STAFF_PATHS.deskRenewals, {
      leitor: reader.login,
      emprestimos: [first.cod_emprestimo, second.cod_emprestimo],
    });
    expect(renewed.statusCode).toBe(200);
    expect(DeskRenewResultSchema.parse(renewed.json()).resultados).toEqual([
      {
        cod_emprestimo: first.cod_emprestimo,
        titulo: 'Caetés',
        renovado: true,
        data_devolucao: '2031-03-12',
        renovacoes: 1,
        motivo: null,
      },
      {
        cod_emprestimo: second.cod_emprestimo,
        titulo: 'Caetés',
        renovado: false,
        data_devolucao: '2031-03-12',
        renovacoes: 0,
        motivo: { codigo: 'RENEW_TOO_EARLY', mensagem: 'circulation.errors.renewTooEarly' },
      },
    ]);
    expect(await audit('loan.renew')).toEqual([
      {
        actor_login: 'equipe.circulacao',
        target_kind: 'patron',
        target_id: reader.login,
        before: { emprestimos: [{ cod_emprestimo: first.cod_emprestimo, data_devolucao: '2031-03-10' }] },
        after: {
          emprestimos: [
            { cod_emprestimo: first.cod_emprestimo, data_devolucao: '2031-03-12', renovacoes: 1 },
          ],
        },
      },
    ]);
    // Nothing renewed: nothing written.
    await call(desk, 'POST', STAFF_PATHS.deskRenewals, {
      leitor: reader.login,
      emprestimos: [second.cod_emprestimo],
    });
    expect(await audit('loan.renew')).toHaveLength(1);
  });

  it('takes a late return with its fine, takes a payment and waives the rest with a reason', async () => {
    const reader = await makePatron(ctx.db);
    const { copyIds } = await makeTitle(ctx.db, 'Infância', [{ libraryId: library.id }]);
    const number = await copyNumber(copyIds[0]!);
    let desk = await staff();
    await call(desk, 'POST', STAFF_PATHS.deskCheckouts, { leitor: reader.login, exemplar: number });
    clock.advance(11 * DAY); // the 14th: 4 days late
    desk = await staff();
    const back = DeskReturnSchema.parse(
      (await call(desk, 'POST', STAFF_PATHS.deskCheckins, { exemplar: number })).json(),
    );
    expect(back).toMatchObject({
      dias_atraso: 4,
      multa: 6,
      afastamento: null,
      destino: 'disponivel',
      reserva: null,
    });

    const standing = DeskPatronSchema.parse(
      (await call(desk, 'GET', `${STAFF_PATHS.deskPatron}?chave=${reader.login}`)).json(),
    );
    expect(standing).toMatchObject({
      pode_emprestar: false,
      motivo: { codigo: 'PATRON_IN_DEBT', mensagem: 'staff.desk.refusals.patronInDebt' },
      total_devido: 6,
    });
    const debtId = standing.debitos[0]!.cod_debito;

    const tooMuch = await call(desk, 'POST', STAFF_PATHS.deskPayments, { leitor: reader.login, valor: 7 });
    expect(tooMuch.json()).toMatchObject({
      code: 'PAYMENT_TOO_LARGE',
      message: 'staff.desk.refusals.paymentTooLarge',
    });
    const paid = await call(desk, 'POST', STAFF_PATHS.deskPayments, { leitor: reader.login, valor: 2.5 });
    expect(paid.statusCode).toBe(200);
    expect(DeskSettlementSchema.parse(paid.json())).toMatchObject({ quitados: [], total_devido: 3.5 });

    const blank = await call(desk, 'POST', STAFF_PATHS.deskWaivers, {
      leitor: reader.login,
      cod_debito: debtId,
      motivo: '   ',
    });
    expect(blank.json()).toMatchObject({
      code: 'REASON_REQUIRED',
      message: 'staff.desk.refusals.reasonRequired',
    });
    const waived = await call(desk, 'POST', STAFF_PATHS.deskWaivers, {
      leitor: reader.login,
      cod_debito: debtId,
      motivo: ' Atestado médico ',
    });
    expect(waived.statusCode).toBe(200);
    expect(DeskSettlementSchema.parse(waived.json())).toEqual({
      quitados: [debtId],
      total_devido: 0,
      debitos: [],
    });
    const { rows } = await ctx.db.query<{ discount_cents: number; paid_cents: number }>(
      'SELECT discount_cents, paid_cents FROM debt WHERE id = $1',
      [debtId],
    );
    expect(rows[0]).toEqual({ discount_cents: 350, paid_cents: 250 });
    const twice = await call(desk, 'POST', STAFF_PATHS.deskWaivers, {
      leitor: reader.login,
      cod_debito: debtId,
      motivo: 'De novo',
    });
    expect(twice.json()).toMatchObject({ code: 'NOTHING_DUE' });

    expect(await audit('debt.pay')).toEqual([
      {
        actor_login: 'equipe.circulacao',
        target_kind: 'patron',
        target_id: reader.login,
        before: { devido: 6 },
        after: { valor: 2.5, cod_debito: null, quitados: [], devido: 3.5 },
      },
    ]);
    expect(await audit('debt.waive')).toEqual([
      {
        actor_login: 'equipe.circulacao',
        target_kind: 'debt',
        target_id: String(debtId),
        before: { leitor: reader.login, pendente: 3.5 },
        after: { desconto: 3.5, pendente: 0, motivo: 'Atestado médico' },
      },
    ]);
  });

  it('suspends a patron, who may then not borrow: the desk is told in its own words', async () => {
    const reader = await makePatron(ctx.db, { category: '05' });
    const { copyIds } = await makeTitle(ctx.db, 'Insônia', [{ libraryId: library.id }]);
    const desk = await staff('equipe.admin');
    const blank = await call(desk, 'POST', STAFF_PATHS.deskSuspensions, {
      leitor: reader.login,
      dias: 3,
      motivo: '',
    });
    expect(blank.json()).toMatchObject({ code: 'REASON_REQUIRED' });
    const suspended = await call(desk, 'POST', STAFF_PATHS.deskSuspensions, {
      leitor: reader.login,
      dias: 3,
      motivo: 'Dano ao material',
    });
    expect(suspended.statusCode).toBe(201);
    expect(suspended.json()).toEqual({ data_inicio: '2031-03-03', data_fim: '2031-03-05', dias: 3 });
    const refused = await call(desk, 'POST', STAFF_PATHS.deskCheckouts, {
      leitor: reader.login,
      exemplar: await copyNumber(copyIds[0]!),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'PATRON_SUSPENDED',
      message: 'staff.desk.refusals.patronSuspended',
    });
    const summary = DeskPatronSchema.parse(
      (await call(desk, 'GET', `${STAFF_PATHS.deskPatron}?chave=${reader.login}`)).json(),
    );
    expect(summary.afastamentos[0]).toMatchObject({
      motivo: 'Dano ao material',
      ativo: true,
      origem: 'balcao',
    });
    expect(await audit('patron.suspend')).toEqual([
      {
        actor_login: 'equipe.admin',
        target_kind: 'patron',
        target_id: reader.login,
        before: null,
        after: { data_inicio: '2031-03-03', data_fim: '2031-03-05', dias: 3, motivo: 'Dano ao material' },
      },
    ]);
  });
});
