import { describe, expect, it } from 'vitest';
import { checkingTitlesWindow } from './loan-history-range';

describe('checkingTitlesWindow (SPEC §9: from today back one month)', () => {
  it('goes back to the same day of the previous month', () => {
    expect(checkingTitlesWindow(new Date(2026, 2, 15))).toEqual({ from: '2026-02-15', to: '2026-03-15' });
  });

  it('stops at the last day of a shorter month', () => {
    expect(checkingTitlesWindow(new Date(2026, 2, 31))).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(checkingTitlesWindow(new Date(2028, 2, 30))).toEqual({ from: '2028-02-29', to: '2028-03-30' });
  });

  it('crosses the year in January', () => {
    expect(checkingTitlesWindow(new Date(2026, 0, 10))).toEqual({ from: '2025-12-10', to: '2026-01-10' });
  });

  it('counts the day in the local calendar, not in UTC', () => {
    // 23:30 on 5 May local time is still 5 May, whatever the UTC date is.
    expect(checkingTitlesWindow(new Date(2026, 4, 5, 23, 30))).toEqual({
      from: '2026-04-05',
      to: '2026-05-05',
    });
  });
});
