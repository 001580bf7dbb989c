import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CancelHoldsResultSchema,
  DebtsSchema,
  HoldInitialInfoSchema,
  HoldSchema,
  HoldsSchema,
  InterlibraryDataSchema,
  LoanHistorySchema,
  LoanRequestInitialInfoSchema,
  LoanRequestSchema,
  LoanRequestsSchema,
  LoanTokenSchema,
  NoDebtsCheckSchema,
  NoDebtsDeclarationSchema,
  PaymentSlipSchema,
  PendingTitlesSchema,
  RenewalOverviewSchema,
  RenewResultSchema,
  SuspensionsSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { createCirculationEngine, type CirculationEngine } from './local/engine.ts';
import {
  makeLibrary,
  makePatron,
  makeTitle,
  pickupDesk,
  setRules,
  testRule,
  type TestCopy,
} from './testing.ts';

// The patron's circulation calls (SPEC §7) through the HTTP API, on a real database, with the
// test clock and a real SMTP server. Every call answers about the caller only.

const DAY = 86_400;

async function pdfText(data: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const pdf = await getDocument({ data: new Uint8Array(data), standardFontDataUrl }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? ' ' : '');
  }
  return text.replace(/\s+/g, ' ');
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; content: Buffer },
) {
  const boundary = '----estante-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('circulation calls', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;
  let engine: CirculationEngine;
  let library: { id: number; code: string };
  const staff = 'staff:test';

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    clock = testClock(new Date('2026-03-02T12:00:00Z'));
    ctx = await buildTestApp({ clock, mailer: mail.mailer, userTokenTtlSeconds: 365 * DAY });
    engine = createCirculationEngine({
      db: ctx.db,
      clock,
      mailer: mail.mailer,
      timeZone: 'America/Sao_Paulo',
    });
    library = await makeLibrary(ctx.db);
    await setRules(ctx.db, [
      testRule({ loanDays: 7, renewalLimit: 2, maxHolds: 2, maxRequests: 1, finePerDayCents: 150 }),
      testRule({ loanType: 'Sem reserva', allowsHolds: false, allowsRequests: false }),
    ]);
  });
  afterEach(() => ctx.close());

  /** A patron signed in through the token endpoint: their id and authorization header. */
  async function patron(options: { category?: string } = {}) {
    const p = await makePatron(ctx.db, options);
    const { access_token } = await signIn(ctx.app, p.login, p.password);
    return { ...p, headers: bearer(access_token) };
  }
  type Caller = Awaited<ReturnType<typeof patron>>;
  const call = (who: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  const days = (n: number) => clock.advance(n * DAY);

  it('refuses every circulation call to a visitor (public token) and to no token at all', async () => {
    const visitor = { headers: bearer(await publicToken(ctx.app)) } as Caller;
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/emprestimo/titulos-pendentes'],
      ['POST', '/emprestimo/renovacao'],
      ['GET', '/emprestimo/historico'],
      ['GET', '/emprestimo/debitos-pendentes'],
      ['GET', '/emprestimo/token'],
      ['POST', '/emprestimo/token'],
      ['POST', '/unidade-informacao/gru'],
      ['GET', '/unidade-informacao/nada-consta/verifica'],
      ['POST', '/unidade-informacao/nada-consta'],
      ['POST', '/nada-consta/send-mail'],
      ['GET', '/pessoas/renovar'],
      ['PUT', '/pessoas/renovar'],
      ['GET', '/pessoas/afastamentos'],
      ['GET', '/reserva/1/informacoes-iniciais'],
      ['POST', '/reserva/validar-fila'],
      ['POST', '/reserva'],
      ['GET', '/reserva'],
      ['DELETE', '/reserva'],
      ['GET', '/reserva/historico'],
      ['GET', '/solicitacao-emprestimo/1/informacoes-iniciais'],
      ['POST', '/solicitacao-emprestimo/1'],
      ['GET', '/solicitacao-emprestimo'],
      ['GET', '/solicitacoes/emprestimo-inter-bibliotecas/dados'],
      ['POST', '/solicitacoes/emprestimo-inter-bibliotecas'],
    ];
    for (const [method, url] of calls) {
      const asVisitor = await call(visitor, method, url, method === 'GET' ? undefined : {});
      expect([url, asVisitor.statusCode]).toEqual([url, 401]);
      const anonymous = await ctx.app.inject({ method, url: `/api${url}` });
      expect([url, anonymous.statusCode]).toEqual([url, 401]);
    }
  });

  describe('loans', () => {
    it('lists the titles on loan with due date, renewals and limit, the late flag, and details on request', async () => {
      const [ana, bia] = [await patron(), await patron()];
      const held = await makeTitle(ctx.db, 'Dom Casmurro', [
        { libraryId: library.id, location: 'Estante 3' },
      ]);
      const late = await makeTitle(ctx.db, 'Quincas Borba', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: ana.id, copyId: late.copyIds[0]!, actor: staff });
      days(3);
      const loan = await engine.checkout({ patronId: ana.id, copyId: held.copyIds[0]!, actor: staff });
      await engine.placeHold(bia.id, { cod_acervo: held.titleId, biblioteca: library.id }, staff);
      days(6); // the first loan was due on the 9th; today is the 11th
      const list = PendingTitlesSchema.parse(
        (await call(ana, 'GET', '/emprestimo/titulos-pendentes')).json(),
      );
      expect(
        list.map((t) => [
          t.titulo,
          t.data_devolucao,
          t.situacao,
          t.atrasado,
          t.dias_atraso,
          t.renovacoes,
          t.limite_renovacoes,
        ]),
      ).toEqual([
        ['Quincas Borba', '2026-03-09', 'atrasado', true, 2, 0, 2],
        ['Dom Casmurro', '2026-03-12', 'reservado', false, 0, 0, 2],
      ]);
      expect(list.map((t) => t.motivo?.codigo)).toEqual(['RENEW_LATE', 'RENEW_HOLDS_WAITING']);
      expect(list[0]!.detalhes).toBeUndefined();
      const detailed = PendingTitlesSchema.parse(
        (await call(ana, 'GET', '/emprestimo/titulos-pendentes?showDetails=S')).json(),
      );
      expect(detailed[0]!.detalhes).toMatchObject({ multa_prevista: 3, reservas_em_espera: 0 });
      expect(detailed[1]!.detalhes).toMatchObject({
        cod_exemplar: held.copyIds[0],
        localizacao: 'Estante 3',
        reservas_em_espera: 1,
        multa_prevista: 0,
        biblioteca: { cod_biblioteca: library.id },
      });
      expect(detailed[1]!.cod_emprestimo).toBe(loan.loanId);
      // Bia sees none of Ana's loans.
      expect((await call(bia, 'GET', '/emprestimo/titulos-pendentes')).json()).toEqual([]);
    });

    it('shows the fine a late loan runs up, day by day and marked provisional, and charges that amount on return', async () => {
      await setRules(ctx.db, [
        testRule({ loanDays: 7, finePerDayCents: 150 }),
        testRule({
          categoryCode: '12',
          loanType: 'Noturno',
          loanDays: 1,
          finePerDayCents: 200,
          maxFineCents: 500,
        }),
      ]);
      const [ana, bia] = [await patron(), await patron({ category: '12' })];
      const normal = await makeTitle(ctx.db, 'Helena', [{ libraryId: library.id }]);
      const night = await makeTitle(ctx.db, 'Ubirajara', [{ libraryId: library.id, loanType: 'Noturno' }]);
      await engine.checkout({ patronId: ana.id, copyId: normal.copyIds[0]!, actor: staff }); // due the 9th
      await engine.checkout({ patronId: bia.id, copyId: night.copyIds[0]!, actor: staff }); // due the 3rd
      const accruing = async (who: Caller) =>
        PendingTitlesSchema.parse((await call(who, 'GET', '/emprestimo/titulos-pendentes')).json())[0]!
          .multa_em_curso;
      const check = async (who: Caller) =>
        NoDebtsCheckSchema.parse((await call(who, 'GET', '/unidade-informacao/nada-consta/verifica')).json());

      days(7); // the 9th: Ana's due day, nothing accrues yet
      expect(await accruing(ana)).toBeNull();
      days(1);
      expect(await accruing(ana)).toEqual({
        valor: 1.5,
        valor_por_dia: 1.5,
        valor_maximo: null,
        dias_atraso: 1,
        provisoria: true,
      });
      days(2); // three days late
      expect(await accruing(ana)).toMatchObject({ valor: 4.5, dias_atraso: 3 });
      // Bia's category and the copy's loan type choose her rule: R$ 2.00 a day, at most R$ 5.00.
      expect(await accruing(bia)).toEqual({
        valor: 5,
        valor_por_dia: 2,
        valor_maximo: 5,
        dias_atraso: 9,
        provisoria: true,
      });
      // Nothing is charged yet: the debts list stays empty, and the declaration is refused for the loan.
      expect((await call(ana, 'GET', '/emprestimo/debitos-pendentes')).json()).toEqual([]);
      expect(await check(ana)).toMatchObject({
        permitido: false,
        motivo: { codigo: 'NO_DEBTS_HAS_LOANS' },
        valor_pendente: 0,
        multa_em_curso: 4.5,
      });

      // The return charges what the loan showed that day, as a debt; nothing accrues any more.
      const last = await accruing(ana);
      await engine.checkin({ copyId: normal.copyIds[0]!, actor: staff });
      const debts = DebtsSchema.parse((await call(ana, 'GET', '/emprestimo/debitos-pendentes')).json());
      expect(debts.map((d) => [d.valor_multa, d.dias_atraso])).toEqual([[last!.valor, last!.dias_atraso]]);
      expect(await check(ana)).toMatchObject({ valor_pendente: 4.5, multa_em_curso: 0 });
      const lastBia = await accruing(bia);
      await engine.checkin({ copyId: night.copyIds[0]!, actor: staff });
      const biaDebts = DebtsSchema.parse((await call(bia, 'GET', '/emprestimo/debitos-pendentes')).json());
      expect(biaDebts.map((d) => d.valor_multa)).toEqual([lastBia!.valor]);
    });

    it('renews the loans chosen, each answering for itself; nothing chosen, or another patron’s loan, is refused', async () => {
      const [ana, bia] = [await patron(), await patron()];
      const one = await makeTitle(ctx.db, 'Iracema', [{ libraryId: library.id }]);
      const two = await makeTitle(ctx.db, 'O guarani', [{ libraryId: library.id }]);
      const a = await engine.checkout({ patronId: ana.id, copyId: one.copyIds[0]!, actor: staff });
      const b = await engine.checkout({ patronId: bia.id, copyId: two.copyIds[0]!, actor: staff });
      days(4);
      const empty = await call(ana, 'POST', '/emprestimo/renovacao', { emprestimos: [] });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toMatchObject({
        code: 'RENEW_NOTHING_SELECTED',
        message: 'circulation.errors.nothingToRenew',
      });
      const renewed = RenewResultSchema.parse(
        (await call(ana, 'POST', '/emprestimo/renovacao', { emprestimos: [a.loanId, b.loanId] })).json(),
      );
      expect(renewed.resultados).toEqual([
        {
          cod_emprestimo: a.loanId,
          renovado: true,
          data_devolucao: '2026-03-13',
          renovacoes: 1,
          motivo: null,
        },
        {
          cod_emprestimo: b.loanId,
          renovado: false,
          data_devolucao: null,
          renovacoes: null,
          motivo: { codigo: 'LOAN_NOT_FOUND', mensagem: 'circulation.errors.loanNotFound' },
        },
      ]);
      // Bia's loan is as it was.
      const bias = PendingTitlesSchema.parse(
        (await call(bia, 'GET', '/emprestimo/titulos-pendentes')).json(),
      );
      expect(bias.map((t) => [t.data_devolucao, t.renovacoes])).toEqual([['2026-03-09', 0]]);
    });

    it('shows the history between two days, the fined loans only when asked, and refuses a start after the end', async () => {
      const ana = await patron();
      const one = await makeTitle(ctx.db, 'Senhora', [{ libraryId: library.id }]);
      const two = await makeTitle(ctx.db, 'Lucíola', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: ana.id, copyId: one.copyIds[0]!, actor: staff });
      days(1);
      await engine.checkout({ patronId: ana.id, copyId: two.copyIds[0]!, actor: staff });
      days(9);
      await engine.checkin({ copyId: one.copyIds[0]!, actor: staff }); // 3 days late
      const all = LoanHistorySchema.parse(
        (await call(ana, 'GET', '/emprestimo/historico?dataIni=2026-03-01&dataFim=2026-03-31')).json(),
      );
      expect(all.map((l) => [l.titulo, l.situacao, l.multa, l.dias_atraso])).toEqual([
        ['Lucíola', 'atrasado', 0, 0],
        ['Senhora', 'devolvido', 4.5, 3],
      ]);
      const fined = LoanHistorySchema.parse(
        (
          await call(ana, 'GET', '/emprestimo/historico?dataIni=2026-03-01&dataFim=2026-03-31&multa=S')
        ).json(),
      );
      expect(fined.map((l) => l.titulo)).toEqual(['Senhora']);
      const later = LoanHistorySchema.parse(
        (await call(ana, 'GET', '/emprestimo/historico?dataIni=2026-03-03&dataFim=2026-03-31')).json(),
      );
      expect(later.map((l) => l.titulo)).toEqual(['Lucíola']);
      const wrong = await call(ana, 'GET', '/emprestimo/historico?dataIni=2026-04-01&dataFim=2026-03-01');
      expect([wrong.statusCode, wrong.json().code]).toEqual([422, 'DATE_RANGE']);
    });

    it('lists unpaid debts with amount, discount and what was paid, and issues a payment slip for them', async () => {
      const [ana, bia] = [await patron(), await patron()];
      const { copyIds } = await makeTitle(ctx.db, 'Til', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: ana.id, copyId: copyIds[0]!, actor: staff });
      days(11);
      await engine.checkin({ copyId: copyIds[0]!, actor: staff }); // 4 days late: R$ 6.00
      await engine.pay({ patronId: ana.id, amountCents: 100, discountCents: 50, actor: staff });
      const debts = DebtsSchema.parse((await call(ana, 'GET', '/emprestimo/debitos-pendentes')).json());
      expect(debts).toHaveLength(1);
      expect(debts[0]).toMatchObject({
        valor_multa: 6,
        desconto: 0.5,
        valor_pago: 1,
        valor_pendente: 4.5,
        tipo_servico: 'multa_atraso',
        titulo: 'Til',
        dias_atraso: 4,
        biblioteca: { cod_biblioteca: library.id },
      });
      expect(debts[0]!.data_pagamento).toBe('2026-03-13T12:00:00.000Z');
      expect((await call(bia, 'GET', '/emprestimo/debitos-pendentes')).json()).toEqual([]);

      const tooMuch = await call(ana, 'POST', '/unidade-informacao/gru', {
        valor: 5,
        codBiblioteca: library.id,
      });
      expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([422, 'SLIP_AMOUNT_INVALID']);
      const elsewhere = await makeLibrary(ctx.db, 'Outra');
      const nothing = await call(ana, 'POST', '/unidade-informacao/gru', {
        valor: 1,
        codBiblioteca: elsewhere.id,
      });
      expect([nothing.statusCode, nothing.json().code]).toEqual([422, 'SLIP_NOTHING_DUE']);
      const slip = PaymentSlipSchema.parse(
        (
          await call(ana, 'POST', '/unidade-informacao/gru', { valor: 4.5, codBiblioteca: library.id })
        ).json(),
      );
      expect(slip).toMatchObject({
        valor: 4.5,
        vencimento: '2026-03-18',
        biblioteca: { cod_biblioteca: library.id },
      });
      expect(slip.numero).toMatch(/^2026\d{8}$/);
      const pdf = Buffer.from(slip.pdf, 'base64');
      const text = await pdfText(pdf);
      expect(text).toContain(`Guia de recolhimento nº ${slip.numero}`);
      expect(text).toContain('R$ 4,50');
      expect(text).toContain('18/03/2026');
      expect(text.replace(/\s/g, '')).toContain(slip.linha_digitavel.replace(/\s/g, ''));
    });

    it('lists suspensions, the current one active', async () => {
      const ana = await patron();
      await engine.suspend({ patronId: ana.id, days: 3, reason: 'Dano ao material', actor: staff });
      days(1);
      await engine.suspend({ patronId: ana.id, days: 2, reason: 'Atraso reincidente', actor: staff });
      const list = SuspensionsSchema.parse((await call(ana, 'GET', '/pessoas/afastamentos')).json());
      expect(list.map((s) => [s.data_inicio, s.data_fim, s.dias, s.motivo, s.ativo, s.origem])).toEqual([
        ['2026-03-05', '2026-03-06', 2, 'Atraso reincidente', false, 'balcao'],
        ['2026-03-02', '2026-03-04', 3, 'Dano ao material', true, 'balcao'],
      ]);
    });

    it('shows what can be renewed and turns automatic renewal off and on', async () => {
      const ana = await patron();
      const { copyIds } = await makeTitle(ctx.db, 'Ubirajara', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: ana.id, copyId: copyIds[0]!, actor: staff });
      days(2);
      const overview = RenewalOverviewSchema.parse((await call(ana, 'GET', '/pessoas/renovar')).json());
      expect(overview).toMatchObject({ renovacao_automatica: true, bloqueios: [] });
      expect(overview.emprestimos.map((l) => [l.titulo, l.pode_renovar])).toEqual([['Ubirajara', true]]);
      const off = RenewalOverviewSchema.parse(
        (await call(ana, 'PUT', '/pessoas/renovar', { renovacao_automatica: false })).json(),
      );
      expect(off.renovacao_automatica).toBe(false);
      await engine.suspend({ patronId: ana.id, days: 2, reason: 'Teste', actor: staff });
      const blocked = RenewalOverviewSchema.parse((await call(ana, 'GET', '/pessoas/renovar')).json());
      expect(blocked.bloqueios).toEqual([
        { codigo: 'PATRON_SUSPENDED', mensagem: 'circulation.errors.patronSuspended' },
      ]);
      expect(blocked.emprestimos[0]!.pode_renovar).toBe(false);
    });

    it('gives a self-service loan token with its validity, which the desk accepts for a loan', async () => {
      const ana = await patron();
      expect(LoanTokenSchema.parse((await call(ana, 'GET', '/emprestimo/token')).json())).toEqual({
        token: null,
        validade: null,
        valido: false,
      });
      const issued = LoanTokenSchema.parse((await call(ana, 'POST', '/emprestimo/token')).json());
      expect(issued.token).toMatch(/^[A-Z2-9]{8}$/);
      expect(issued.validade).toBe('2026-03-02T12:30:00.000Z');
      expect(LoanTokenSchema.parse((await call(ana, 'GET', '/emprestimo/token')).json())).toEqual(issued);
      const { copyIds } = await makeTitle(ctx.db, 'Inocência', [{ libraryId: library.id }]);
      const loan = await engine.checkout({
        token: ` ${issued.token!.toLowerCase()} `,
        copyId: copyIds[0]!,
        actor: 'self-service',
      });
      expect(loan.patronId).toBe(ana.id);
      const { rows } = await ctx.db.query(
        `SELECT (SELECT channel FROM loan WHERE id = $1) AS channel,
                (SELECT details->>'expiresAt' FROM circulation_log WHERE action = 'token.issue' AND patron_id = $2) AS expires`,
        [loan.loanId, ana.id],
      );
      expect(rows).toEqual([{ channel: 'autoatendimento', expires: '2026-03-02T12:30:00.000Z' }]);
      clock.advance(31 * 60);
      await expect(
        engine.checkout({ token: issued.token!, copyId: copyIds[0]!, actor: 'self-service' }),
      ).rejects.toMatchObject({
        code: 'TOKEN_INVALID',
      });
      expect(LoanTokenSchema.parse((await call(ana, 'GET', '/emprestimo/token')).json()).valido).toBe(false);
    });
  });

  describe('no-debts declaration', () => {
    it('is refused with the reason while loans or debts are open, or when disabled for the patron', async () => {
      const ana = await patron();
      const { copyIds } = await makeTitle(ctx.db, 'A moreninha', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: ana.id, copyId: copyIds[0]!, actor: staff });
      expect(
        NoDebtsCheckSchema.parse((await call(ana, 'GET', '/unidade-informacao/nada-consta/verifica')).json()),
      ).toEqual({
        permitido: false,
        motivo: { codigo: 'NO_DEBTS_HAS_LOANS', mensagem: 'circulation.errors.noDebtsHasLoans' },
        emprestimos: 1,
        valor_pendente: 0,
        multa_em_curso: 0,
        emitida: null,
      });
      const withLoan = await call(ana, 'POST', '/unidade-informacao/nada-consta');
      expect([withLoan.statusCode, withLoan.json().code]).toEqual([422, 'NO_DEBTS_HAS_LOANS']);
      days(8);
      await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      const withDebt = await call(ana, 'POST', '/unidade-informacao/nada-consta');
      expect([withDebt.statusCode, withDebt.json().code]).toEqual([422, 'NO_DEBTS_HAS_DEBTS']);
      await engine.pay({ patronId: ana.id, amountCents: 150, actor: staff });
      await engine.setNoDebtsDeclaration(ana.id, false, staff);
      const setting = await ctx.db.query(
        "SELECT details FROM circulation_log WHERE action = 'patron.no-debts-setting' AND patron_id = $1",
        [ana.id],
      );
      expect(setting.rows).toEqual([{ details: { enabled: false } }]);
      const disabled = await call(ana, 'POST', '/unidade-informacao/nada-consta');
      expect([disabled.statusCode, disabled.json().code]).toEqual([422, 'NO_DEBTS_DISABLED']);
    });

    it('issues the PDF, unlinks the patron, ends their holds, answers the same declaration again, and e-mails it', async () => {
      const [ana, reader] = [await patron(), await patron()];
      const { titleId, copyIds } = await makeTitle(ctx.db, 'Helena', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: reader.id, copyId: copyIds[0]!, actor: staff });
      await engine.placeHold(ana.id, { cod_acervo: titleId, biblioteca: library.id }, staff);
      // A loan request still open and a self-service token end with the declaration too.
      const asked = await makeTitle(ctx.db, 'Senhora', [{ libraryId: library.id }]);
      const deskId = await pickupDesk(ctx.db, library.id);
      const requestId = await engine.requestLoan(
        ana.id,
        asked.titleId,
        {
          biblioteca_origem: library.id,
          biblioteca_recebimento: library.id,
          cod_local_recebimento: deskId,
          email: 'ana@teste.estante.example',
          domicilio: false,
        },
        staff,
      );
      await engine.issueToken(ana.id, 30, staff);
      await ctx.db.query(
        "INSERT INTO institution_setting (key, value) VALUES ('nome', '\"Universidade de Teste\"') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      );
      const issued = NoDebtsDeclarationSchema.parse(
        (await call(ana, 'POST', '/unidade-informacao/nada-consta')).json(),
      );
      expect(issued.codigo_verificacao).toMatch(/^[A-Z2-9]{12}$/);
      const pdf = Buffer.from(issued.pdf, 'base64');
      const text = await pdfText(pdf);
      expect(text).toContain('Universidade de Teste');
      expect(text).toContain('DECLARAÇÃO DE NADA CONSTA');
      expect(text).toContain(`Leitor ${ana.login}`);
      expect(text).toContain('02/03/2026');
      expect(text).toContain(issued.codigo_verificacao);
      const { rows } = await ctx.db.query<{ unlinked: boolean }>(
        'SELECT unlinked_at IS NOT NULL AS unlinked FROM patron WHERE id = $1',
        [ana.id],
      );
      expect(rows[0]!.unlinked).toBe(true);
      const ended = await ctx.db.query(
        `SELECT (SELECT status || ': ' || observation FROM loan_request WHERE id = $1) AS request,
                (SELECT status FROM copy WHERE id = $2) AS copy,
                (SELECT count(*)::int FROM loan_token WHERE patron_id = $3) AS tokens,
                (SELECT details->>'verificationCode' FROM circulation_log
                  WHERE patron_id = $3 AND action = 'patron.no-debts-declaration') AS logged`,
        [requestId, asked.copyIds[0], ana.id],
      );
      expect(ended.rows).toEqual([
        {
          request: 'nao_finalizada: Leitor desvinculado',
          copy: 'disponivel',
          tokens: 0,
          logged: issued.codigo_verificacao,
        },
      ]);
      const history = HoldsSchema.parse((await call(ana, 'GET', '/reserva/historico')).json());
      expect(history.map((h) => [h.situacao, h.observacoes])).toEqual([
        ['cancelada', 'circulation.holds.observation.unlinked'],
      ]);
      const again = NoDebtsDeclarationSchema.parse(
        (await call(ana, 'POST', '/unidade-informacao/nada-consta')).json(),
      );
      expect(again).toEqual(issued);
      const check = NoDebtsCheckSchema.parse(
        (await call(ana, 'GET', '/unidade-informacao/nada-consta/verifica')).json(),
      );
      expect(check.emitida?.codigo_verificacao).toBe(issued.codigo_verificacao);
      const hold = await call(ana, 'POST', '/reserva', { cod_acervo: titleId, biblioteca: library.id });
      expect([hold.statusCode, hold.json().code]).toEqual([422, 'PATRON_UNLINKED']);

      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/nada-consta/send-mail',
        ...multipart(
          { email: 'secretaria@teste.estante.example; eu@teste.estante.example' },
          { name: 'arquivo', filename: 'nada-consta.pdf', content: pdf },
        ),
        headers: { ...ana.headers, ...multipart({}).headers },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({
        enviado: true,
        destinatarios: ['secretaria@teste.estante.example', 'eu@teste.estante.example'],
      });
      const message = await mail.smtp.nextMessage();
      expect(message.envelope.to).toEqual(['secretaria@teste.estante.example', 'eu@teste.estante.example']);
      expect(message.subject).toBe('Declaração de nada consta');
      expect(message.text).toContain(issued.codigo_verificacao);
      expect(message.attachments).toHaveLength(1);
      expect(message.attachments[0]!.content.equals(pdf)).toBe(true);

      const forged = await ctx.app.inject({
        method: 'POST',
        url: '/api/nada-consta/send-mail',
        ...multipart({}, { name: 'arquivo', filename: 'x.pdf', content: Buffer.from('%PDF-1.4 forged') }),
        headers: { ...ana.headers, ...multipart({}).headers },
      });
      expect([forged.statusCode, forged.json().code]).toEqual([422, 'NO_DEBTS_FILE_MISMATCH']);
      const badAddress = await ctx.app.inject({
        method: 'POST',
        url: '/api/nada-consta/send-mail',
        ...multipart({ email: 'não é e-mail' }),
        headers: { ...ana.headers, ...multipart({}).headers },
      });
      expect([badAddress.statusCode, badAddress.json().code]).toEqual([422, 'CIRCULATION_EMAIL_INVALID']);
      // Without a file or address: the declaration goes to the patron's own address.
      const own = await ctx.app.inject({
        method: 'POST',
        url: '/api/nada-consta/send-mail',
        ...multipart({}),
        headers: { ...ana.headers, ...multipart({}).headers },
      });
      expect(own.json().destinatarios).toEqual([ana.email]);
    });

    it('is not e-mailed before it is issued', async () => {
      const ana = await patron();
      const early = await ctx.app.inject({
        method: 'POST',
        url: '/api/nada-consta/send-mail',
        ...multipart({}),
        headers: { ...ana.headers, ...multipart({}).headers },
      });
      expect([early.statusCode, early.json().code]).toEqual([422, 'NO_DEBTS_NOT_ISSUED']);
    });
  });

  describe('holds', () => {
    it('offers the choices, tells the queue place, places, lists, and e-mails the patron when the copy comes back', async () => {
      const [reader, ana, bia] = [await patron(), await patron(), await patron()];
      const { titleId, copyIds } = await makeTitle(ctx.db, 'Os sertões', [
        { libraryId: library.id, volume: 'v. 1' },
        { libraryId: library.id, volume: 'v. 2' },
      ]);
      const info = HoldInitialInfoSchema.parse(
        (await call(ana, 'GET', `/reserva/${titleId}/informacoes-iniciais`)).json(),
      );
      expect(info).toMatchObject({
        titulo: 'Os sertões',
        permitido: false,
        motivo: { codigo: 'HOLD_COPY_AVAILABLE' },
        volumes: ['v. 1', 'v. 2'],
        bibliotecas: [{ cod_biblioteca: library.id }],
        fila: 0,
      });
      await engine.checkout({ patronId: reader.id, copyId: copyIds[0]!, actor: staff });
      await engine.checkout({ patronId: reader.id, copyId: copyIds[1]!, actor: staff });
      const missing = await call(ana, 'POST', '/reserva/validar-fila', {
        cod_acervo: titleId,
        biblioteca: library.id,
      });
      expect([missing.statusCode, missing.json()]).toMatchObject([
        422,
        { code: 'CHOICE_REQUIRED', message: 'circulation.errors.choiceRequired.volume' },
      ]);
      const request = { cod_acervo: titleId, biblioteca: library.id, volume: 'v. 1' };
      expect((await call(bia, 'POST', '/reserva/validar-fila', request)).json()).toEqual({ posicao_fila: 1 });
      expect((await call(bia, 'POST', '/reserva', request)).statusCode).toBe(201);
      expect((await call(ana, 'POST', '/reserva/validar-fila', request)).json()).toEqual({ posicao_fila: 2 });
      const placed = await call(ana, 'POST', '/reserva', request);
      expect(placed.statusCode).toBe(201);
      expect(HoldSchema.parse(placed.json())).toMatchObject({
        situacao: 'fila',
        posicao_fila: 2,
        volume: 'v. 1',
        titulo: 'Os sertões',
      });
      expect(
        HoldsSchema.parse((await call(ana, 'GET', '/reserva')).json()).map((h) => h.posicao_fila),
      ).toEqual([2]);

      days(2);
      await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      const message = await mail.smtp.nextMessage();
      expect(message.envelope.to).toEqual([bia.email]);
      expect(message.subject).toBe('Sua reserva está disponível');
      expect(message.text).toContain('"Os sertões"');
      expect(message.text).toContain(`Biblioteca de Testes ${library.code}`);
      expect(message.text).toContain('06/03/2026');
      const bias = HoldsSchema.parse((await call(bia, 'GET', '/reserva')).json());
      expect(bias.map((h) => [h.situacao, h.posicao_fila, h.prazo_retirada, h.observacoes])).toEqual([
        ['liberada', null, '2026-03-06', 'circulation.holds.observation.pickup'],
      ]);
      expect(
        HoldsSchema.parse((await call(ana, 'GET', '/reserva')).json()).map((h) => h.posicao_fila),
      ).toEqual([1]);
    });

    it('offers the hold form exactly when POST /reserva would take a hold for one of the choices offered', async () => {
      const ana = await patron();
      const other = await makeLibrary(ctx.db);
      /** Every choice the form offers, each one a request (the form asks for each offered value). */
      const requests = (info: ReturnType<typeof HoldInitialInfoSchema.parse>) => {
        const each = <T>(values: T[]) => (values.length > 0 ? values : [null]);
        return info.bibliotecas.flatMap((b) =>
          each(info.volumes).flatMap((volume) =>
            each(info.localizacoes).map((localizacao) => ({
              cod_acervo: info.cod_acervo,
              biblioteca: b.cod_biblioteca,
              volume,
              localizacao,
            })),
          ),
        );
      };
      /** The form's answer, and what POST /reserva/validar-fila and POST /reserva answer for each choice. */
      async function both(name: string, copies: TestCopy[], lend: number[]) {
        const { titleId, copyIds } = await makeTitle(ctx.db, name, copies);
        const reader = await makePatron(ctx.db);
        for (const i of lend)
          await engine.checkout({ patronId: reader.id, copyId: copyIds[i]!, actor: staff });
        const info = HoldInitialInfoSchema.parse(
          (await call(ana, 'GET', `/reserva/${titleId}/informacoes-iniciais`)).json(),
        );
        const answers: string[] = [];
        const choices = requests(info);
        // Nothing offered: the title's library, as a request without the form would ask.
        if (choices.length === 0)
          choices.push({ cod_acervo: titleId, biblioteca: library.id, volume: null, localizacao: null });
        for (const request of choices) {
          const check = await call(ana, 'POST', '/reserva/validar-fila', request);
          const code = (r: typeof check) =>
            r.statusCode === 200 ? 'ok' : (r.json() as { code: string }).code;
          answers.push(code(check));
          if (check.statusCode !== 200) {
            // The hold itself is refused the same way.
            expect(code(await call(ana, 'POST', '/reserva', request))).toBe(code(check));
          }
        }
        return { form: info.permitido ? 'ok' : info.motivo!.codigo, answers };
      }
      const here = { libraryId: library.id };
      // One copy lent, one on the shelf: the shelf copy serves; no choice lets a hold in.
      expect(await both('Til', [here, here], [0])).toEqual({
        form: 'HOLD_COPY_AVAILABLE',
        answers: ['HOLD_COPY_AVAILABLE'],
      });
      expect(await both('Lucíola', [here, here], [0, 1])).toEqual({ form: 'ok', answers: ['ok'] });
      // Volume 1 on the shelf, volume 2 lent: volume 2 can be held.
      expect(
        await both(
          'Os sertões',
          [
            { ...here, volume: 'v. 1' },
            { ...here, volume: 'v. 2' },
          ],
          [1],
        ),
      ).toEqual({ form: 'ok', answers: ['HOLD_COPY_AVAILABLE', 'ok'] });
      // On the shelf here, lent at the other library: held for pickup at the other.
      expect(await both('O ateneu', [here, { libraryId: other.id }], [1])).toEqual({
        form: 'ok',
        answers: ['HOLD_COPY_AVAILABLE', 'ok'],
      });
      // A copy that takes no holds is not counted, on the shelf or away.
      expect(await both('Senhora', [{ ...here, loanType: 'Sem reserva' }, here], [1])).toEqual({
        form: 'ok',
        answers: ['ok'],
      });
      expect(await both('Helena', [{ ...here, loanType: 'Sem reserva' }], [0])).toEqual({
        form: 'HOLD_NOT_ALLOWED',
        answers: ['HOLD_NOT_ALLOWED'],
      });
    });

    it('cancels the holds chosen; nothing chosen, or another patron’s hold, is refused and that hold stays', async () => {
      const [reader, ana, bia] = [await patron(), await patron(), await patron()];
      const { titleId, copyIds } = await makeTitle(ctx.db, 'Macunaíma', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: reader.id, copyId: copyIds[0]!, actor: staff });
      const anas = HoldSchema.parse(
        (await call(ana, 'POST', '/reserva', { cod_acervo: titleId, biblioteca: library.id })).json(),
      );
      const bias = HoldSchema.parse(
        (await call(bia, 'POST', '/reserva', { cod_acervo: titleId, biblioteca: library.id })).json(),
      );
      const none = await call(ana, 'DELETE', '/reserva', { reservas: [] });
      expect([none.statusCode, none.json()]).toMatchObject([
        422,
        { code: 'HOLD_NOTHING_SELECTED', message: 'circulation.errors.nothingToCancel' },
      ]);
      const result = CancelHoldsResultSchema.parse(
        (await call(ana, 'DELETE', '/reserva', { reservas: [anas.cod_reserva, bias.cod_reserva] })).json(),
      );
      expect(result.resultados).toEqual([
        { cod_reserva: anas.cod_reserva, cancelada: true, motivo: null },
        {
          cod_reserva: bias.cod_reserva,
          cancelada: false,
          motivo: { codigo: 'HOLD_NOT_FOUND', mensagem: 'circulation.errors.holdNotFound' },
        },
      ]);
      expect(
        HoldsSchema.parse((await call(bia, 'GET', '/reserva')).json()).map((h) => [
          h.cod_reserva,
          h.posicao_fila,
        ]),
      ).toEqual([[bias.cod_reserva, 1]]);
      const history = HoldsSchema.parse(
        (await call(ana, 'GET', '/reserva/historico?dataIni=2026-03-01&dataFim=2026-03-02')).json(),
      );
      expect(history.map((h) => [h.situacao, h.data_cancelamento])).toEqual([
        ['cancelada', '2026-03-02T12:00:00.000Z'],
      ]);
      expect((await call(ana, 'GET', `/reserva/999999/informacoes-iniciais`)).statusCode).toBe(404);
    });
  });

  describe('loan requests and inter-library loans', () => {
    const desk = () => pickupDesk(ctx.db, library.id);

    it('offers origin and receiving libraries, takes a request, lists it by date and status', async () => {
      const ana = await patron();
      const { titleId } = await makeTitle(ctx.db, 'Vidas secas', [{ libraryId: library.id }]);
      const info = LoanRequestInitialInfoSchema.parse(
        (await call(ana, 'GET', `/solicitacao-emprestimo/${titleId}/informacoes-iniciais`)).json(),
      );
      expect(info).toMatchObject({ permitido: true, email: ana.email, limite: 1, abertas: 0 });
      expect(info.bibliotecas_origem).toEqual([
        {
          cod_biblioteca: library.id,
          desc_biblioteca: `Biblioteca de Testes ${library.code}`,
          exemplares_disponiveis: 1,
        },
      ]);
      const mine = info.bibliotecas_recebimento.find((l) => l.cod_biblioteca === library.id)!;
      expect(mine.locais.map((l) => [l.descricao, l.domicilio])).toEqual([
        ['Balcão de empréstimo', false],
        ['Entrega em domicílio', true],
      ]);
      const body = {
        biblioteca_origem: library.id,
        biblioteca_recebimento: library.id,
        cod_local_recebimento: await desk(),
        email: 'ana@teste.estante.example',
        telefone: '(11) 5555-1234',
        pessoa_autorizada: 'Maria',
        domicilio: 'N',
      };
      const badPhone = await call(ana, 'POST', `/solicitacao-emprestimo/${titleId}`, {
        ...body,
        telefone: '11 5555-1234 ramal 2',
      });
      expect(badPhone.statusCode).toBe(400);
      const badMail = await call(ana, 'POST', `/solicitacao-emprestimo/${titleId}`, {
        ...body,
        email: 'ana@',
      });
      expect(badMail.statusCode).toBe(400);
      const created = await call(ana, 'POST', `/solicitacao-emprestimo/${titleId}`, body);
      expect(created.statusCode, created.body).toBe(201);
      expect(LoanRequestSchema.parse(created.json())).toMatchObject({
        situacao: 'aguardando',
        telefone: '(11) 5555-1234',
        pessoa_autorizada: 'Maria',
        local_recebimento: 'Balcão de empréstimo',
        domicilio: false,
      });
      const listed = LoanRequestsSchema.parse(
        (await call(ana, 'GET', '/solicitacao-emprestimo?status=aguardando')).json(),
      );
      expect(listed.map((r) => r.titulo)).toEqual(['Vidas secas']);
      expect((await call(ana, 'GET', '/solicitacao-emprestimo?status=finalizada')).json()).toEqual([]);
    });

    it('answers every SPEC §8 circulation refusal with its code and translation key', async () => {
      const [ana, bia, reader] = [await patron(), await patron(), await patron()];
      const location = await desk();
      const body = {
        biblioteca_origem: library.id,
        biblioteca_recebimento: library.id,
        cod_local_recebimento: location,
        email: 'x@teste.estante.example',
      };
      const one = await makeTitle(ctx.db, 'São Bernardo', [{ libraryId: library.id }]);
      const two = await makeTitle(ctx.db, 'Angústia', [{ libraryId: library.id }]);
      const lent = await makeTitle(ctx.db, 'Caetés', [{ libraryId: library.id }]);
      const noHolds = await makeTitle(ctx.db, 'Infância', [
        { libraryId: library.id, loanType: 'Sem reserva' },
      ]);
      await engine.checkout({ patronId: reader.id, copyId: lent.copyIds[0]!, actor: staff });
      await engine.checkout({ patronId: reader.id, copyId: noHolds.copyIds[0]!, actor: staff });
      const refusal = async (method: 'POST' | 'DELETE', url: string, payload: object, who: Caller = ana) => {
        const response = await call(who, method, url, payload);
        expect(response.statusCode, response.body).toBe(422);
        return response.json() as { code: string; message: string };
      };
      expect((await call(ana, 'POST', `/solicitacao-emprestimo/${one.titleId}`, body)).statusCode).toBe(201);
      // Duplicate request for the same title.
      expect(await refusal('POST', `/solicitacao-emprestimo/${one.titleId}`, body)).toMatchObject({
        code: 'REQUEST_DUPLICATE',
        message: 'circulation.errors.requestDuplicate',
      });
      // Request limit exceeded (one open request in this category).
      expect(await refusal('POST', `/solicitacao-emprestimo/${two.titleId}`, body)).toMatchObject({
        code: 'REQUEST_LIMIT',
        message: 'circulation.errors.requestLimit',
      });
      // Open requests already exist for all available copies.
      expect(await refusal('POST', `/solicitacao-emprestimo/${one.titleId}`, body, bia)).toMatchObject({
        code: 'REQUEST_ALL_COPIES_REQUESTED',
        message: 'circulation.errors.requestAllCopiesRequested',
      });
      // No copies available for request.
      expect(await refusal('POST', `/solicitacao-emprestimo/${lent.titleId}`, body, bia)).toMatchObject({
        code: 'REQUEST_NO_COPIES',
        message: 'circulation.errors.requestNoCopies',
      });
      // Hold cancelled because no copy allows holds.
      expect(
        await refusal('POST', '/reserva', { cod_acervo: noHolds.titleId, biblioteca: library.id }, bia),
      ).toMatchObject({
        code: 'HOLD_NOT_ALLOWED',
        message: 'circulation.errors.holdNotAllowed',
      });
      // Nothing selected to renew or cancel.
      expect(await refusal('POST', '/emprestimo/renovacao', {})).toMatchObject({
        code: 'RENEW_NOTHING_SELECTED',
        message: 'circulation.errors.nothingToRenew',
      });
      expect(await refusal('DELETE', '/reserva', {})).toMatchObject({
        code: 'HOLD_NOTHING_SELECTED',
        message: 'circulation.errors.nothingToCancel',
      });
      // Home delivery needs the address.
      expect(
        await refusal('POST', `/solicitacao-emprestimo/${two.titleId}`, { ...body, domicilio: true }, bia),
      ).toMatchObject({
        code: 'REQUEST_ADDRESS_REQUIRED',
        message: 'circulation.errors.requestAddressRequired',
      });
    });

    it('offers the network institutions for an inter-library loan and takes the request', async () => {
      const ana = await patron();
      const data = InterlibraryDataSchema.parse(
        (await call(ana, 'GET', '/solicitacoes/emprestimo-inter-bibliotecas/dados')).json(),
      );
      expect(data.email).toBe(ana.email);
      expect(data.instituicoes.length).toBeGreaterThan(0);
      expect(data.solicitacoes).toEqual([]);
      const institution = data.instituicoes[0]!;
      const created = await call(ana, 'POST', '/solicitacoes/emprestimo-inter-bibliotecas', {
        cod_empresa: institution.cod_empresa,
        titulo: 'Casa-grande & senzala',
        autor: 'Gilberto Freyre',
        email: 'ana@teste.estante.example',
        biblioteca_recebimento: library.id,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        instituicao: institution,
        titulo: 'Casa-grande & senzala',
        situacao: 'aguardando',
      });
      const after = InterlibraryDataSchema.parse(
        (await call(ana, 'GET', '/solicitacoes/emprestimo-inter-bibliotecas/dados')).json(),
      );
      expect(after.solicitacoes.map((s) => s.titulo)).toEqual(['Casa-grande & senzala']);
      const other = await patron();
      expect(
        InterlibraryDataSchema.parse(
          (await call(other, 'GET', '/solicitacoes/emprestimo-inter-bibliotecas/dados')).json(),
        ).solicitacoes,
      ).toEqual([]);
    });
  });
});
