import { TIME_OF_DAY, isCalendarMoment } from '@estante/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A day (YYYY-MM-DD) and a time (HH:MM) read in the browser's time zone, as the ISO 8601 moment with
 * its offset the events API takes ("2031-06-02T14:00:00-03:00"); null when either is not real.
 */
export function localMoment(day: string, time: string): string | null {
  if (!TIME_OF_DAY.test(time) || !isCalendarMoment(`${day}T${time}:00Z`)) return null;
  const local = new Date(`${day}T${time}:00`);
  if (Number.isNaN(local.getTime())) return null;
  const offset = -local.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${day}T${time}:00${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** An event's moment as the form shows it: the day and the time in the browser's time zone. */
export function localParts(iso: string): { day: string; time: string } {
  const date = new Date(iso);
  return {
    day: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}
