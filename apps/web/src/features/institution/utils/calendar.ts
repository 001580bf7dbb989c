import type { InstitutionEvent } from '@estante/contract';

/** A calendar month as YYYY-MM. */
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month a value names (YYYY-MM), or null. */
export function parseMonth(value: string | null | undefined): Month | null {
  return value && MONTH.test(value) ? value : null;
}

/** The month of a date, in the browser's time zone. */
export function monthOf(date: Date): Month {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The month `delta` months after (or before) a month. */
export function shiftMonth(month: Month, delta: number): Month {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + delta, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** First and last day of a month (YYYY-MM-DD), the range the calendar call asks for. */
export function monthRange(month: Month): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** A month's name and year in the patron's locale ("dezembro de 2026"). */
export function monthLabel(month: Month, locale: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, index - 1, 15)),
  );
}

/** SPEC §9 weekday (1 Monday … 7 Sunday) named in the patron's locale. */
export function weekdayName(day: number, locale: string): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** When an event happens, as the patron reads dates and times ("qui., 3 de dez. de 2026, 14:00 – 16:00"). */
export function formatEventWhen(event: Pick<InstitutionEvent, 'inicio' | 'fim'>, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' });
  const start = new Date(event.inicio);
  if (!event.fim) return format.format(start);
  return format.formatRange(start, new Date(event.fim));
}

/** Events grouped by the day they start (browser time zone), in order. */
export function groupByDay(events: InstitutionEvent[]): { day: string; events: InstitutionEvent[] }[] {
  const days = new Map<string, InstitutionEvent[]>();
  for (const event of [...events].sort((a, b) => a.inicio.localeCompare(b.inicio))) {
    const start = new Date(event.inicio);
    const key = `${monthOf(start)}-${String(start.getDate()).padStart(2, '0')}`;
    days.set(key, [...(days.get(key) ?? []), event]);
  }
  return [...days].map(([day, list]) => ({ day, events: list }));
}

/** A day (YYYY-MM-DD) as a full date in the patron's locale. */
export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
