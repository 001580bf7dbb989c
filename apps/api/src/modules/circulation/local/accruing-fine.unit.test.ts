import { describe, expect, it } from 'vitest';
import { accruingFine, addDays, fineCents, lateDays } from './rules.ts';
import { testRule } from '../testing.ts';

// The fine an open late loan has run up so far (issue: a patron three days late saw "no debts").
// It must be what a return that day would charge, day after day.

const DUE = '2026-03-05';

describe('the fine still accruing on a late loan', () => {
  const rule = testRule({ finePerDayCents: 150 });

  it('is nothing on the due day and before it', () => {
    expect(accruingFine(rule, DUE, DUE)).toBeNull();
    expect(accruingFine(rule, DUE, '2026-03-01')).toBeNull();
  });

  it('is one day’s rate the day after the due day, and three days’ three days late', () => {
    expect(accruingFine(rule, DUE, '2026-03-06')).toEqual({
      lateDays: 1,
      amountCents: 150,
      perDayCents: 150,
      maxCents: null,
    });
    expect(accruingFine(rule, DUE, '2026-03-08')).toEqual({
      lateDays: 3,
      amountCents: 450,
      perDayCents: 150,
      maxCents: null,
    });
  });

  it('counts across the end of a month and a year', () => {
    expect(accruingFine(rule, '2026-02-27', '2026-03-02')?.lateDays).toBe(3);
    expect(accruingFine(rule, '2026-12-30', '2027-01-02')?.amountCents).toBe(450);
  });

  it('stops growing at the rule’s ceiling, which it names', () => {
    const capped = testRule({ finePerDayCents: 150, maxFineCents: 400 });
    expect(accruingFine(capped, DUE, '2026-03-07')).toEqual({
      lateDays: 2,
      amountCents: 300,
      perDayCents: 150,
      maxCents: 400,
    });
    expect(accruingFine(capped, DUE, '2026-03-08')?.amountCents).toBe(400);
    expect(accruingFine(capped, DUE, '2026-03-25')).toEqual({
      lateDays: 20,
      amountCents: 400,
      perDayCents: 150,
      maxCents: 400,
    });
  });

  it('is nothing when the rule charges nothing for lateness', () => {
    expect(accruingFine(testRule({ finePerDayCents: 0 }), DUE, '2026-03-08')).toBeNull();
    expect(accruingFine(testRule({ finePerDayCents: 150, maxFineCents: 0 }), DUE, '2026-03-08')).toBeNull();
  });

  it('equals, each day for a month, the fine a return that day charges', () => {
    const rules = [
      testRule({ finePerDayCents: 100 }),
      testRule({ finePerDayCents: 250, maxFineCents: 1000 }),
    ];
    for (const each of rules) {
      for (let n = 0; n <= 30; n++) {
        const today = addDays(DUE, n);
        expect(accruingFine(each, DUE, today)?.amountCents ?? 0).toBe(fineCents(each, lateDays(DUE, today)));
      }
    }
  });
});
