import { describe, expect, it } from 'vitest';
import {
  formatEventWhen,
  groupByDay,
  monthLabel,
  monthRange,
  parseMonth,
  shiftMonth,
  weekdayName,
} from './calendar';

describe('calendar helpers', () => {
  it('gives the first and last day of a month, leap years included', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  });

  it('reads only well-formed months', () => {
    expect(parseMonth('2026-07')).toBe('2026-07');
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('julho')).toBeNull();
  });

  it('names weekdays Monday first and months in the patron locale', () => {
    expect(weekdayName(1, 'pt-BR')).toBe('segunda-feira');
    expect(weekdayName(7, 'pt-BR')).toBe('domingo');
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(monthLabel('2026-12', 'es')).toBe('diciembre de 2026');
  });

  it('writes an event with its end as a range', () => {
    const text = formatEventWhen({ inicio: '2026-12-03T17:00:00Z', fim: '2026-12-03T19:00:00Z' }, 'en');
    expect(text).toMatch(/December 3, 2026/);
    expect(text).toMatch(/–/);
  });

  it('groups events by their day, in order', () => {
    const event = (codigo: number, inicio: string) => ({
      codigo,
      titulo: `E${codigo}`,
      descricao: null,
      inicio,
      fim: null,
      local: null,
      link: null,
    });
    const groups = groupByDay([
      event(2, '2026-12-05T15:00:00'),
      event(1, '2026-12-03T10:00:00'),
      event(3, '2026-12-05T09:00:00'),
    ]);
    expect(groups.map((g) => [g.day, g.events.map((e) => e.codigo)])).toEqual([
      ['2026-12-03', [1]],
      ['2026-12-05', [3, 2]],
    ]);
  });
});
