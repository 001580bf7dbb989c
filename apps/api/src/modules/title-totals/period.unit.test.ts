import { describe, expect, it } from 'vitest';
import { addDays, dayIn, periodOf } from './period.ts';

describe('title totals period', () => {
  it('takes the days given, in order', () => {
    expect(periodOf({ dataIni: '2026-01-01', dataFim: '2026-01-31' }, '2026-11-26', 'UTC')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      timeZone: 'UTC',
    });
    expect(periodOf({ dataIni: '2026-01-01', dataFim: '2026-01-01' }, '2026-11-26', 'UTC')).not.toBeNull();
  });

  it('refuses a start after the end (SPEC §5)', () => {
    expect(periodOf({ dataIni: '2026-02-01', dataFim: '2026-01-31' }, '2026-11-26', 'UTC')).toBeNull();
    expect(periodOf({ dataIni: '2026-12-01' }, '2026-11-26', 'UTC')).toBeNull();
  });

  it('defaults to the last twelve months up to today, or up to the end given', () => {
    expect(periodOf({}, '2026-11-26', 'UTC')).toMatchObject({ from: '2025-11-26', to: '2026-11-26' });
    expect(periodOf({ dataFim: '2024-03-01' }, '2026-11-26', 'UTC')).toMatchObject({ from: '2023-03-02' });
  });

  it('reads today in the library’s calendar, not in UTC', () => {
    const lateEvening = new Date('2026-11-27T01:30:00Z');
    expect(dayIn(lateEvening, 'America/Sao_Paulo')).toBe('2026-11-26');
    expect(dayIn(lateEvening, 'UTC')).toBe('2026-11-27');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});
