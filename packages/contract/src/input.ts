// Building blocks of every request schema (path, query and body), so that what the database
// cannot hold is refused with a 400 at the door instead of failing inside a query:
// - ids of `integer` columns stop at 2^31 − 1 (PostgreSQL answers "out of range" past it);
//   ids of `bigserial` columns (loans, holds, requests) at 2^53 − 1, the largest exact JS integer;
// - text has no control characters (PostgreSQL text cannot hold NUL); multi-line fields keep
//   tab, line feed and carriage return;
// - a day (YYYY-MM-DD) is a real calendar day, not 2026-02-30 or 0000-00-00.

/** Largest value of a PostgreSQL `integer` column: the top of every catalogue id. */
export const MAX_INTEGER_ID = 2_147_483_647;

/** Largest id of a `bigserial` column the API takes: the largest integer JSON numbers keep exactly. */
export const MAX_BIG_ID = Number.MAX_SAFE_INTEGER;

/** Message of a refused control character (zod issues are English, like zod's own). */
export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** Message of a day that is not on the calendar. */
export const CALENDAR_DAY_MESSAGE = 'must be a calendar day (YYYY-MM-DD)';

/** Text on one line: no C0 control character (NUL to unit separator) and no DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE_PATTERN = /^[^\u0000-\u001f\u007f]*$/;

/** Text over several lines: as SINGLE_LINE_PATTERN, but tab, line feed and carriage return are kept. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const MULTI_LINE_PATTERN = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** A day as the API writes it. */
export const ISO_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether YYYY-MM-DD names a day of the (proleptic Gregorian) calendar, years 0001 to 9999. */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}
