import { CIRCULATION_ERROR, type CirculationRefusal } from '@estante/contract';

// The circulation rules as pure functions (decision 0025): which rule applies, due dates, lateness,
// fines, suspensions, and whether a loan can be renewed. No database, no clock: callers pass days.

/** A library day, YYYY-MM-DD. */
export type Day = string;

/** One row of circulation_rule. */
export interface CirculationRule {
  categoryCode: string;
  loanType: string;
  isLoanable: boolean;
  loanDays: number;
  renewalLimit: number;
  maxLoans: number;
  maxHolds: number;
  maxRequests: number;
  allowsHolds: boolean;
  allowsRequests: boolean;
  /** Days a released hold or an arrived request waits at the desk. */
  pickupDays: number;
  finePerDayCents: number;
  /** Most one late return may cost; null: no ceiling. */
  maxFineCents: number | null;
  suspensionDaysPerLateDay: number;
  quarantineDays: number;
}

/** '*' in a rule matches any category or loan type. */
export const ANY = '*';

/**
 * The rule for a patron category and a copy's loan type, most specific first:
 * (category, type) > ('*', type) > (category, '*') > ('*', '*'). A loan type rule for everyone
 * beats a category's general rule: "Consulta local" is not lent to anyone, whatever the category.
 */
export function resolveRule(
  rules: readonly CirculationRule[],
  category: string,
  loanType: string | null,
): CirculationRule {
  const type = loanType ?? ANY;
  const find = (c: string, t: string) => rules.find((r) => r.categoryCode === c && r.loanType === t);
  const rule = find(category, type) ?? find(ANY, type) ?? find(category, ANY) ?? find(ANY, ANY);
  if (!rule) throw new Error('no circulation rule matches: the ("*", "*") rule is missing');
  return rule;
}

/** The rule whose patron-wide limits (loans, holds, requests) apply to a category: (category, '*') or ('*', '*'). */
export function patronRule(rules: readonly CirculationRule[], category: string): CirculationRule {
  return resolveRule(
    rules.filter((r) => r.loanType === ANY),
    category,
    null,
  );
}

const DAY_MS = 86_400_000;

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: Day, n: number): Day {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The library day of an instant in the library's time zone (IANA name). */
export function libraryDay(instant: Date, timeZone: string): Day {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** ISO weekday of a day: 1 Monday … 7 Sunday (the opening-hours numbering). */
export function weekday(day: Day): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/**
 * The due date of a loan made or renewed on `from` for `days` days, moved forward to the next day
 * the library opens when it falls on a closed day. `openWeekdays` empty or null: the library has
 * no opening hours on record, any day will do.
 */
export function dueDate(from: Day, days: number, openWeekdays: ReadonlySet<number> | null): Day {
  let due = addDays(from, days);
  if (!openWeekdays || openWeekdays.size === 0) return due;
  for (let i = 0; i < 7 && !openWeekdays.has(weekday(due)); i++) due = addDays(due, 1);
  return due;
}

/** Days a loan due on `dueOn` is late on `on` (0 when not late). */
export function lateDays(dueOn: Day, on: Day): number {
  return Math.max(0, daysBetween(dueOn, on));
}

/** The fine for a return `late` days late: a price per day, up to the rule's ceiling. */
export function fineCents(rule: CirculationRule, late: number): number {
  const fine = late * rule.finePerDayCents;
  return rule.maxFineCents === null ? fine : Math.min(fine, rule.maxFineCents);
}

/** A fine still accruing on an open loan past its due date: what a return today would be charged. */
export interface AccruingFine {
  /** Days late today (at least 1). */
  lateDays: number;
  /** What a return today would cost: the fine the return would charge. */
  amountCents: number;
  /** What each further day late adds, until the ceiling. */
  perDayCents: number;
  /** The rule's ceiling per loan; null: none. */
  maxCents: number | null;
}

/**
 * The fine a loan due on `dueOn` has run up by `today`, computed as a return today would charge it
 * (`lateDays`, then `fineCents`), so the preview and the final fine cannot disagree. Null when the
 * loan is not late or the rule charges nothing for it.
 */
export function accruingFine(rule: CirculationRule, dueOn: Day, today: Day): AccruingFine | null {
  const late = lateDays(dueOn, today);
  const amountCents = fineCents(rule, late);
  if (late === 0 || amountCents === 0) return null;
  return { lateDays: late, amountCents, perDayCents: rule.finePerDayCents, maxCents: rule.maxFineCents };
}

/** Suspension days for a return `late` days late. */
export function suspensionDays(rule: CirculationRule, late: number): number {
  return late * rule.suspensionDaysPerLateDay;
}

/**
 * When a new suspension of `days` days runs: from the return day, or from the day after the
 * suspension already running ends (suspensions add up, they do not overlap). Both days included.
 */
export function suspensionPeriod(
  days: number,
  from: Day,
  currentEnd: Day | null,
): { startsOn: Day; endsOn: Day } {
  const startsOn = currentEnd && currentEnd >= from ? addDays(currentEnd, 1) : from;
  return { startsOn, endsOn: addDays(startsOn, days - 1) };
}

/** What stops a patron from borrowing, renewing, holding or requesting. */
export interface PatronStanding {
  unlinked: boolean;
  /** Last day of the suspension covering today, or null. */
  suspendedUntil: Day | null;
  /** What the patron owes, in cents. */
  debtCents: number;
  /** Open loans past their due date. */
  lateLoans: number;
}

/** The first reason the patron may not renew, hold or request (unlinked, suspended, in debt), or null. */
export function standingRefusal(standing: PatronStanding): CirculationRefusal | null {
  if (standing.unlinked) return CIRCULATION_ERROR.PATRON_UNLINKED;
  if (standing.suspendedUntil) return CIRCULATION_ERROR.PATRON_SUSPENDED;
  if (standing.debtCents > 0) return CIRCULATION_ERROR.PATRON_IN_DEBT;
  return null;
}

/** Checkout adds one reason: late loans block new loans until they come back. */
export function checkoutStandingRefusal(standing: PatronStanding): CirculationRefusal | null {
  return (
    standingRefusal(standing) ?? (standing.lateLoans > 0 ? CIRCULATION_ERROR.PATRON_HAS_LATE_LOANS : null)
  );
}

/** What renewal looks at for one loan. */
export interface RenewalCheck {
  dueOn: Day;
  renewals: number;
  rule: CirculationRule;
  today: Day;
  /** Holds in the queue this copy could serve. */
  holdsWaiting: boolean;
  standing: PatronStanding;
  /** The due date a renewal today would give. */
  newDueOn: Day;
}

/**
 * Why a loan cannot be renewed today, or null when it can. Order: the patron's standing, then
 * lateness, the renewal limit, holds waiting, and a renewal that would not move the due date.
 */
export function renewalRefusal(check: RenewalCheck): CirculationRefusal | null {
  const standing = standingRefusal(check.standing);
  if (standing) return standing;
  if (check.dueOn < check.today) return CIRCULATION_ERROR.RENEW_LATE;
  if (!check.rule.isLoanable || check.renewals >= check.rule.renewalLimit)
    return CIRCULATION_ERROR.RENEW_LIMIT;
  if (check.holdsWaiting) return CIRCULATION_ERROR.RENEW_HOLDS_WAITING;
  if (check.newDueOn <= check.dueOn) return CIRCULATION_ERROR.RENEW_TOO_EARLY;
  return null;
}

/** SPEC §3 loan state of an open loan, or of a returned one still in quarantine. */
export function loanState(loan: {
  dueOn: Day;
  returned: boolean;
  quarantineUntil: Day | null;
  holdsWaiting: boolean;
  today: Day;
}): 'emprestado' | 'atrasado' | 'reservado' | 'quarentena' | 'devolvido' {
  if (loan.returned) {
    return loan.quarantineUntil && loan.quarantineUntil >= loan.today ? 'quarentena' : 'devolvido';
  }
  if (loan.dueOn < loan.today) return 'atrasado';
  return loan.holdsWaiting ? 'reservado' : 'emprestado';
}

/** Cents as the wire's money (two decimals). */
export const money = (cents: number): number => Math.round(cents) / 100;

/** The wire's money as cents. */
export const cents = (value: number): number => Math.round(value * 100);
