/**
 * Copies per vacancy of a plan's title (decision 0053): circulating copies ÷ the discipline's
 * vacancies, to two decimals, as course assessments read it (e.g. 0.2 = one copy for five
 * students). Null when the plan gives no vacancies (or none), since no ratio can be read then.
 */
export function copiesPerVacancy(copies: number, vacancies: number | null): number | null {
  if (vacancies === null || vacancies <= 0) return null;
  return Math.round((copies / vacancies) * 100) / 100;
}
