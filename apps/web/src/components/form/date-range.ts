/** A range of library days (YYYY-MM-DD); null leaves that end to the server (the last twelve months). */
export interface DateRange {
  from: string | null;
  to: string | null;
}

/** A day as YYYY-MM-DD in the patron's own calendar (not UTC: late evening is still today). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The range the history screens open with: from a year ago to today, as the server's default. */
export function lastTwelveMonths(today: Date = new Date()): DateRange {
  const from = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate());
  return { from: localDay(from), to: localDay(today) };
}

/** SPEC §5: the start date may not be after the end date (an open end is never out of order). */
export function isRangeInOrder(range: DateRange): boolean {
  return !range.from || !range.to || range.from <= range.to;
}
