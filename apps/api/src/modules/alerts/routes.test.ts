import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlertSchema, AlertsSchema, UnreadAlertsSchema, type Alert } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { startTestMail, type ReceivedMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { createCirculationEngine, type CirculationEngine } from '../circulation/index.ts';
import {
  makeLibrary,
  makePatron,
  makeTitle,
  pickupDesk,
  setRules,
  testRule,
} from '../circulation/testing.ts';
import { recordAlert } from './index.ts';

// The patron's alerts (SPEC §7 /solicitacoes/alertas; decision 0044) through the HTTP API, written
// by the circulation engine's events on a real database, with the test clock and a real SMTP server.

const DAY = 86_400;
const PERIOD = '?dataIni=2026-01-01&dataFim=2026-12-31';

describe('alerts', () => {
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
    library = await makeLibrary(ctx.db, 'Biblioteca Setorial');
    await setRules(ctx.db, [testRule({ loanDays: 7, renewalLimit: 1, pickupDays: 2 })]);
  });
  afterEach(() => ctx.close());

  async function patron(options: { email?: string | null } = {}) {
    const p = await makePatron(ctx.db, options);
    const { access_token } = await signIn(ctx.app, p.login, p.password);
    return { ...p, headers: bearer(access_token) };
  }
  type Caller = Awaited<ReturnType<typeof patron>>;
  const call = (who: Caller, method: 'GET' | 'PUT' | 'DELETE', url: string, language?: string) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...who.headers, ...(language ? { idioma: language } : {}) },
    });
  const alertsOf = async (who: Caller, language?: string): Promise<Alert[]> => {
    const response = await call(who, 'GET', `/solicitacoes/alertas${PERIOD}`, language);
    expect(response.statusCode).toBe(200);
    return AlertsSchema.parse(response.json());
  };
  const unread = async (who: Caller) =>
    UnreadAlertsSchema.parse((await call(who, 'GET', '/solicitacoes/alertas/nao-lidos')).json()).quantidade;
  const mailTo = (address: string): ReceivedMail[] =>
    mail.smtp.messages.filter((m) => m.envelope.to.includes(address));
  /** Lets e-mails sent after a commit reach the test server. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  /** A patron holding a title lent to another, which is then returned: the hold is released. */
  async function releasedHold(who: Caller) {
    const borrower = await makePatron(ctx.db);
    const book = await makeTitle(ctx.db, 'Vidas secas', [{ libraryId: library.id }]);
    await engine.checkout({ patronId: borrower.id, copyId: book.copyIds[0]!, actor: staff });
    await engine.placeHold(who.id, { cod_acervo: book.titleId, biblioteca: library.id }, staff);
    await engine.checkin({ copyId: book.copyIds[0]!, actor: staff });
    return book;
  }

  it('refuses the alert calls to a visitor', async () => {
    const visitor = { headers: bearer(await publicToken(ctx.app)) } as Caller;
    for (const [method, url] of [
      ['GET', `/solicitacoes/alertas${PERIOD}`],
      ['GET', '/solicitacoes/alertas/nao-lidos'],
      ['PUT', '/solicitacoes/alertas/1'],
      ['DELETE', '/solicitacoes/alertas/1'],
    ] as const) {
      expect((await call(visitor, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('needs both days, the start not after the end (SPEC §5), and names the missing one', async () => {
    const ana = await patron();
    const refused = async (query: string) => {
      const response = await call(ana, 'GET', `/solicitacoes/alertas${query}`);
      expect(response.statusCode, query).toBe(422);
      const { code, message } = response.json() as { code: string; message: string };
      return { code, message };
    };
    expect(await refused('?dataFim=2026-03-01')).toEqual({
      code: 'ALERT_START_REQUIRED',
      message: 'alerts.errors.startRequired',
    });
    expect(await refused('?dataIni=2026-03-01')).toEqual({
      code: 'ALERT_END_REQUIRED',
      message: 'alerts.errors.endRequired',
    });
    expect((await refused('')).code).toBe('ALERT_START_REQUIRED');
    expect(await refused('?dataIni=2026-03-02&dataFim=2026-03-01')).toEqual({
      code: 'DATE_RANGE',
      message: 'alerts.errors.dateRange',
    });
    expect(
      (await call(ana, 'GET', '/solicitacoes/alertas?dataIni=2026-03-02&dataFim=2026-03-02')).statusCode,
    ).toBe(200);
  });

  it('alerts a hold ready for pickup in the reader’s language, with its deadline and link, and no second e-mail', async () => {
    const ana = await patron();
    const book = await releasedHold(ana);
    const [alert] = await alertsOf(ana);
    expect(alert).toMatchObject({
      lido: false,
      tipo: 'holdReady',
      data: '2026-03-02T12:00:00.000Z',
      texto: `O título "Vidas secas" que você reservou está disponível para retirada na Biblioteca Setorial ${library.code} até 04/03/2026.`,
      parametros: { title: 'Vidas secas', titleId: book.titleId, until: '2026-03-04' },
      link: '/meupergamum/reservas',
    });
    expect((await alertsOf(ana, '5'))[0]!.texto).toBe(
      `The title "Vidas secas" you placed a hold on is ready for pickup at Biblioteca Setorial ${library.code} until 2026-03-04.`,
    );
    expect((await alertsOf(ana, '3'))[0]!.texto).toContain('está disponible para retirar');
    await settle();
    // The hold notice is the one e-mail: the alert does not send a twin.
    expect(mailTo(ana.email!).map((m) => m.subject)).toEqual(['Sua reserva está disponível']);
  });

  it('marks read and deletes, the unread count following; another patron never reaches them', async () => {
    const ana = await patron();
    const bruno = await patron();
    await releasedHold(ana);
    const [alert] = await alertsOf(ana);
    expect(await unread(ana)).toBe(1);
    expect(await unread(bruno)).toBe(0);
    expect(await alertsOf(bruno)).toEqual([]);
    // Bruno's calls on Ana's alert: not found, and nothing changes.
    expect((await call(bruno, 'PUT', `/solicitacoes/alertas/${alert!.id}`)).statusCode).toBe(404);
    expect((await call(bruno, 'DELETE', `/solicitacoes/alertas/${alert!.id}`)).statusCode).toBe(404);
    expect(await unread(ana)).toBe(1);

    const read = await call(ana, 'PUT', `/solicitacoes/alertas/${alert!.id}`);
    expect(read.statusCode).toBe(200);
    expect(AlertSchema.parse(read.json())).toMatchObject({ id: alert!.id, lido: true });
    expect(await unread(ana)).toBe(0);
    expect((await alertsOf(ana))[0]!.lido).toBe(true);

    expect((await call(ana, 'DELETE', `/solicitacoes/alertas/${alert!.id}`)).json()).toEqual({
      id: alert!.id,
    });
    expect(await alertsOf(ana)).toEqual([]);
    expect((await call(ana, 'DELETE', `/solicitacoes/alertas/${alert!.id}`)).statusCode).toBe(404);
    expect((await call(ana, 'PUT', `/solicitacoes/alertas/99999`)).statusCode).toBe(404);
  });

  it('lists the alerts of the days asked, in the library’s days (not UTC)', async () => {
    const ana = await patron();
    clock.advance(13 * 3600); // 2026-03-03 01:00 UTC is still the 2nd in São Paulo
    await releasedHold(ana);
    const on = async (from: string, to: string) =>
      AlertsSchema.parse(
        (await call(ana, 'GET', `/solicitacoes/alertas?dataIni=${from}&dataFim=${to}`)).json(),
      ).length;
    expect(await on('2026-03-02', '2026-03-02')).toBe(1);
    expect(await on('2026-03-03', '2026-03-31')).toBe(0);
    expect(await on('2026-02-01', '2026-03-01')).toBe(0);
  });

  it('alerts a loan due soon and a late one once each, e-mailing only a patron who chose e-mails', async () => {
    const ana = await patron();
    const quiet = await patron();
    await ctx.db.query('UPDATE patron SET receives_email = false WHERE id = $1', [quiet.id]);
    const book = await makeTitle(ctx.db, 'Grande sertão: veredas', [
      { libraryId: library.id },
      { libraryId: library.id },
    ]);
    await engine.checkout({ patronId: ana.id, copyId: book.copyIds[0]!, actor: staff }); // due 2026-03-09
    await engine.checkout({ patronId: quiet.id, copyId: book.copyIds[1]!, actor: staff });

    clock.advance(4 * DAY); // the 6th: three days before
    expect(await engine.alertDueLoans(2)).toEqual({ alerts: 0 });
    clock.advance(DAY); // the 7th: two days before
    expect(await engine.alertDueLoans(2)).toEqual({ alerts: 2 });
    expect(await engine.alertDueLoans(2)).toEqual({ alerts: 0 }); // the next run repeats nothing
    clock.advance(DAY);
    expect(await engine.alertDueLoans(2)).toEqual({ alerts: 0 });
    expect((await alertsOf(ana)).map((a) => [a.tipo, a.texto])).toEqual([
      [
        'loanDueSoon',
        'O empréstimo de "Grande sertão: veredas" vence em 09/03/2026. Devolva ou renove até essa data.',
      ],
    ]);
    expect((await alertsOf(quiet)).map((a) => a.tipo)).toEqual(['loanDueSoon']);
    await settle();
    expect(mailTo(ana.email!).map((m) => [m.subject, m.text.includes('vence em 09/03/2026')])).toEqual([
      ['Novo alerta da biblioteca', true],
    ]);
    expect(mailTo(quiet.email!)).toEqual([]);

    clock.advance(2 * DAY); // the 10th: late
    expect(await engine.alertDueLoans(2)).toEqual({ alerts: 2 });
    expect(await engine.alertDueLoans(2)).toEqual({ alerts: 0 });
    expect((await alertsOf(ana)).map((a) => a.tipo)).toEqual(['loanOverdue', 'loanDueSoon']);
    // Deleting an alert does not bring it back on the next run.
    const [late] = await alertsOf(ana);
    await call(ana, 'DELETE', `/solicitacoes/alertas/${late!.id}`);
    expect(await engine.alertDueLoans(2)).toEqual({ alerts: 0 });
    expect((await alertsOf(ana)).map((a) => a.tipo)).toEqual(['loanDueSoon']);
  });

  it('alerts a renewed loan again for its new due day', async () => {
    const ana = await patron();
    const book = await makeTitle(ctx.db, 'Dom Casmurro', [{ libraryId: library.id }]);
    const { loanId } = await engine.checkout({ patronId: ana.id, copyId: book.copyIds[0]!, actor: staff });
    clock.advance(5 * DAY);
    await engine.alertDueLoans(2);
    await engine.renew(ana.id, [loanId], `patron:${ana.id}`); // due 2026-03-14
    clock.advance(5 * DAY);
    expect(await engine.alertDueLoans(2)).toEqual({ alerts: 1 });
    expect((await alertsOf(ana)).map((a) => a.parametros['dueOn'])).toEqual(['2026-03-14', '2026-03-09']);
  });

  it('alerts what automatic renewal did, the renewal e-mail being the only one', async () => {
    const ana = await patron();
    const waiting = await patron({ email: null });
    const free = await makeTitle(ctx.db, 'Capitães da areia', [{ libraryId: library.id }]);
    const wanted = await makeTitle(ctx.db, 'Mar morto', [{ libraryId: library.id }]);
    await engine.checkout({ patronId: ana.id, copyId: free.copyIds[0]!, actor: staff });
    await engine.checkout({ patronId: ana.id, copyId: wanted.copyIds[0]!, actor: staff });
    await engine.placeHold(waiting.id, { cod_acervo: wanted.titleId, biblioteca: library.id }, staff);
    clock.advance(7 * DAY);
    await engine.autoRenew();
    const alerts = await alertsOf(ana);
    expect(alerts.map((a) => [a.tipo, a.parametros['title']]).sort()).toEqual([
      ['renewalDone', 'Capitães da areia'],
      ['renewalRefused', 'Mar morto'],
    ]);
    expect(alerts.find((a) => a.tipo === 'renewalRefused')!.texto).toBe(
      'A renovação automática não renovou "Mar morto". Motivo: Há reservas para este título. Devolva o exemplar até 09/03/2026.',
    );
    expect(alerts.find((a) => a.tipo === 'renewalDone')!.link).toBe('/meupergamum/emprestimos');
    await settle();
    expect(mailTo(ana.email!).map((m) => m.subject)).toEqual(['Renovação automática dos seus empréstimos']);
  });

  it('alerts each move of a loan request, e-mailing those no notice already told', async () => {
    const ana = await patron();
    const book = await makeTitle(ctx.db, 'Iracema', [{ libraryId: library.id }]);
    const deskId = await pickupDesk(ctx.db, library.id);
    const requestId = await engine.requestLoan(
      ana.id,
      book.titleId,
      {
        biblioteca_origem: library.id,
        biblioteca_recebimento: library.id,
        cod_local_recebimento: deskId,
        email: ana.email!,
        domicilio: false,
      },
      `patron:${ana.id}`,
    );
    await engine.advanceRequest(requestId, 'em_transito', staff);
    await engine.advanceRequest(requestId, 'disponivel', staff);
    clock.advance(3 * DAY);
    await engine.sweep(); // not collected by the 4th: it ends
    const alerts = await alertsOf(ana, '5');
    expect(alerts.map((a) => [a.parametros['status'], a.texto])).toEqual([
      [
        'nao_finalizada',
        `Your loan request for "Iracema" ended without a loan at Biblioteca Setorial ${library.code}.`,
      ],
      [
        'disponivel',
        `The copy of "Iracema" you requested is ready for pickup at Biblioteca Setorial ${library.code} until 2026-03-04.`,
      ],
      [
        'em_transito',
        `The copy of "Iracema" you requested is on its way to Biblioteca Setorial ${library.code}.`,
      ],
    ]);
    expect(alerts.every((a) => a.link === '/meupergamum/solicitacoes')).toBe(true);
    await settle();
    expect(mailTo(ana.email!).map((m) => m.subject)).toEqual([
      'Novo alerta da biblioteca',
      'Sua solicitação de empréstimo está disponível',
      'Novo alerta da biblioteca',
    ]);
  });

  it('writes an alert only with its transaction: one rolled back leaves none', async () => {
    const ana = await patron();
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAlert(tx, {
          patronId: ana.id,
          kind: 'commentApproved',
          params: { title: 'Memórias póstumas de Brás Cubas', titleId: 1 },
          at: clock.now(),
        });
        throw new Error('the approval failed');
      }),
    ).rejects.toThrow('the approval failed');
    expect(await unread(ana)).toBe(0);
    const recorded = await ctx.db.transaction((tx) =>
      recordAlert(tx, {
        patronId: ana.id,
        kind: 'commentRefused',
        params: { title: 'Memórias póstumas de Brás Cubas', titleId: 1, reason: 'Texto fora do tema.' },
        at: clock.now(),
      }),
    );
    // The caller sends the e-mail after its commit; the alert is there in the patron's language.
    expect(recorded!.mail).toMatchObject({ to: [ana.email], subject: 'Novo alerta da biblioteca' });
    expect(recorded!.mail!.text).toContain(
      'Seu comentário sobre "Memórias póstumas de Brás Cubas" não foi aprovado. Motivo: Texto fora do tema.',
    );
    expect((await alertsOf(ana))[0]).toMatchObject({ tipo: 'commentRefused', link: '/acervo/1' });
  });
});
