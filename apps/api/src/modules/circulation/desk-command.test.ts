import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/index.ts';
import { createTestDb } from '../../testing/build-test-app.ts';
import { testClock } from '../identity/testing.ts';
import { runDeskCommand } from './desk-command.ts';
import { loadRules } from './local/repository.ts';
import {
  copyState,
  logOf,
  makeLibrary,
  makePatron,
  makeTitle,
  pickupDesk,
  setRules,
  testRule,
} from './testing.ts';

// `estante desk …`: the staff operations the demo and the tests use, through the same engine.

describe('estante desk', () => {
  let db: Db;
  let clock: ReturnType<typeof testClock>;
  let library: { id: number; code: string };
  let out: string[];
  let err: string[];
  const desk = (...args: string[]) => {
    out = [];
    err = [];
    return runDeskCommand(db, args, { out: (l) => out.push(l), err: (l) => err.push(l) }, { clock });
  };

  beforeEach(async () => {
    db = await createTestDb();
    clock = testClock(new Date('2026-03-02T12:00:00Z'));
    library = await makeLibrary(db);
    await setRules(db, [
      testRule({ loanDays: 7, finePerDayCents: 150 }),
      testRule({ categoryCode: '05', suspensionDaysPerLateDay: 1 }),
    ]);
  });
  afterEach(() => db.close());

  it('lends by library code and copy number, takes back with the fine, renews, takes payment and suspends', async () => {
    const ana = await makePatron(db, { category: '05' });
    const { copyIds } = await makeTitle(db, 'O quinze', [
      { libraryId: library.id },
      { libraryId: library.id },
    ]);
    const [first] = (
      await db.query<{ number: string }>('SELECT number FROM copy WHERE id = ANY($1::int[]) ORDER BY id', [
        copyIds,
      ])
    ).rows.map((r) => `${library.code}:${r.number}`);

    expect(await desk('checkout', ana.login, first!)).toBe(0);
    expect(out[0]).toMatch(/^Loan \d+: copy .+ due 2026-03-09\.$/);
    expect(await desk('checkout', ana.login, String(copyIds[1]), '--due', '2026-03-20')).toBe(0);
    expect(out[0]).toContain('due 2026-03-20');
    expect(await desk('checkout', ana.login, first!)).toBe(1);
    expect(err).toEqual(['estante desk: this copy is already on loan.']);

    clock.advance(2 * 86_400);
    expect(await desk('renew', ana.login)).toBe(0);
    expect(out).toEqual([
      expect.stringMatching(/^Loan \d+: renewed to 2026-03-11 \(1 renewal\(s\)\)\.$/),
      expect.stringMatching(/^Loan \d+: not renewed: Renewing today would not change the due date\.$/),
    ]);

    clock.advance(11 * 86_400); // the 15th: 4 days late
    expect(await desk('checkin', first!)).toBe(0);
    expect(out).toEqual([
      'Loan 1 returned; 4 day(s) late, fine R$ 6.00; suspended 2026-03-15 to 2026-03-18; copy back on the shelf.'.replace(
        'Loan 1',
        out[0]!.split(' returned')[0]!,
      ),
    ]);
    expect(await copyState(db, copyIds[0]!)).toEqual({ status: 'disponivel', expected: null });
    expect(await desk('pay', ana.login, '10')).toBe(1);
    expect(err).toEqual(['estante desk: the amount is more than the patron owes.']);
    expect(await desk('pay', ana.login, '5,50', '--discount', '0.50')).toBe(0);
    expect(out).toEqual([
      expect.stringMatching(/^Payment recorded\. Debts settled: \d+; still owed R\$ 0\.00\.$/),
    ]);
    expect(await desk('suspend', ana.login, '3', '--reason', 'Dano')).toBe(0);
    expect(out).toEqual([`${ana.login} suspended from 2026-03-19 to 2026-03-21.`]);
    expect(await desk('loans', ana.login)).toBe(0);
    // The copy is named as checkin takes it: LIBRARY:NUMBER.
    expect(out[1]).toMatch(/loan \d+: O quinze .*\[[^\]:]+:[^\]]+\] due 2026-03-20, 0 renewal\(s\)/);
    expect(out.at(-1)).toBe('  owes R$ 0.00');

    // A rule refusal reads in English on the desk.
    const other = await makeTitle(db, 'Memorial de Maria Moura', [{ libraryId: library.id }]);
    expect(await desk('checkout', ana.login, String(other.copyIds[0]))).toBe(1);
    expect(err[0]).toMatch(/^estante desk: You are suspended: .* \(PATRON_SUSPENDED\)\.$/);
    expect(await desk('sweep')).toBe(0);
    expect(await desk('check')).toBe(0);
    expect(out).toEqual(['Circulation invariants hold.']);
  });

  it('lists, sets and deletes rules; a new rule starts from the one that applied', async () => {
    expect(await desk('rule', 'set', '--category', '12', '--loan-days', '21', '--max-fine', '10')).toBe(0);
    expect(out[0]).toBe(
      'Rule saved: category 12, type *: 21 days, 2 renewal(s) max 5 loans / 3 holds / 2 requests holds yes, requests yes, pickup 2 day(s) fine R$ 1.50/day up to R$ 10.00 suspension 0 day(s)/day late, quarantine 0 day(s)',
    );
    const rule = (await loadRules(db)).find((r) => r.categoryCode === '12');
    expect(rule).toMatchObject({ loanDays: 21, finePerDayCents: 150, maxFineCents: 1000 });
    expect(await desk('rule', 'set', '--category', '99')).toBe(2);
    expect(err).toEqual(['estante desk: there is no patron category 99.']);
    expect(await desk('rule', 'set', '--type', 'Normal', '--holds', 'talvez')).toBe(2);
    expect(await desk('rules')).toBe(0);
    expect(out).toHaveLength(3);
    expect(await desk('rule', 'delete', '--category', '12')).toBe(0);
    expect(await desk('rule', 'delete')).toBe(1);
    expect(out).toEqual(['No rule (*, *) to delete (the (*, *) rule stays).']);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM circulation_log WHERE action = 'rule.change'",
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('moves a loan request along and tells usage errors apart from refusals', async () => {
    const ana = await makePatron(db);
    const { titleId, copyIds } = await makeTitle(db, 'Menino de engenho', [{ libraryId: library.id }]);
    const deskId = await pickupDesk(db, library.id);
    const { createCirculationEngine } = await import('./local/engine.ts');
    const engine = createCirculationEngine({ db, clock, timeZone: 'America/Sao_Paulo' });
    const id = await engine.requestLoan(
      ana.id,
      titleId,
      {
        biblioteca_origem: library.id,
        biblioteca_recebimento: library.id,
        cod_local_recebimento: deskId,
        email: 'a@teste.estante.example',
        domicilio: false,
      },
      'p',
    );
    expect(await desk('request', String(id), 'arrive')).toBe(0);
    expect(await desk('request', String(id), 'send')).toBe(1);
    expect(err).toEqual(['estante desk: the loan request cannot move to that state from where it is.']);
    expect(await desk('request', String(id), 'cancel')).toBe(0);
    expect((await copyState(db, copyIds[0]!)).status).toBe('disponivel');
    const request = await db.query<{ status: string; observation: string }>(
      'SELECT status, observation FROM loan_request WHERE id = $1',
      [id],
    );
    expect(request.rows).toEqual([{ status: 'nao_finalizada', observation: 'Cancelada pela biblioteca' }]);
    expect((await logOf(db, copyIds[0]!)).map((e) => e.action)).toEqual([
      'request.create',
      'request.arrive',
      'request.cancel',
    ]);
    expect(await desk('request', 'x', 'cancel')).toBe(2);
    expect(await desk('checkout', 'ninguem', `${library.code}:nada`)).toBe(1);
    expect(err).toEqual(['estante desk: no such copy.']);
    expect(await desk('frobnicate')).toBe(2);
  });
});
