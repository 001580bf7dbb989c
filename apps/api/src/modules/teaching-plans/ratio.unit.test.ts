import { describe, expect, it } from 'vitest';
import { copiesPerVacancy } from './ratio.ts';

describe('copies per vacancy', () => {
  it('divides the copies by the vacancies, to two decimals', () => {
    expect(copiesPerVacancy(8, 40)).toBe(0.2);
    expect(copiesPerVacancy(1, 3)).toBe(0.33);
    expect(copiesPerVacancy(2, 3)).toBe(0.67);
    expect(copiesPerVacancy(0, 50)).toBe(0);
    expect(copiesPerVacancy(60, 40)).toBe(1.5);
  });

  it('reads no ratio when the plan gives no vacancies', () => {
    expect(copiesPerVacancy(5, null)).toBeNull();
    expect(copiesPerVacancy(5, 0)).toBeNull();
  });
});
