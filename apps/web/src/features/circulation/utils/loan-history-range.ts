import { localDay } from '../../../components/form/date-range';

/**
 * The range the loan history opens with: SPEC §9's checking-titles window, from today back one
 * month (31 March → 28 or 29 February), in the patron's own calendar.
 */
export function checkingTitlesWindow(today: Date = new Date()): { from: string; to: string } {
  const year = today.getFullYear();
  const month = today.getMonth();
  const lastDayOfPreviousMonth = new Date(year, month, 0).getDate();
  const from = new Date(year, month - 1, Math.min(today.getDate(), lastDayOfPreviousMonth));
  return { from: localDay(from), to: localDay(today) };
}
