import { NUMERIC_DATE, patronLocale } from '../../../lib/i18n';

/** An instant (ISO 8601) as a short date and time in the patron's locale and time zone. */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(patronLocale(language), {
    ...NUMERIC_DATE,
    // Two-digit hours, as times are written in Brazil and Spanish-speaking countries (00:26, not 0:26).
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
