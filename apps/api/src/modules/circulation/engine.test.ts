import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CIRCULATION_ERROR } from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { createSmtpMailer } from '../../lib/mail.ts';
import { createTestDb } from '../../testing/build-test-app.ts';
import { testClock } from '../identity/testing.ts';
import { circulationViolations } from './invariants.ts';
import { createCirculationEngine, type CirculationEngine } from './local/engine.ts';
import { copyState, logOf, makeLibrary, makePatron, makeTitle, setRules, testRule } from './testing.ts';

// The engine on a real database with the test clock: every rule and state transition.

const DAY = 86_400;

describe('circulation engine', () => {
  let db: Db;
  let clock: ReturnType<typeof testClock>;
  let engine: CirculationEngine;
  let library: { id: number; code: string };
  const staff = 'staff:test';

  beforeEach(async () => {
    db = await createTestDb();
    // Monday 2 March 2026, 09:00 in São Paulo.
    clock = testClock(new Date('2026-03-02T12:00:00Z'));
    engine = createCirculationEngine({ db, clock, timeZone: 'America/Sao_Paulo' });
    library = await makeLibrary(db);
    await setRules(db, [
      testRule({ loanDays: 7, renewalLimit: 2, maxLoans: 3, maxHolds: 2, finePerDayCents: 150 }),
      testRule({ categoryCode: '05', suspensionDaysPerLateDay: 2, maxFineCents: 500 }),
      testRule({ loanType: 'Consulta local', isLoanable: false, allowsHolds: false, allowsRequests: false }),
      testRule({ loanType: 'Quarentena', quarantineDays: 3 }),
      testRule({ loanType: 'Sem reserva', allowsHolds: false }),
    ]);
  });
  afterEach(async () => {
    await engine.sweep();
    // The demo library's loans are dated from the day the template was made, so time is checked on ours.
    expect(await circulationViolations(db, { today: engine.today(), libraryId: library.id })).toEqual([]);
    await db.close();
  });

  const days = (n: number) => clock.advance(n * DAY);

  /** The engine with a mailer whose server cannot be reached (nothing listens on port 1): each e-mail is an error. */
  const mailingEngine = (errors: unknown[]) =>
    createCirculationEngine({
      db,
      clock,
      timeZone: 'America/Sao_Paulo',
      mailer: createSmtpMailer({ host: '127.0.0.1', port: 1, secure: false, from: 'estante@example.org' }),
      onMailError: (error) => errors.push(error),
    });

  /** A patron's log entries of one action, oldest first, with the debt they name and their details. */
  async function actionsOf(patronId: number, action: string) {
    const { rows } = await db.query<{ debt: number | null; details: Record<string, unknown> }>(
      'SELECT debt_id AS debt, details FROM circulation_log WHERE patron_id = $1 AND action = $2 ORDER BY id',
      [patronId, action],
    );
    return rows;
  }

  /** Everything the log holds of a patron, oldest first: each action with its details. */
  async function patronLog(patronId: number) {
    const { rows } = await db.query<{ action: string; details: Record<string, unknown> }>(
      'SELECT action, details FROM circulation_log WHERE patron_id = $1 ORDER BY id',
      [patronId],
    );
    return rows;
  }
  const checkedOut = (dueOn: string) => ({
    action: 'loan.checkout',
    details: { dueOn, channel: 'balcao', loanType: 'Normal' },
  });

  describe('checkout and return', () => {
    it('lends for the loan period of the rule, shows the copy as lent and logs who did it', async () => {
      const patron = await makePatron(db);
      const { copyIds } = await makeTitle(db, 'Vidas secas', [{ libraryId: library.id }]);
      const loan = await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      expect(loan.dueOn).toBe('2026-03-09');
      expect(await copyState(db, copyIds[0]!)).toEqual({ status: 'emprestado', expected: '2026-03-09' });
      expect(await logOf(db, copyIds[0]!)).toEqual([{ action: 'loan.checkout', actor: staff }]);
      expect(await patronLog(patron.id)).toEqual([checkedOut('2026-03-09')]);
      // Alerts (decision 0044): due soon two days before, late after the due day, each once.
      days(4);
      expect(await engine.alertDueLoans(2)).toEqual({ alerts: 0 });
      days(1);
      expect(await engine.alertDueLoans(2)).toEqual({ alerts: 1 });
      expect(await engine.alertDueLoans(2)).toEqual({ alerts: 0 });
      days(3);
      expect(await engine.alertDueLoans(2)).toEqual({ alerts: 1 });
      expect(await engine.alertDueLoans(2)).toEqual({ alerts: 0 });
      const { rows } = await db.query<{ kind: string; once_key: string }>(
        'SELECT kind, once_key FROM alert WHERE patron_id = $1 ORDER BY id',
        [patron.id],
      );
      expect(rows).toEqual([
        { kind: 'loanDueSoon', once_key: `loanDueSoon:${loan.loanId}:2026-03-09` },
        { kind: 'loanOverdue', once_key: `loanOverdue:${loan.loanId}:2026-03-09` },
      ]);
    });

    it('moves the due date past the days the library is closed', async () => {
      // Open Monday to Friday only: 7 days from Monday the 2nd is Monday the 9th; 5 days would be Saturday.
      for (const weekday of [1, 2, 3, 4, 5])
        await db.query(
          "INSERT INTO opening_hours (library_id, weekday, opens, closes) VALUES ($1, $2, '08:00', '18:00')",
          [library.id, weekday],
        );
      await setRules(db, [testRule({ loanDays: 5 })]);
      const patron = await makePatron(db);
      const { copyIds } = await makeTitle(db, 'Quincas Borba', [{ libraryId: library.id }]);
      const loan = await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      expect(loan.dueOn).toBe('2026-03-09');
    });

    it('takes a copy back on time: no fine, back on the shelf; the loan forgets a patron who keeps no history', async () => {
      const patron = await makePatron(db);
      const { copyIds } = await makeTitle(db, 'Iracema', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      days(7);
      const back = await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      expect(back).toMatchObject({
        lateDays: 0,
        fineCents: 0,
        debtId: null,
        suspension: null,
        next: 'disponivel',
      });
      expect(await copyState(db, copyIds[0]!)).toEqual({ status: 'disponivel', expected: null });
      // Decision 0045: the history is anonymised on demand, or at each return once the patron says so.
      const holder = 'SELECT patron_id AS "patronId" FROM loan WHERE copy_id = $1 ORDER BY id';
      expect((await db.query(holder, [copyIds[0]])).rows).toEqual([{ patronId: patron.id }]);
      expect(await engine.anonymiseLoanHistory(patron.id, staff)).toBe(1);
      expect(await engine.anonymiseLoanHistory(patron.id, staff)).toBe(0);
      await engine.setKeepsLoanHistory(patron.id, false, staff);
      await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      expect((await db.query(holder, [copyIds[0]])).rows).toEqual([
        { patronId: null },
        { patronId: patron.id },
      ]);
      await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      expect((await db.query(holder, [copyIds[0]])).rows).toEqual([{ patronId: null }, { patronId: null }]);
      expect((await patronLog(patron.id)).filter((e) => e.action.startsWith('patron.'))).toEqual([
        { action: 'patron.loan-history-anonymised', details: { loans: 1 } },
        { action: 'patron.loan-history-anonymised', details: { loans: 0 } },
        { action: 'patron.loan-history', details: { keeps: false } },
      ]);
      // A return follows the rule of the type the copy was lent under: a copy made "Quarentena"
      // while lent does not go into quarantine when it comes back.
      await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      await db.query("UPDATE copy SET loan_type = 'Quarentena' WHERE id = $1", [copyIds[0]]);
      expect((await engine.checkin({ copyId: copyIds[0]!, actor: staff })).next).toBe('disponivel');
    });

    it('fines a late return per day late and records the debt', async () => {
      const patron = await makePatron(db);
      const { copyIds } = await makeTitle(db, 'Senhora', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      days(11); // due on the 9th, back on the 13th: 4 days late at R$ 1.50
      const back = await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      expect(back).toMatchObject({ lateDays: 4, fineCents: 600, suspension: null });
      const { rows } = await db.query<{ amount_cents: number; service_type: string; reason: string }>(
        'SELECT amount_cents, service_type, reason FROM debt WHERE id = $1',
        [back.debtId],
      );
      expect(rows[0]).toEqual({
        amount_cents: 600,
        service_type: 'multa_atraso',
        reason: 'Devolução com 4 dia(s) de atraso: Senhora',
      });
    });

    it('suspends by the days late times the rule, capping the fine, and chains a second suspension after the first', async () => {
      const patron = await makePatron(db, { category: '05' });
      const { copyIds } = await makeTitle(db, 'O cortiço', [
        { libraryId: library.id },
        { libraryId: library.id },
      ]);
      await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      await engine.checkout({ patronId: patron.id, copyId: copyIds[1]!, actor: staff });
      days(10); // both due on the 9th; back on the 12th: 3 days late
      const first = await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      expect(first.fineCents).toBe(450);
      expect(first.suspension).toEqual({ startsOn: '2026-03-12', endsOn: '2026-03-17', days: 6 });
      days(1); // 4 days late: R$ 6.00 capped at R$ 5.00; 8 days after the first suspension
      const second = await engine.checkin({ copyId: copyIds[1]!, actor: staff });
      expect(second.fineCents).toBe(500);
      expect(second.suspension).toEqual({ startsOn: '2026-03-18', endsOn: '2026-03-25', days: 8 });
      expect((await patronLog(patron.id)).slice(2)).toEqual([
        { action: 'loan.checkin', details: { lateDays: 3, fineCents: 450, quarantineUntil: null } },
        { action: 'debt.fine', details: { amountCents: 450, lateDays: 3 } },
        { action: 'suspension.late', details: { days: 6, startsOn: '2026-03-12', endsOn: '2026-03-17' } },
        { action: 'loan.checkin', details: { lateDays: 4, fineCents: 500, quarantineUntil: null } },
        { action: 'debt.fine', details: { amountCents: 500, lateDays: 4 } },
        { action: 'suspension.late', details: { days: 8, startsOn: '2026-03-18', endsOn: '2026-03-25' } },
      ]);
      const { rows } = await db.query<{ origin: string; reason: string }>(
        'SELECT origin, reason FROM suspension WHERE patron_id = $1 ORDER BY id',
        [patron.id],
      );
      expect(rows).toEqual([
        { origin: 'atraso', reason: 'Devolução com 3 dia(s) de atraso' },
        { origin: 'atraso', reason: 'Devolução com 4 dia(s) de atraso' },
      ]);
    });

    it('refuses a second loan of a lent copy, a copy not lent, and a loan over the limit', async () => {
      const [ana, bia] = [await makePatron(db), await makePatron(db)];
      const { copyIds } = await makeTitle(db, 'Lucíola', [
        { libraryId: library.id },
        { libraryId: library.id },
        { libraryId: library.id },
        { libraryId: library.id },
        { libraryId: library.id, loanType: 'Consulta local' },
        { libraryId: library.id, status: 'extraviado' },
      ]);
      await engine.checkout({ patronId: ana.id, copyId: copyIds[0]!, actor: staff });
      await expect(
        engine.checkout({ patronId: bia.id, copyId: copyIds[0]!, actor: staff }),
      ).rejects.toMatchObject({ code: 'COPY_ON_LOAN' });
      await expect(
        engine.checkout({ patronId: bia.id, copyId: copyIds[4]!, actor: staff }),
      ).rejects.toMatchObject({ code: 'COPY_NOT_LOANABLE' });
      await engine.checkout({ patronId: ana.id, copyId: copyIds[1]!, actor: staff });
      await engine.checkout({ patronId: ana.id, copyId: copyIds[2]!, actor: staff });
      await expect(
        engine.checkout({ patronId: ana.id, copyId: copyIds[3]!, actor: staff }),
      ).rejects.toMatchObject({ code: 'LOAN_LIMIT' });
      // A copy lost is not lent whatever its loan type; nor one, or to someone, who does not exist.
      await expect(
        engine.checkout({ patronId: bia.id, copyId: copyIds[5]!, actor: staff }),
      ).rejects.toMatchObject({ code: 'COPY_NOT_LOANABLE' });
      await expect(engine.checkout({ patronId: bia.id, copyId: 0, actor: staff })).rejects.toMatchObject({
        code: 'COPY_NOT_FOUND',
      });
      for (const patronId of [0, undefined])
        await expect(engine.checkout({ patronId, copyId: copyIds[3]!, actor: staff })).rejects.toMatchObject({
          code: 'PATRON_NOT_FOUND',
        });
      await expect(engine.checkin({ copyId: 0, actor: staff })).rejects.toMatchObject({
        code: 'COPY_NOT_FOUND',
      });
      await expect(engine.checkin({ copyId: copyIds[3]!, actor: staff })).rejects.toMatchObject({
        code: 'NOT_ON_LOAN',
      });
      // A copy marked set aside that no hold or loan request holds (a state loaded from another
      // system) is not lent to whoever asks first; the desk puts it right.
      const setAside = await makeTitle(db, 'Diva', [{ libraryId: library.id, status: 'reservado' }]);
      await expect(
        engine.checkout({ patronId: bia.id, copyId: setAside.copyIds[0]!, actor: staff }),
      ).rejects.toMatchObject({ code: 'COPY_HELD_FOR_OTHER' });
      await db.query("UPDATE copy SET status = 'disponivel' WHERE id = $1", [setAside.copyIds[0]]);
    });

    it('refuses new loans while the patron is suspended, owes, or has a late loan', async () => {
      const patron = await makePatron(db);
      const { copyIds } = await makeTitle(db, 'Helena', [
        { libraryId: library.id },
        { libraryId: library.id },
        { libraryId: library.id },
      ]);
      await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      await engine.sweep(); // the demo library's titles, whose days are not the test clock's
      days(8);
      expect(await engine.sweep()).toEqual({
        titles: 1,
        late: 1,
        quarantineEnded: 0,
        holdsExpired: 0,
        requestsExpired: 0,
        holdsReleased: 0,
      });
      expect((await copyState(db, copyIds[0]!)).status).toBe('atrasado');
      await expect(
        engine.checkout({ patronId: (await makePatron(db)).id, copyId: copyIds[0]!, actor: staff }),
      ).rejects.toMatchObject({ code: 'COPY_ON_LOAN' });
      await expect(
        engine.checkout({ patronId: patron.id, copyId: copyIds[1]!, actor: staff }),
      ).rejects.toMatchObject({
        code: CIRCULATION_ERROR.PATRON_HAS_LATE_LOANS.code,
      });
      await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      await expect(
        engine.checkout({ patronId: patron.id, copyId: copyIds[1]!, actor: staff }),
      ).rejects.toMatchObject({
        code: CIRCULATION_ERROR.PATRON_IN_DEBT.code,
      });
      await engine.pay({ patronId: patron.id, amountCents: 100, discountCents: 50, actor: staff });
      await engine.suspend({ patronId: patron.id, days: 2, reason: 'Dano', actor: staff });
      expect(await actionsOf(patron.id, 'suspension.desk')).toEqual([
        {
          debt: null,
          details: { days: 2, reason: 'Dano', startsOn: '2026-03-10', endsOn: '2026-03-11' },
        },
      ]);
      await expect(
        engine.checkout({ patronId: patron.id, copyId: copyIds[1]!, actor: staff }),
      ).rejects.toMatchObject({
        code: CIRCULATION_ERROR.PATRON_SUSPENDED.code,
      });
      days(2);
      const loan = await engine.checkout({ patronId: patron.id, copyId: copyIds[1]!, actor: staff });
      expect(loan.dueOn).toBe('2026-03-19');
    });

    it('records payments oldest debt first, with the discount, and refuses paying more than is owed', async () => {
      const patron = await makePatron(db);
      const { copyIds } = await makeTitle(db, 'Til', [{ libraryId: library.id }, { libraryId: library.id }]);
      await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      await engine.checkout({ patronId: patron.id, copyId: copyIds[1]!, actor: staff });
      days(8);
      await engine.checkin({ copyId: copyIds[0]!, actor: staff }); // 1 day: 150
      days(1);
      await engine.checkin({ copyId: copyIds[1]!, actor: staff }); // 2 days: 300
      await expect(engine.pay({ patronId: patron.id, amountCents: 500, actor: staff })).rejects.toMatchObject(
        { code: 'PAYMENT_TOO_LARGE' },
      );
      // The discount counts towards what is owed: 400 + 100 is more than 450.
      await expect(
        engine.pay({ patronId: patron.id, amountCents: 400, discountCents: 100, actor: staff }),
      ).rejects.toMatchObject({ code: 'PAYMENT_TOO_LARGE' });
      // A discount alone leaves the oldest debt open (not paid), and does not reach the second.
      expect(
        await engine.pay({ patronId: patron.id, amountCents: 0, discountCents: 50, actor: staff }),
      ).toEqual({ settled: [], leftCents: 400 });
      const paidAt = 'SELECT paid_at::text AS "paidAt" FROM debt WHERE patron_id = $1 ORDER BY id';
      expect((await db.query(paidAt, [patron.id])).rows).toEqual([{ paidAt: null }, { paidAt: null }]);
      // The discount comes off first; only what is left of the oldest debt is paid on it.
      const paid = await engine.pay({
        patronId: patron.id,
        amountCents: 200,
        discountCents: 20,
        actor: staff,
      });
      expect(paid.leftCents).toBe(180);
      const { rows } = await db.query<{ id: number; discount: number; paid: number; at: boolean }>(
        `SELECT id, discount_cents AS discount, paid_cents AS paid, paid_at IS NOT NULL AS at
           FROM debt WHERE patron_id = $1 ORDER BY id`,
        [patron.id],
      );
      expect(rows.map(({ id: _, ...debt }) => debt)).toEqual([
        { discount: 70, paid: 80, at: true },
        { discount: 0, paid: 120, at: true },
      ]);
      expect(paid.settled).toEqual([rows[0]!.id]);
      const [oldest, second] = rows.map((r) => r.id);
      expect(await actionsOf(patron.id, 'debt.payment')).toEqual([
        { debt: oldest, details: { paidCents: 0, discountCents: 50 } },
        { debt: oldest, details: { paidCents: 80, discountCents: 20 } },
        { debt: second, details: { paidCents: 120, discountCents: 0 } },
      ]);
      // A debt must be the patron's own, and a patron who owes nothing has nothing to pay.
      const other = await makePatron(db);
      await expect(
        engine.pay({ patronId: other.id, amountCents: 100, debtId: second!, actor: staff }),
      ).rejects.toMatchObject({ code: 'DEBT_NOT_FOUND' });
      await expect(engine.pay({ patronId: other.id, amountCents: 100, actor: staff })).rejects.toMatchObject({
        code: 'NOTHING_DUE',
      });
    });
  });

  describe('quarantine', () => {
    it("keeps a returned copy in quarantine for the rule's days, then gives it to the first hold", async () => {
      const [reader, waiting] = [await makePatron(db), await makePatron(db)];
      const { titleId, copyIds } = await makeTitle(db, 'Memórias de um sargento de milícias', [
        { libraryId: library.id, loanType: 'Quarentena' },
      ]);
      await engine.checkout({ patronId: reader.id, copyId: copyIds[0]!, actor: staff });
      await engine.placeHold(
        waiting.id,
        { cod_acervo: titleId, biblioteca: library.id, localizacao: 'Acervo geral' },
        `patron:${waiting.id}`,
      );
      days(2);
      const back = await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      expect(back.next).toBe('quarentena');
      await expect(
        engine.checkout({ patronId: waiting.id, copyId: copyIds[0]!, actor: staff }),
      ).rejects.toMatchObject({ code: 'COPY_IN_QUARANTINE' });
      days(2);
      expect((await engine.sweep()).quarantineEnded).toBe(0);
      expect((await copyState(db, copyIds[0]!)).status).toBe('quarentena');
      days(1); // three days: the 4th, 5th and 6th
      expect(await engine.sweep()).toMatchObject({ quarantineEnded: 1, holdsReleased: 1 });
      expect((await copyState(db, copyIds[0]!)).status).toBe('reservado');
      const { rows } = await db.query<{ status: string; deadline: string }>(
        'SELECT status, pickup_deadline::text AS deadline FROM hold WHERE patron_id = $1',
        [waiting.id],
      );
      expect(rows).toEqual([{ status: 'liberada', deadline: '2026-03-09' }]);
      expect(await logOf(db, copyIds[0]!)).toEqual([
        { action: 'loan.checkout', actor: staff },
        { action: 'loan.checkin', actor: staff },
        { action: 'quarantine.end', actor: 'job:sweep' },
        { action: 'hold.release', actor: 'job:sweep' },
      ]);
      expect((await patronLog(reader.id))[1]).toEqual({
        action: 'loan.checkin',
        details: { lateDays: 0, fineCents: 0, quarantineUntil: '2026-03-06' },
      });
      expect(await patronLog(waiting.id)).toEqual([
        { action: 'hold.place', details: { position: 1 } },
        { action: 'hold.release', details: { pickupDeadline: '2026-03-09', queuePosition: 1 } },
      ]);
    });
  });

  describe('holds and their queue', () => {
    it('refuses a hold while a copy is on the shelf (SPEC §4), and when no copy allows holds', async () => {
      const patron = await makePatron(db);
      const shelf = await makeTitle(db, 'A moreninha', [{ libraryId: library.id }]);
      await expect(
        engine.placeHold(patron.id, { cod_acervo: shelf.titleId, biblioteca: library.id }, 'p'),
      ).rejects.toMatchObject({
        code: 'HOLD_COPY_AVAILABLE',
        message: 'circulation.errors.holdCopyAvailable',
      });
      const none = await makeTitle(db, 'Inocência', [{ libraryId: library.id, loanType: 'Sem reserva' }]);
      await engine.checkout({ patronId: (await makePatron(db)).id, copyId: none.copyIds[0]!, actor: staff });
      await expect(
        engine.placeHold(patron.id, { cod_acervo: none.titleId, biblioteca: library.id }, 'p'),
      ).rejects.toMatchObject({
        code: 'HOLD_NOT_ALLOWED',
      });
      // Copies lost, kept for reference or being processed serve no hold, whatever their loan type.
      const away = await makeTitle(
        db,
        'O seminarista',
        ['extraviado', 'consulta_local', 'em_processamento'].map((status) => ({
          libraryId: library.id,
          status,
        })),
      );
      await expect(
        engine.placeHold(patron.id, { cod_acervo: away.titleId, biblioteca: library.id }, 'p'),
      ).rejects.toMatchObject({ code: 'HOLD_NOT_ALLOWED' });
    });

    it('refuses a hold with one copy lent and the other on the shelf, and queues it once both are lent', async () => {
      const [reader, other, patron] = [await makePatron(db), await makePatron(db), await makePatron(db)];
      const { titleId, copyIds } = await makeTitle(db, 'Til', [
        { libraryId: library.id },
        { libraryId: library.id },
      ]);
      await engine.checkout({ patronId: reader.id, copyId: copyIds[0]!, actor: staff });
      const request = { cod_acervo: titleId, biblioteca: library.id };
      await expect(engine.placeHold(patron.id, request, 'p', { dryRun: true })).rejects.toMatchObject({
        code: 'HOLD_COPY_AVAILABLE',
      });
      await expect(engine.placeHold(patron.id, request, 'p')).rejects.toMatchObject({
        code: 'HOLD_COPY_AVAILABLE',
      });
      await engine.checkout({ patronId: other.id, copyId: copyIds[1]!, actor: staff });
      expect(await engine.placeHold(patron.id, request, 'p')).toMatchObject({ position: 1 });
    });

    it('asks for every offered choice and refuses values no copy has', async () => {
      const [reader, patron] = [await makePatron(db), await makePatron(db)];
      const { titleId, copyIds } = await makeTitle(db, 'Os sertões', [
        { libraryId: library.id, volume: 'v. 1' },
        { libraryId: library.id, volume: 'v. 2' },
      ]);
      await engine.checkout({ patronId: reader.id, copyId: copyIds[0]!, actor: staff });
      await expect(engine.placeHold(patron.id, { cod_acervo: titleId }, 'p')).rejects.toMatchObject({
        message: 'circulation.errors.choiceRequired.biblioteca',
      });
      await expect(
        engine.placeHold(patron.id, { cod_acervo: titleId, biblioteca: library.id }, 'p'),
      ).rejects.toMatchObject({
        message: 'circulation.errors.choiceRequired.volume',
      });
      await expect(
        engine.placeHold(patron.id, { cod_acervo: titleId, biblioteca: library.id, volume: 'v. 3' }, 'p'),
      ).rejects.toMatchObject({
        code: 'CHOICE_INVALID',
      });
      // Volume 2 is on the shelf; volume 1 is lent, so it can be held.
      await expect(
        engine.placeHold(patron.id, { cod_acervo: titleId, biblioteca: library.id, volume: 'v. 2' }, 'p'),
      ).rejects.toMatchObject({
        code: 'HOLD_COPY_AVAILABLE',
      });
      const placed = await engine.placeHold(
        patron.id,
        { cod_acervo: titleId, biblioteca: library.id, volume: 'v. 1' },
        'p',
      );
      expect(placed.position).toBe(1);
    });

    it('queues holds in order, closes the gap a cancelled hold leaves, and refuses duplicates, borrowers and the over-limit', async () => {
      const [reader, a, b, c] = [
        await makePatron(db),
        await makePatron(db),
        await makePatron(db),
        await makePatron(db),
      ];
      const { titleId, copyIds } = await makeTitle(db, 'Dom Casmurro', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: reader.id, copyId: copyIds[0]!, actor: staff });
      const hold = (p: number) =>
        engine.placeHold(p, { cod_acervo: titleId, biblioteca: library.id }, `patron:${p}`);
      expect(
        (await engine.placeHold(c.id, { cod_acervo: titleId, biblioteca: library.id }, 'p', { dryRun: true }))
          .position,
      ).toBe(1);
      const first = await hold(a.id);
      await hold(b.id);
      const third = await hold(c.id);
      expect(third.position).toBe(3);
      await expect(hold(a.id)).rejects.toMatchObject({ code: 'HOLD_DUPLICATE' });
      await expect(hold(reader.id)).rejects.toMatchObject({ code: 'HOLD_ALREADY_BORROWED' });
      const cancelled = await engine.cancelHolds(a.id, [first.holdId!, 999_999], 'p');
      expect(cancelled.map((o) => [o.cancelled, o.refusal?.code ?? null])).toEqual([
        [true, null],
        [false, 'HOLD_NOT_FOUND'],
      ]);
      expect((await engine.cancelHolds(a.id, [first.holdId!], 'p'))[0]!.refusal?.code).toBe('HOLD_ENDED');
      expect(await actionsOf(a.id, 'hold.cancel')).toEqual([{ debt: null, details: { reason: 'leitor' } }]);
      const { rows } = await db.query<{ patron_id: number; queue_position: number }>(
        "SELECT patron_id, queue_position FROM hold WHERE title_id = $1 AND status = 'fila' ORDER BY queue_position",
        [titleId],
      );
      expect(rows).toEqual([
        { patron_id: b.id, queue_position: 1 },
        { patron_id: c.id, queue_position: 2 },
      ]);
      const other = await makeTitle(db, 'Esaú e Jacó', [{ libraryId: library.id }]);
      const another = await makeTitle(db, 'Memorial de Aires', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: reader.id, copyId: other.copyIds[0]!, actor: staff });
      await engine.checkout({ patronId: reader.id, copyId: another.copyIds[0]!, actor: staff });
      await engine.placeHold(b.id, { cod_acervo: other.titleId, biblioteca: library.id }, 'p');
      await expect(
        engine.placeHold(b.id, { cod_acervo: another.titleId, biblioteca: library.id }, 'p'),
      ).rejects.toMatchObject({
        code: 'HOLD_LIMIT',
      });
      // A copy catalogued later is lent to the first in the queue from the shelf: the queue closes up.
      const added = await db.query<{ id: number }>(
        `INSERT INTO copy (title_id, library_id, number, loan_type, location, status)
         VALUES ($1, $2, $3, 'Normal', 'Acervo geral', 'disponivel') RETURNING id`,
        [titleId, library.id, `${titleId}-novo`],
      );
      await engine.checkout({ patronId: b.id, copyId: added.rows[0]!.id, actor: staff });
      const queue = await db.query(
        "SELECT patron_id, queue_position FROM hold WHERE title_id = $1 AND status = 'fila'",
        [titleId],
      );
      expect(queue.rows).toEqual([{ patron_id: c.id, queue_position: 1 }]);
    });

    it('gives a returned copy to the first in the queue, lets only them borrow it, and passes it on when they do not come', async () => {
      const [reader, first, second] = [await makePatron(db), await makePatron(db), await makePatron(db)];
      // The release is e-mailed to a patron who wants e-mails, in the language of their hold; a
      // mail server that cannot be reached (nothing listens on port 1) undoes nothing.
      const mailErrors: unknown[] = [];
      const mailing = mailingEngine(mailErrors);
      await db.query('UPDATE patron SET receives_email = false WHERE id = $1', [second.id]);
      const { titleId, copyIds } = await makeTitle(db, 'O guarani', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: reader.id, copyId: copyIds[0]!, actor: staff });
      const firstHold = await mailing.placeHold(
        first.id,
        { cod_acervo: titleId, biblioteca: library.id },
        'p',
        {
          language: 'en',
        },
      );
      await engine.placeHold(second.id, { cod_acervo: titleId, biblioteca: library.id }, 'p');
      const back = await mailing.checkin({ copyId: copyIds[0]!, actor: staff });
      expect(back.releasedHoldId).toBe(firstHold.holdId);
      expect(mailErrors).toHaveLength(1);
      const languages = await db.query(
        'SELECT mail_language AS language FROM patron WHERE id = ANY($1::int[]) ORDER BY id',
        [[first.id, second.id]],
      );
      expect(languages.rows).toEqual([{ language: 'en' }, { language: 'pt' }]);
      expect(back.next).toBe('reservado');
      await expect(
        engine.checkout({ patronId: second.id, copyId: copyIds[0]!, actor: staff }),
      ).rejects.toMatchObject({
        code: 'COPY_HELD_FOR_OTHER',
      });
      days(3); // the pickup deadline was the 4th
      expect(await mailing.sweep()).toMatchObject({ holdsExpired: 1, holdsReleased: 1 });
      expect(mailErrors).toHaveLength(1); // the second patron wants no e-mails
      const loan = await engine.checkout({ patronId: second.id, copyId: copyIds[0]!, actor: staff });
      expect(loan.fulfilledHoldId).not.toBeNull();
      const { rows } = await db.query<{ patron_id: number; status: string; cancel_reason: string | null }>(
        'SELECT patron_id, status, cancel_reason FROM hold WHERE title_id = $1 ORDER BY id',
        [titleId],
      );
      expect(rows).toEqual([
        { patron_id: first.id, status: 'cancelada', cancel_reason: 'prazo' },
        { patron_id: second.id, status: 'atendida', cancel_reason: null },
      ]);
      expect(await logOf(db, copyIds[0]!)).toEqual([
        { action: 'loan.checkout', actor: staff },
        { action: 'loan.checkin', actor: staff },
        { action: 'hold.release', actor: staff },
        { action: 'hold.expire', actor: 'job:sweep' },
        { action: 'hold.release', actor: 'job:sweep' },
        { action: 'loan.checkout', actor: staff },
        { action: 'hold.fulfil', actor: staff },
      ]);
      expect(await patronLog(second.id)).toEqual([
        { action: 'hold.place', details: { position: 2 } },
        { action: 'hold.release', details: { pickupDeadline: '2026-03-07', queuePosition: 1 } },
        checkedOut('2026-03-12'),
        { action: 'hold.fulfil', details: {} },
      ]);
    });

    it('passes a released copy to the next hold when its patron cancels, or borrows another copy', async () => {
      const [reader, first, second] = [await makePatron(db), await makePatron(db), await makePatron(db)];
      const { titleId, copyIds } = await makeTitle(db, 'Ubirajara', [
        { libraryId: library.id },
        { libraryId: library.id },
      ]);
      await engine.checkout({ patronId: reader.id, copyId: copyIds[0]!, actor: staff });
      await engine.checkout({ patronId: reader.id, copyId: copyIds[1]!, actor: staff });
      const held = await engine.placeHold(first.id, { cod_acervo: titleId, biblioteca: library.id }, 'p');
      await engine.placeHold(second.id, { cod_acervo: titleId, biblioteca: library.id }, 'p');
      await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      await engine.cancelHolds(first.id, [held.holdId!], 'p');
      const { rows } = await db.query<{ status: string }>('SELECT status FROM hold WHERE patron_id = $1', [
        second.id,
      ]);
      expect(rows).toEqual([{ status: 'liberada' }]);
      // The other copy comes back to the shelf (no one waits in the queue) and the second patron
      // borrows it: the copy set aside for them goes back to the shelf.
      expect((await engine.checkin({ copyId: copyIds[1]!, actor: staff })).next).toBe('disponivel');
      const loan = await engine.checkout({ patronId: second.id, copyId: copyIds[1]!, actor: staff });
      expect(loan.fulfilledHoldId).not.toBeNull();
      expect(await copyState(db, copyIds[0]!)).toEqual({ status: 'disponivel', expected: null });
    });

    it('moves up the holds behind a cancelled one, and hands a set-aside copy to the next in the queue with a deadline of its own', async () => {
      const patrons = [
        await makePatron(db),
        await makePatron(db),
        await makePatron(db),
        await makePatron(db),
      ];
      const [first, second, third, fourth] = patrons;
      const reader = await makePatron(db);
      const { titleId, copyIds } = await makeTitle(db, 'Iracema', [
        { libraryId: library.id },
        { libraryId: library.id },
      ]);
      for (const copyId of copyIds) await engine.checkout({ patronId: reader.id, copyId, actor: staff });
      const holdIds: number[] = [];
      for (const p of patrons)
        holdIds.push(
          (await engine.placeHold(p!.id, { cod_acervo: titleId, biblioteca: library.id }, `patron:${p!.id}`))
            .holdId!,
        );
      /** Each patron's hold on the title as their list shows it: status, place, copy, pickup deadline. */
      const shown = async () => {
        const { rows } = await db.query<{
          patron: number;
          status: string;
          position: number | null;
          copy: number | null;
          deadline: string | null;
        }>(
          `SELECT patron_id AS patron, status, queue_position AS position, copy_id AS copy, pickup_deadline::text AS deadline
             FROM hold WHERE title_id = $1 ORDER BY id`,
          [titleId],
        );
        return rows.map((r) => [
          patrons.findIndex((p) => p!.id === r.patron) + 1,
          r.status,
          r.position,
          r.copy,
          r.deadline,
        ]);
      };
      // Monday: a copy comes back and is set aside for the first, until Wednesday.
      await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      // The third leaves the queue: the fourth, behind them, moves up; the second, ahead, stays.
      expect(await engine.cancelHolds(third!.id, [holdIds[2]!], `patron:${third!.id}`)).toEqual([
        { holdId: holdIds[2], cancelled: true, refusal: null },
      ]);
      expect(await shown()).toEqual([
        [1, 'liberada', null, copyIds[0], '2026-03-04'],
        [2, 'fila', 1, null, null],
        [3, 'cancelada', null, null, null],
        [4, 'fila', 2, null, null],
      ]);
      // Tuesday: the first cancels; the copy set aside for them goes to the second, who has until
      // Thursday, and the fourth is now first in the queue.
      days(1);
      await engine.cancelHolds(first!.id, [holdIds[0]!], `patron:${first!.id}`);
      expect(await shown()).toEqual([
        [1, 'cancelada', null, copyIds[0], '2026-03-04'],
        [2, 'liberada', null, copyIds[0], '2026-03-05'],
        [3, 'cancelada', null, null, null],
        [4, 'fila', 1, null, null],
      ]);
      expect(await copyState(db, copyIds[0]!)).toEqual({ status: 'reservado', expected: null });
      expect(await logOf(db, copyIds[0]!)).toEqual([
        { action: 'loan.checkout', actor: staff },
        { action: 'loan.checkin', actor: staff },
        { action: 'hold.release', actor: staff },
        { action: 'hold.cancel', actor: `patron:${first!.id}` },
        { action: 'hold.release', actor: `patron:${first!.id}` },
      ]);
      expect((await patronLog(second!.id)).at(-1)).toEqual({
        action: 'hold.release',
        details: { pickupDeadline: '2026-03-05', queuePosition: 1 },
      });
      // A copy catalogued later, on the shelf, is lent to the second: the copy set aside for them
      // is not put back on the shelf but set aside for the fourth, the next in the queue.
      const added = await db.query<{ id: number }>(
        `INSERT INTO copy (title_id, library_id, number, loan_type, location, status)
         VALUES ($1, $2, $3, 'Normal', 'Acervo geral', 'disponivel') RETURNING id`,
        [titleId, library.id, `${titleId}-novo`],
      );
      const loan = await engine.checkout({ patronId: second!.id, copyId: added.rows[0]!.id, actor: staff });
      expect(loan.fulfilledHoldId).toBe(holdIds[1]);
      expect((await shown()).slice(1)).toEqual([
        [2, 'atendida', null, copyIds[0], '2026-03-05'],
        [3, 'cancelada', null, null, null],
        [4, 'liberada', null, copyIds[0], '2026-03-05'],
      ]);
      expect(await copyState(db, copyIds[0]!)).toEqual({ status: 'reservado', expected: null });
      // The fourth borrows the very copy set aside for them: it stays lent, no one else waits.
      await engine.checkout({ patronId: fourth!.id, copyId: copyIds[0]!, actor: staff });
      expect(await copyState(db, copyIds[0]!)).toEqual({ status: 'emprestado', expected: '2026-03-10' });
      expect((await shown()).at(-1)).toEqual([4, 'atendida', null, copyIds[0], '2026-03-05']);
    });

    it('cancels several holds at once in the order asked, each title brought up to date first', async () => {
      // Category 05 may hold three titles.
      const reader = await makePatron(db);
      const [patron, next] = [
        await makePatron(db, { category: '05' }),
        await makePatron(db, { category: '05' }),
      ];
      const titles = [
        await makeTitle(db, 'Lucíola', [{ libraryId: library.id }]),
        await makeTitle(db, 'Diva', [{ libraryId: library.id }]),
        await makeTitle(db, 'Senhora', [{ libraryId: library.id }]),
      ];
      for (const { copyIds } of titles)
        await engine.checkout({ patronId: reader.id, copyId: copyIds[0]!, actor: staff });
      const mine: number[] = [];
      for (const p of [patron, next])
        for (const { titleId } of titles) {
          const placed = await engine.placeHold(p.id, { cod_acervo: titleId, biblioteca: library.id }, 'p');
          if (p === patron) mine.push(placed.holdId!);
        }
      // The first two titles' copies come back and are set aside for the patron until Wednesday;
      // the third stays lent.
      await engine.checkin({ copyId: titles[0]!.copyIds[0]!, actor: staff });
      await engine.checkin({ copyId: titles[1]!.copyIds[0]!, actor: staff });
      // Thursday, before any sweep: the patron cancels the three, the last first (and once more).
      // The two set aside were no longer theirs (the deadline had passed) and go to the next
      // patron, until Saturday.
      days(3);
      expect(await engine.cancelHolds(patron.id, [mine[2]!, mine[1]!, mine[0]!, mine[2]!], 'p')).toEqual([
        { holdId: mine[2], cancelled: true, refusal: null },
        { holdId: mine[1], cancelled: false, refusal: CIRCULATION_ERROR.HOLD_ENDED },
        { holdId: mine[0], cancelled: false, refusal: CIRCULATION_ERROR.HOLD_ENDED },
      ]);
      const { rows } = await db.query<{
        title: number;
        patron: number;
        status: string;
        reason: string | null;
        deadline: string | null;
      }>(
        `SELECT title_id AS title, patron_id AS patron, status, cancel_reason AS reason, pickup_deadline::text AS deadline
           FROM hold WHERE title_id = ANY($1::int[]) ORDER BY title_id, id`,
        [titles.map((t) => t.titleId)],
      );
      const [luciola, diva, senhora] = titles.map((t) => t.titleId);
      expect(rows).toEqual([
        { title: luciola, patron: patron.id, status: 'cancelada', reason: 'prazo', deadline: '2026-03-04' },
        { title: luciola, patron: next.id, status: 'liberada', reason: null, deadline: '2026-03-07' },
        { title: diva, patron: patron.id, status: 'cancelada', reason: 'prazo', deadline: '2026-03-04' },
        { title: diva, patron: next.id, status: 'liberada', reason: null, deadline: '2026-03-07' },
        { title: senhora, patron: patron.id, status: 'cancelada', reason: 'leitor', deadline: null },
        { title: senhora, patron: next.id, status: 'fila', reason: null, deadline: null },
      ]);
      expect((await patronLog(patron.id)).filter((e) => e.action !== 'hold.place')).toEqual([
        { action: 'hold.release', details: { pickupDeadline: '2026-03-04', queuePosition: 1 } },
        { action: 'hold.release', details: { pickupDeadline: '2026-03-04', queuePosition: 1 } },
        { action: 'hold.expire', details: {} },
        { action: 'hold.expire', details: {} },
        { action: 'hold.cancel', details: { reason: 'leitor' } },
      ]);
    });
  });

  describe('renewal', () => {
    it('renews from today for the loan period, up to the limit', async () => {
      const patron = await makePatron(db);
      const { copyIds } = await makeTitle(db, 'Macunaíma', [{ libraryId: library.id }]);
      const { loanId } = await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      days(5);
      expect(await engine.renew(patron.id, [loanId], 'p', 'es')).toEqual([
        { loanId, renewed: true, dueOn: '2026-03-14', renewals: 1, refusal: null },
      ]);
      const { rows } = await db.query('SELECT mail_language AS language FROM patron WHERE id = $1', [
        patron.id,
      ]);
      expect(rows).toEqual([{ language: 'es' }]);
      expect(await copyState(db, copyIds[0]!)).toEqual({ status: 'emprestado', expected: '2026-03-14' });
      days(5);
      expect((await engine.renew(patron.id, [loanId], 'p'))[0]!.dueOn).toBe('2026-03-19');
      days(5);
      expect((await engine.renew(patron.id, [loanId], 'p'))[0]!.refusal).toBe(CIRCULATION_ERROR.RENEW_LIMIT);
      await engine.checkin({ copyId: copyIds[0]!, actor: staff });
      expect((await engine.renew(patron.id, [loanId], 'p'))[0]!.refusal).toBe(
        CIRCULATION_ERROR.LOAN_NOT_FOUND,
      );
      expect(await actionsOf(patron.id, 'loan.renew')).toEqual([
        { debt: null, details: { from: '2026-03-09', to: '2026-03-14', renewals: 1 } },
        { debt: null, details: { from: '2026-03-14', to: '2026-03-19', renewals: 2 } },
      ]);
    });

    it('refuses a renewal that would not move the date, of a late loan, while holds wait, and of loans not the patron’s', async () => {
      const [patron, other] = [await makePatron(db), await makePatron(db)];
      const { titleId, copyIds } = await makeTitle(db, 'Triste fim de Policarpo Quaresma', [
        { libraryId: library.id },
      ]);
      const late = await makeTitle(db, 'Clara dos Anjos', [{ libraryId: library.id }]);
      const { loanId } = await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      expect((await engine.renew(patron.id, [loanId], 'p'))[0]!.refusal).toBe(
        CIRCULATION_ERROR.RENEW_TOO_EARLY,
      );
      const lateLoan = await engine.checkout({ patronId: patron.id, copyId: late.copyIds[0]!, actor: staff });
      await engine.placeHold(other.id, { cod_acervo: titleId, biblioteca: library.id }, 'p');
      days(3);
      expect((await engine.renew(patron.id, [loanId], 'p'))[0]!.refusal).toBe(
        CIRCULATION_ERROR.RENEW_HOLDS_WAITING,
      );
      expect((await engine.renew(other.id, [loanId], 'p'))[0]!.refusal).toBe(
        CIRCULATION_ERROR.LOAN_NOT_FOUND,
      );
      days(5);
      expect((await engine.renew(patron.id, [lateLoan.loanId], 'p'))[0]!.refusal).toBe(
        CIRCULATION_ERROR.RENEW_LATE,
      );
      // A hold only another volume can serve neither stops a renewal nor takes the copy when returned.
      const [third, fourth] = [await makePatron(db), await makePatron(db)];
      const volumes = await makeTitle(db, 'Os sertões', [
        { libraryId: library.id, volume: 'v. 1' },
        { libraryId: library.id, volume: 'v. 2' },
      ]);
      const first = await engine.checkout({ patronId: other.id, copyId: volumes.copyIds[0]!, actor: staff });
      await engine.checkout({ patronId: third.id, copyId: volumes.copyIds[1]!, actor: staff });
      await engine.placeHold(
        fourth.id,
        { cod_acervo: volumes.titleId, biblioteca: library.id, volume: 'v. 2' },
        'p',
      );
      days(1);
      expect((await engine.renew(other.id, [first.loanId], 'p'))[0]!.renewed).toBe(true);
      expect((await engine.checkin({ copyId: volumes.copyIds[0]!, actor: staff })).next).toBe('disponivel');
    });

    it('renews under the loan’s own type, brings the title up to date first, counts only the holds the copy could serve, and alerts only when asked', async () => {
      const [patron, other, reader, waiting, next] = [
        await makePatron(db),
        await makePatron(db),
        await makePatron(db),
        await makePatron(db),
        await makePatron(db),
      ];
      const lend = (patronId: number, copyId: number) => engine.checkout({ patronId, copyId, actor: staff });
      const alertsOf = async (patronId: number) =>
        (await db.query('SELECT kind FROM alert WHERE patron_id = $1', [patronId])).rows;
      // A loan keeps the type it was lent under: its copy made reading-room only afterwards
      // (not loanable) still renews under "Normal".
      const typed = await makeTitle(db, 'Memórias póstumas de Brás Cubas', [{ libraryId: library.id }]);
      const typedLoan = await lend(patron.id, typed.copyIds[0]!);
      await db.query("UPDATE copy SET loan_type = 'Consulta local' WHERE id = $1", [typed.copyIds[0]]);

      // A hold whose patron's rule cannot take this copy's type ("Sem reserva": no holds) does not
      // stop its renewal; it waits for the other copy.
      const mixed = await makeTitle(db, 'Iracema', [
        { libraryId: library.id, loanType: 'Sem reserva' },
        { libraryId: library.id },
      ]);
      const mixedLoan = await lend(patron.id, mixed.copyIds[0]!);
      await lend(other.id, mixed.copyIds[1]!);
      await engine.placeHold(waiting.id, { cod_acervo: mixed.titleId, biblioteca: library.id }, 'p');

      // Two copies lent, two holds; one copy comes back and is set aside for the first hold.
      const queued = await makeTitle(db, 'Senhora', [{ libraryId: library.id }, { libraryId: library.id }]);
      const queuedLoan = await lend(other.id, queued.copyIds[0]!);
      await lend(reader.id, queued.copyIds[1]!);
      await engine.placeHold(waiting.id, { cod_acervo: queued.titleId, biblioteca: library.id }, 'p');
      await engine.placeHold(next.id, { cod_acervo: queued.titleId, biblioteca: library.id }, 'p');
      expect((await engine.checkin({ copyId: queued.copyIds[1]!, actor: staff })).next).toBe('reservado');

      // The set-aside copy's pickup deadline (two days) has passed: renewing first brings the title
      // up to date, the copy goes to the second hold, and no hold is left waiting for this copy.
      days(4);
      expect(await engine.renew(patron.id, [typedLoan.loanId, mixedLoan.loanId], 'p')).toEqual([
        { loanId: typedLoan.loanId, renewed: true, dueOn: '2026-03-13', renewals: 1, refusal: null },
        { loanId: mixedLoan.loanId, renewed: true, dueOn: '2026-03-13', renewals: 1, refusal: null },
      ]);
      expect(await engine.renew(other.id, [queuedLoan.loanId], 'p')).toEqual([
        { loanId: queuedLoan.loanId, renewed: true, dueOn: '2026-03-13', renewals: 1, refusal: null },
      ]);
      const { rows } = await db.query<{ patron_id: number; status: string }>(
        'SELECT patron_id, status FROM hold WHERE title_id = $1 ORDER BY id',
        [queued.titleId],
      );
      expect(rows).toEqual([
        { patron_id: waiting.id, status: 'cancelada' },
        { patron_id: next.id, status: 'liberada' },
      ]);
      // A refusal at the patron's own asking writes no alert either (automatic renewal asks).
      expect((await engine.renew(patron.id, [typedLoan.loanId], 'p'))[0]!.refusal).toBe(
        CIRCULATION_ERROR.RENEW_TOO_EARLY,
      );
      expect(await alertsOf(patron.id)).toEqual([]);
      expect(await alertsOf(other.id)).toEqual([]);
    });

    it('refuses every renewal while the patron owes or is suspended', async () => {
      const patron = await makePatron(db);
      const { copyIds } = await makeTitle(db, 'A escrava Isaura', [{ libraryId: library.id }]);
      const { loanId } = await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      await engine.suspend({ patronId: patron.id, days: 3, reason: 'Teste', actor: staff });
      days(2);
      expect((await engine.renew(patron.id, [loanId], 'p'))[0]!.refusal).toBe(
        CIRCULATION_ERROR.PATRON_SUSPENDED,
      );
      await db.query(
        "INSERT INTO debt (patron_id, service_type, reason, amount_cents, created_at) VALUES ($1, 'taxa', 'Cartão', 500, now())",
        [patron.id],
      );
      days(2);
      expect((await engine.renew(patron.id, [loanId], 'p'))[0]!.refusal).toBe(
        CIRCULATION_ERROR.PATRON_IN_DEBT,
      );
    });
  });

  describe('state loaded from another system', () => {
    it('loads loans (late when past due), a released hold and a quarantined copy without the rules, never onto a copy taken', async () => {
      const [ana, bia] = [await makePatron(db), await makePatron(db)];
      const { titleId, copyIds } = await makeTitle(
        db,
        'O Ateneu',
        [1, 2, 3, 4].map(() => ({ libraryId: library.id })),
      );
      const at = (day: string) => new Date(`${day}T15:00:00Z`);
      const [late, today, held, quarantined] = copyIds as [number, number, number, number];
      await engine.importState({
        kind: 'loan',
        patronId: ana.id,
        copyId: late,
        loanedAt: at('2026-02-10'),
        dueOn: '2026-02-24',
        renewals: 1,
      });
      await engine.importState(
        { kind: 'loan', patronId: ana.id, copyId: today, loanedAt: at('2026-02-23'), dueOn: '2026-03-02' },
        'seed',
      );
      await engine.importState({
        kind: 'released-hold',
        patronId: bia.id,
        copyId: held,
        placedAt: at('2026-02-20'),
        releasedOn: '2026-03-03',
      });
      await engine.importState({
        kind: 'quarantine',
        patronId: bia.id,
        copyId: quarantined,
        loanedAt: at('2026-02-01'),
        returnedAt: at('2026-03-01'),
        quarantineUntil: '2026-03-03',
      });
      expect(await Promise.all(copyIds.map((id) => copyState(db, id)))).toEqual([
        { status: 'atrasado', expected: '2026-02-24' },
        { status: 'emprestado', expected: '2026-03-02' },
        { status: 'reservado', expected: null },
        { status: 'quarentena', expected: null },
      ]);
      const loans = await db.query(
        `SELECT copy_id AS copy, patron_id AS patron, due_on::text AS due, renewals, channel,
                returned_at IS NOT NULL AS returned, quarantine_until::text AS quarantine
           FROM loan WHERE copy_id = ANY($1::int[]) ORDER BY id`,
        [copyIds],
      );
      expect(loans.rows).toEqual([
        {
          copy: late,
          patron: ana.id,
          due: '2026-02-24',
          renewals: 1,
          channel: 'importacao',
          returned: false,
          quarantine: null,
        },
        {
          copy: today,
          patron: ana.id,
          due: '2026-03-02',
          renewals: 0,
          channel: 'importacao',
          returned: false,
          quarantine: null,
        },
        {
          copy: quarantined,
          patron: bia.id,
          due: '2026-03-01',
          renewals: 0,
          channel: 'importacao',
          returned: true,
          quarantine: '2026-03-03',
        },
      ]);
      const holds = await db.query(
        'SELECT copy_id AS copy, status, pickup_deadline::text AS deadline FROM hold WHERE title_id = $1',
        [titleId],
      );
      expect(holds.rows).toEqual([{ copy: held, status: 'liberada', deadline: '2026-03-03' }]);
      const log = await db.query(
        'SELECT action, actor, copy_id AS copy, details FROM circulation_log WHERE title_id = $1 ORDER BY id',
        [titleId],
      );
      expect(log.rows).toEqual([
        { action: 'import.loan', actor: 'import', copy: late, details: { dueOn: '2026-02-24' } },
        { action: 'import.loan', actor: 'seed', copy: today, details: { dueOn: '2026-03-02' } },
        { action: 'import.hold', actor: 'import', copy: held, details: {} },
        { action: 'import.quarantine', actor: 'import', copy: quarantined, details: {} },
      ]);
      // A copy lent or set aside is not loaded twice; a copy that does not exist is not loaded.
      for (const copyId of [late, held])
        await expect(
          engine.importState({
            kind: 'loan',
            patronId: bia.id,
            copyId,
            loanedAt: at('2026-03-01'),
            dueOn: '2026-03-09',
          }),
        ).rejects.toMatchObject({ code: 'COPY_NOT_FREE' });
      await expect(
        engine.importState({
          kind: 'loan',
          patronId: bia.id,
          copyId: 0,
          loanedAt: at('2026-03-01'),
          dueOn: '2026-03-09',
        }),
      ).rejects.toMatchObject({ code: 'COPY_NOT_FOUND' });
    });
  });

  describe('the circulation log', () => {
    it('refuses to change or delete what it recorded', async () => {
      const patron = await makePatron(db);
      const { copyIds } = await makeTitle(db, 'Noite na taverna', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: patron.id, copyId: copyIds[0]!, actor: staff });
      await expect(db.query("UPDATE circulation_log SET actor = 'ninguém'")).rejects.toThrow(/append-only/);
      await expect(db.query('DELETE FROM circulation_log')).rejects.toThrow(/append-only/);
      await expect(db.query('TRUNCATE circulation_log')).rejects.toThrow(/append-only/);
      expect(await logOf(db, copyIds[0]!)).toEqual([{ action: 'loan.checkout', actor: staff }]);
    });
  });

  describe('loan requests', () => {
    async function receiving() {
      const { rows } = await db.query<{ id: number; home: boolean }>(
        'SELECT id, is_home_delivery AS home FROM receiving_location WHERE library_id = $1 ORDER BY id',
        [library.id],
      );
      return { desk: rows.find((r) => !r.home)!.id, home: rows.find((r) => r.home)!.id };
    }
    const body = (origin: number, location: number) => ({
      biblioteca_origem: origin,
      biblioteca_recebimento: origin,
      cod_local_recebimento: location,
      email: 'leitor@teste.estante.example',
      domicilio: false,
    });

    it('sets a shelf copy aside, refuses when every copy is requested or none is on the shelf, and duplicates', async () => {
      const [a, b, c] = [await makePatron(db), await makePatron(db), await makePatron(db)];
      const { desk } = await receiving();
      const { titleId, copyIds } = await makeTitle(db, 'Amor de perdição', [{ libraryId: library.id }]);
      const id = await engine.requestLoan(a.id, titleId, body(library.id, desk), 'p');
      expect((await copyState(db, copyIds[0]!)).status).toBe('reservado');
      await expect(engine.requestLoan(a.id, titleId, body(library.id, desk), 'p')).rejects.toMatchObject({
        code: 'REQUEST_DUPLICATE',
      });
      await expect(engine.requestLoan(b.id, titleId, body(library.id, desk), 'p')).rejects.toMatchObject({
        code: 'REQUEST_ALL_COPIES_REQUESTED',
        message: 'circulation.errors.requestAllCopiesRequested',
      });
      const lent = await makeTitle(db, 'Eurico, o presbítero', [{ libraryId: library.id }]);
      await engine.checkout({ patronId: c.id, copyId: lent.copyIds[0]!, actor: staff });
      await expect(engine.requestLoan(b.id, lent.titleId, body(library.id, desk), 'p')).rejects.toMatchObject(
        { code: 'REQUEST_NO_COPIES' },
      );
      // A hold is possible now: the only copy is set aside.
      expect(
        (await engine.placeHold(b.id, { cod_acervo: titleId, biblioteca: library.id }, 'p')).position,
      ).toBe(1);
      const twice = await makeTitle(db, 'O primo Basílio', [
        { libraryId: library.id },
        { libraryId: library.id },
      ]);
      await engine.requestLoan(b.id, twice.titleId, body(library.id, desk), 'p');
      await expect(
        engine.requestLoan(b.id, twice.titleId, body(library.id, desk), 'p'),
      ).rejects.toMatchObject({ code: 'REQUEST_DUPLICATE' });
      // Arrived, then lent to the patron who asked: the request is finished.
      // Being sent is told by the alert's e-mail; the arrival by its own e-mail, not the alert's too.
      const mailErrors: unknown[] = [];
      await mailingEngine(mailErrors).advanceRequest(id, 'em_transito', staff);
      expect(mailErrors).toHaveLength(1);
      await mailingEngine(mailErrors).advanceRequest(id, 'disponivel', staff);
      expect(mailErrors).toHaveLength(2);
      await expect(
        engine.checkout({ patronId: b.id, copyId: copyIds[0]!, actor: staff }),
      ).rejects.toMatchObject({ code: 'COPY_HELD_FOR_OTHER' });
      await engine.checkout({ patronId: a.id, copyId: copyIds[0]!, actor: staff });
      const { rows } = await db.query<{ status: string }>('SELECT status FROM loan_request WHERE id = $1', [
        id,
      ]);
      expect(rows[0]!.status).toBe('finalizada');
      expect(await patronLog(a.id)).toEqual([
        { action: 'request.create', details: {} },
        { action: 'request.send', details: { pickupDeadline: null } },
        { action: 'request.arrive', details: { pickupDeadline: '2026-03-04' } },
        checkedOut('2026-03-09'),
        { action: 'request.finish', details: {} },
      ]);
      const alerts = await db.query<{ kind: string; status: string; until: string | null }>(
        "SELECT kind, params->>'status' AS status, params->>'until' AS until FROM alert WHERE patron_id = $1 ORDER BY id",
        [a.id],
      );
      expect(alerts.rows).toEqual([
        { kind: 'loanRequestStatus', status: 'em_transito', until: null },
        { kind: 'loanRequestStatus', status: 'disponivel', until: '2026-03-04' },
      ]);
    });

    it('refuses over the request limit, home delivery without an address, a location of another library, and a title lent to no one', async () => {
      const patron = await makePatron(db);
      const { desk, home } = await receiving();
      const reference = await makeTitle(db, 'Os Lusíadas', [
        { libraryId: library.id, loanType: 'Consulta local' },
        { libraryId: library.id, status: 'extraviado' },
      ]);
      await expect(
        engine.requestLoan(patron.id, reference.titleId, body(library.id, desk), 'p'),
      ).rejects.toMatchObject({ code: 'REQUEST_NOT_ALLOWED' });
      const titles = await Promise.all(
        ['O crime do padre Amaro', 'Os Maias', 'A cidade e as serras'].map((t) =>
          makeTitle(db, t, [{ libraryId: library.id }]),
        ),
      );
      await expect(
        engine.requestLoan(patron.id, titles[0]!.titleId, body(library.id, home), 'p'),
      ).rejects.toMatchObject({
        code: 'REQUEST_ADDRESS_REQUIRED',
      });
      const elsewhere = await makeLibrary(db, 'Outra');
      const { rows } = await db.query<{ id: number }>(
        'SELECT id FROM receiving_location WHERE library_id = $1 LIMIT 1',
        [elsewhere.id],
      );
      await expect(
        engine.requestLoan(patron.id, titles[0]!.titleId, body(library.id, rows[0]!.id), 'p'),
      ).rejects.toMatchObject({
        code: 'REQUEST_LOCATION_INVALID',
      });
      await engine.requestLoan(
        patron.id,
        titles[0]!.titleId,
        {
          ...body(library.id, home),
          recebimento_textual: ' Rua A, 10 ',
          telefone: ' (11) 5555-1234 ',
          pessoa_autorizada: ' Maria ',
        },
        'p',
        'en',
      );
      await engine.requestLoan(patron.id, titles[1]!.titleId, body(library.id, desk), 'p');
      await expect(
        engine.requestLoan(patron.id, titles[2]!.titleId, body(library.id, desk), 'p'),
      ).rejects.toMatchObject({
        code: 'REQUEST_LIMIT',
        message: 'circulation.errors.requestLimit',
      });
      // The home delivery location makes the request a delivery to the address given.
      // What the patron typed is kept without the spaces around it; their language is remembered.
      const saved = await db.query(
        `SELECT home_delivery AS home, delivery_address AS address, phone, authorised_person AS authorised,
                (SELECT mail_language FROM patron WHERE id = $1) AS language
           FROM loan_request WHERE patron_id = $1 ORDER BY id`,
        [patron.id],
      );
      expect(saved.rows).toEqual([
        { home: true, address: 'Rua A, 10', phone: '(11) 5555-1234', authorised: 'Maria', language: 'en' },
        { home: false, address: null, phone: null, authorised: null, language: 'en' },
      ]);
    });

    it('ends a request not collected in time or cancelled at the desk and gives the copy back to the shelf', async () => {
      const patron = await makePatron(db);
      const { desk } = await receiving();
      const { titleId, copyIds } = await makeTitle(db, 'A relíquia', [{ libraryId: library.id }]);
      const id = await engine.requestLoan(patron.id, titleId, body(library.id, desk), 'p');
      await engine.advanceRequest(id, 'disponivel', staff);
      days(3);
      expect((await engine.sweep()).requestsExpired).toBe(1);
      expect((await copyState(db, copyIds[0]!)).status).toBe('disponivel');
      expect((await patronLog(patron.id)).map((e) => e.action)).toEqual([
        'request.create',
        'request.arrive',
        'request.expire',
      ]);
      // The desk cancels a request still waiting or on its way; the copy goes back to the shelf.
      const status = async (requestId: number) =>
        (await db.query('SELECT status FROM loan_request WHERE id = $1', [requestId])).rows[0];
      const waiting = await engine.requestLoan(patron.id, titleId, body(library.id, desk), 'p');
      await engine.advanceRequest(waiting, 'nao_finalizada', staff);
      expect(await status(waiting)).toEqual({ status: 'nao_finalizada' });
      const sent = await engine.requestLoan(patron.id, titleId, body(library.id, desk), 'p');
      await engine.advanceRequest(sent, 'em_transito', staff);
      await engine.advanceRequest(sent, 'nao_finalizada', staff);
      expect(await status(sent)).toEqual({ status: 'nao_finalizada' });
      expect((await copyState(db, copyIds[0]!)).status).toBe('disponivel');
      await expect(engine.advanceRequest(sent, 'nao_finalizada', staff)).rejects.toMatchObject({
        code: 'REQUEST_STEP',
      });
      const alerts = await db.query(
        "SELECT params->>'status' AS status FROM alert WHERE patron_id = $1 AND kind = 'loanRequestStatus' ORDER BY id",
        [patron.id],
      );
      expect(alerts.rows.map((a) => a.status)).toEqual([
        'disponivel',
        'nao_finalizada',
        'nao_finalizada',
        'em_transito',
        'nao_finalizada',
      ]);
      await expect(engine.advanceRequest(0, 'disponivel', staff)).rejects.toMatchObject({
        code: 'REQUEST_NOT_FOUND',
      });
      // A suspended patron may not ask for a loan.
      await engine.suspend({ patronId: patron.id, days: 1, reason: 'Teste', actor: staff });
      await expect(engine.requestLoan(patron.id, titleId, body(library.id, desk), 'p')).rejects.toMatchObject(
        {
          code: 'PATRON_SUSPENDED',
        },
      );
      await expect(
        engine.placeHold(patron.id, { cod_acervo: titleId, biblioteca: library.id }, 'p'),
      ).rejects.toMatchObject({ code: 'PATRON_SUSPENDED' });
    });
  });
});
