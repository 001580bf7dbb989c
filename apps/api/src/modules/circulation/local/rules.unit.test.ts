import { describe, expect, it } from 'vitest';
import { CIRCULATION_ERROR } from '@estante/contract';
import {
  addDays,
  cents,
  checkoutStandingRefusal,
  daysBetween,
  dueDate,
  fineCents,
  lateDays,
  libraryDay,
  loanState,
  money,
  patronRule,
  renewalRefusal,
  resolveRule,
  suspensionDays,
  suspensionPeriod,
  weekday,
  type CirculationRule,
  type PatronStanding,
} from './rules.ts';
import { testRule } from '../testing.ts';

const rules: CirculationRule[] = [
  testRule({ loanDays: 7 }),
  testRule({ categoryCode: '12', loanDays: 15, maxHolds: 9 }),
  testRule({ loanType: 'Consulta local', isLoanable: false }),
  testRule({ categoryCode: '12', loanType: 'Reserva técnica', loanDays: 3 }),
  testRule({ loanType: 'Reserva técnica', loanDays: 1 }),
];

const clean: PatronStanding = { unlinked: false, suspendedUntil: null, debtCents: 0, lateLoans: 0 };

describe('which rule applies', () => {
  it('takes the category and loan type row first, then the loan type for everyone, then the category, then the default', () => {
    expect(resolveRule(rules, '12', 'Reserva técnica').loanDays).toBe(3);
    expect(resolveRule(rules, '01', 'Reserva técnica').loanDays).toBe(1);
    expect(resolveRule(rules, '12', 'Consulta local').isLoanable).toBe(false);
    expect(resolveRule(rules, '12', 'Normal').loanDays).toBe(15);
    expect(resolveRule(rules, '01', 'Normal').loanDays).toBe(7);
    expect(resolveRule(rules, '01', null).loanDays).toBe(7);
  });

  it("reads patron-wide limits from the category's general row", () => {
    expect(patronRule(rules, '12').maxHolds).toBe(9);
    expect(patronRule(rules, '01').maxHolds).toBe(3);
  });

  it("reads '*' in a rule, as the database keeps it, as any category or loan type", () => {
    const stored = [{ ...testRule({ loanDays: 10 }), categoryCode: '*', loanType: '*' }];
    expect(resolveRule(stored, '01', 'Normal').loanDays).toBe(10);
    expect(patronRule(stored, '01').loanDays).toBe(10);
  });

  it('refuses to guess when the default rule is missing', () => {
    expect(() => resolveRule(rules.slice(1), '01', 'Normal')).toThrow(/\("\*", "\*"\)/);
  });
});

describe('days', () => {
  it('counts days across months and years', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-12-30', 5)).toBe('2027-01-04');
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
  });

  it("reads the library's day in its time zone, not UTC", () => {
    // 01:30 UTC on the 3rd is still the evening of the 2nd in São Paulo (UTC−3).
    expect(libraryDay(new Date('2026-03-03T01:30:00Z'), 'America/Sao_Paulo')).toBe('2026-03-02');
    expect(libraryDay(new Date('2026-03-03T01:30:00Z'), 'UTC')).toBe('2026-03-03');
  });

  it('moves a due date that falls on a closed day to the next open day', () => {
    const weekdays = new Set([1, 2, 3, 4, 5]);
    // 2026-03-02 is a Monday: 5 days later is Saturday, moved to Monday the 9th.
    expect(dueDate('2026-03-02', 5, weekdays)).toBe('2026-03-09');
    expect(dueDate('2026-03-02', 3, weekdays)).toBe('2026-03-05');
    expect(dueDate('2026-03-02', 5, null)).toBe('2026-03-07');
    expect(dueDate('2026-03-02', 5, new Set())).toBe('2026-03-07');
    // A library open on Sundays only (weekday 7): Saturday the 7th moves to Sunday the 8th.
    expect(weekday('2026-03-08')).toBe(7);
    expect(dueDate('2026-03-02', 5, new Set([7]))).toBe('2026-03-08');
  });
});

describe('fines and suspensions', () => {
  it('charges per day late, up to the ceiling', () => {
    expect(lateDays('2026-03-05', '2026-03-05')).toBe(0);
    expect(lateDays('2026-03-05', '2026-03-09')).toBe(4);
    expect(lateDays('2026-03-05', '2026-03-01')).toBe(0);
    expect(fineCents(testRule({ finePerDayCents: 150 }), 4)).toBe(600);
    expect(fineCents(testRule({ finePerDayCents: 150, maxFineCents: 500 }), 4)).toBe(500);
    expect(fineCents(testRule({ finePerDayCents: 150 }), 0)).toBe(0);
  });

  it('suspends days per day late, after any suspension still running', () => {
    expect(suspensionDays(testRule({ suspensionDaysPerLateDay: 2 }), 3)).toBe(6);
    expect(suspensionPeriod(6, '2026-03-10', null)).toEqual({ startsOn: '2026-03-10', endsOn: '2026-03-15' });
    expect(suspensionPeriod(6, '2026-03-10', '2026-03-12')).toEqual({
      startsOn: '2026-03-13',
      endsOn: '2026-03-18',
    });
    // A suspension ending on the return day: the new one starts the day after.
    expect(suspensionPeriod(2, '2026-03-10', '2026-03-10')).toEqual({
      startsOn: '2026-03-11',
      endsOn: '2026-03-12',
    });
    expect(suspensionPeriod(1, '2026-03-10', '2026-03-01')).toEqual({
      startsOn: '2026-03-10',
      endsOn: '2026-03-10',
    });
  });
});

describe('renewal', () => {
  const base = {
    dueOn: '2026-03-09',
    renewals: 0,
    rule: testRule({ renewalLimit: 2, loanDays: 7 }),
    today: '2026-03-05',
    holdsWaiting: false,
    standing: clean,
    newDueOn: '2026-03-12',
  };

  it('renews a loan on time with renewals left and nobody waiting', () => {
    expect(renewalRefusal(base)).toBeNull();
    // On the due day itself the loan is not late yet.
    expect(renewalRefusal({ ...base, today: base.dueOn })).toBeNull();
  });

  it('refuses, in order: standing, late, limit, holds waiting, no change of date', () => {
    expect(
      renewalRefusal({ ...base, standing: { ...clean, suspendedUntil: '2026-03-07' }, dueOn: '2026-03-01' }),
    ).toBe(CIRCULATION_ERROR.PATRON_SUSPENDED);
    expect(renewalRefusal({ ...base, standing: { ...clean, debtCents: 150 } })).toBe(
      CIRCULATION_ERROR.PATRON_IN_DEBT,
    );
    expect(renewalRefusal({ ...base, standing: { ...clean, unlinked: true } })).toBe(
      CIRCULATION_ERROR.PATRON_UNLINKED,
    );
    expect(renewalRefusal({ ...base, dueOn: '2026-03-04', renewals: 2 })).toBe(CIRCULATION_ERROR.RENEW_LATE);
    expect(renewalRefusal({ ...base, renewals: 2, holdsWaiting: true })).toBe(CIRCULATION_ERROR.RENEW_LIMIT);
    expect(renewalRefusal({ ...base, holdsWaiting: true })).toBe(CIRCULATION_ERROR.RENEW_HOLDS_WAITING);
    expect(renewalRefusal({ ...base, newDueOn: '2026-03-09' })).toBe(CIRCULATION_ERROR.RENEW_TOO_EARLY);
  });

  it('lets a patron with a late loan renew the others, but not borrow', () => {
    const late = { ...clean, lateLoans: 1 };
    expect(renewalRefusal({ ...base, standing: late })).toBeNull();
    expect(checkoutStandingRefusal(late)).toBe(CIRCULATION_ERROR.PATRON_HAS_LATE_LOANS);
    expect(checkoutStandingRefusal(clean)).toBeNull();
  });
});

describe('money on the wire', () => {
  it('writes cents as reais with two decimals and reads them back', () => {
    expect(money(1234)).toBe(12.34);
    expect(money(150)).toBe(1.5);
    expect(cents(12.34)).toBe(1234);
    // 0.1 + 0.2 is 0.30000000000000004 in floating point: still 30 cents.
    expect(cents(0.1 + 0.2)).toBe(30);
  });
});

describe('loan states (SPEC §3)', () => {
  const loan = {
    dueOn: '2026-03-09',
    returned: false,
    quarantineUntil: null,
    holdsWaiting: false,
    today: '2026-03-05',
  };
  it('is loaned, reserved while others wait, late after the due date, in quarantine after return', () => {
    expect(loanState(loan)).toBe('emprestado');
    expect(loanState({ ...loan, holdsWaiting: true })).toBe('reservado');
    expect(loanState({ ...loan, today: '2026-03-10', holdsWaiting: true })).toBe('atrasado');
    expect(loanState({ ...loan, returned: true, quarantineUntil: '2026-03-06' })).toBe('quarentena');
    expect(loanState({ ...loan, returned: true, quarantineUntil: '2026-03-04' })).toBe('devolvido');
    // The due day and the last day of quarantine still count.
    expect(loanState({ ...loan, today: '2026-03-09' })).toBe('emprestado');
    expect(loanState({ ...loan, returned: true, quarantineUntil: '2026-03-05' })).toBe('quarentena');
  });
});
