import type { Period } from './repository.ts';

/** The library's day (YYYY-MM-DD) of an instant, in its time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** A day moved by n days (calendar days, no time zone involved). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/**
 * The period of a totals call: the days given, or the last twelve months up to today (the
 * history screens' default); null when the start is after the end (SPEC §5).
 */
export function periodOf(
  query: { dataIni?: string | undefined; dataFim?: string | undefined },
  today: string,
  timeZone: string,
): Period | null {
  const to = query.dataFim ?? today;
  const from = query.dataIni ?? addDays(to, -365);
  return from > to ? null : { from, to, timeZone };
}
