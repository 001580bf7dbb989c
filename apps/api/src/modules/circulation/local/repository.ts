import type { Queryable } from '../../../lib/db/index.ts';
import type { ServerLanguage } from '../../../lib/messages.ts';
import { ANY, type CirculationRule, type Day, type PatronStanding } from './rules.ts';

// SQL of the local circulation engine. Days are read as text (YYYY-MM-DD) so both drivers agree;
// instants come back as Date. Functions named lock* take row locks and must run in a transaction.

/** A patron as circulation needs it. */
export interface PatronRecord {
  id: number;
  login: string;
  name: string;
  email: string | null;
  categoryCode: string;
  unlinkedAt: Date | null;
  autoRenew: boolean;
  noDebtsDeclarationEnabled: boolean;
  mailLanguage: ServerLanguage;
  /** False: each returned loan is anonymised at return (privacy choice, decision 0045). */
  keepsLoanHistory: boolean;
  /** False: the patron asked for no e-mails (notices are still on screen). */
  receivesEmail: boolean;
}

const PATRON_SELECT = `SELECT id, login, name, email, category_code AS "categoryCode", unlinked_at AS "unlinkedAt",
  auto_renew AS "autoRenew", no_debts_declaration_enabled AS "noDebtsDeclarationEnabled",
  mail_language AS "mailLanguage", keeps_loan_history AS "keepsLoanHistory",
  receives_email AS "receivesEmail" FROM patron`;

export async function findPatron(db: Queryable, id: number): Promise<PatronRecord | null> {
  return (await db.query<PatronRecord>(`${PATRON_SELECT} WHERE id = $1`, [id])).rows[0] ?? null;
}

export async function findPatronByLogin(db: Queryable, login: string): Promise<PatronRecord | null> {
  return (
    (await db.query<PatronRecord>(`${PATRON_SELECT} WHERE lower(login) = lower($1)`, [login])).rows[0] ?? null
  );
}

/** Locks the patron's row: limits and standing are checked and changed one operation at a time. */
export async function lockPatron(tx: Queryable, id: number): Promise<PatronRecord | null> {
  return (
    (await tx.query<PatronRecord>(`${PATRON_SELECT} WHERE id = $1 FOR NO KEY UPDATE`, [id])).rows[0] ?? null
  );
}

/** Locks a title's row: every change to its copies, holds and requests takes it first. */
export async function lockTitle(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query('SELECT id FROM title WHERE id = $1 FOR NO KEY UPDATE', [id])).rows.length > 0;
}

/** Every rule. */
export async function loadRules(db: Queryable): Promise<CirculationRule[]> {
  const { rows } = await db.query<CirculationRule>(
    `SELECT category_code AS "categoryCode", loan_type AS "loanType", is_loanable AS "isLoanable",
            loan_days AS "loanDays", renewal_limit AS "renewalLimit", max_loans AS "maxLoans",
            max_holds AS "maxHolds", max_requests AS "maxRequests", allows_holds AS "allowsHolds",
            allows_requests AS "allowsRequests", pickup_days AS "pickupDays",
            fine_per_day_cents AS "finePerDayCents", max_fine_cents AS "maxFineCents",
            suspension_days_per_late_day AS "suspensionDaysPerLateDay", quarantine_days AS "quarantineDays"
       FROM circulation_rule ORDER BY category_code, loan_type`,
  );
  return rows;
}

/** Writes one rule (insert or replace). */
export async function saveRule(db: Queryable, rule: CirculationRule, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO circulation_rule (category_code, loan_type, is_loanable, loan_days, renewal_limit, max_loans,
       max_holds, max_requests, allows_holds, allows_requests, pickup_days, fine_per_day_cents, max_fine_cents,
       suspension_days_per_late_day, quarantine_days, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (category_code, loan_type) DO UPDATE SET is_loanable = excluded.is_loanable,
       loan_days = excluded.loan_days, renewal_limit = excluded.renewal_limit, max_loans = excluded.max_loans,
       max_holds = excluded.max_holds, max_requests = excluded.max_requests, allows_holds = excluded.allows_holds,
       allows_requests = excluded.allows_requests, pickup_days = excluded.pickup_days,
       fine_per_day_cents = excluded.fine_per_day_cents, max_fine_cents = excluded.max_fine_cents,
       suspension_days_per_late_day = excluded.suspension_days_per_late_day,
       quarantine_days = excluded.quarantine_days, updated_at = excluded.updated_at`,
    [
      rule.categoryCode,
      rule.loanType,
      rule.isLoanable,
      rule.loanDays,
      rule.renewalLimit,
      rule.maxLoans,
      rule.maxHolds,
      rule.maxRequests,
      rule.allowsHolds,
      rule.allowsRequests,
      rule.pickupDays,
      rule.finePerDayCents,
      rule.maxFineCents,
      rule.suspensionDaysPerLateDay,
      rule.quarantineDays,
      at.toISOString(),
    ],
  );
}

/** Removes a rule; the ('*', '*') rule stays (everything falls back to it). */
export async function deleteRule(db: Queryable, category: string, loanType: string): Promise<boolean> {
  if (category === ANY && loanType === ANY) return false;
  const { rows } = await db.query(
    'DELETE FROM circulation_rule WHERE category_code = $1 AND loan_type = $2 RETURNING 1',
    [category, loanType],
  );
  return rows.length > 0;
}

/** A copy as circulation needs it. */
export interface CopyRecord {
  id: number;
  titleId: number;
  libraryId: number;
  number: string;
  volume: string | null;
  tome: string | null;
  part: string | null;
  additionalMaterial: string | null;
  location: string | null;
  loanType: string | null;
  status: string;
}

const COPY_SELECT = `SELECT c.id, c.title_id AS "titleId", c.library_id AS "libraryId", c.number, c.volume, c.tome,
  c.part, c.additional_material AS "additionalMaterial", c.location, c.loan_type AS "loanType", c.status FROM copy c`;

export async function findCopy(db: Queryable, id: number): Promise<CopyRecord | null> {
  return (await db.query<CopyRecord>(`${COPY_SELECT} WHERE c.id = $1`, [id])).rows[0] ?? null;
}

/** A copy by library code and number, as the desk reads it off the label. */
export async function findCopyByNumber(
  db: Queryable,
  libraryCode: string,
  number: string,
): Promise<CopyRecord | null> {
  return (
    (
      await db.query<CopyRecord>(
        `${COPY_SELECT} JOIN library l ON l.id = c.library_id WHERE l.code = $1 AND c.number = $2`,
        [libraryCode, number],
      )
    ).rows[0] ?? null
  );
}

/** Every copy of a title. */
export async function titleCopies(db: Queryable, titleId: number): Promise<CopyRecord[]> {
  return (await db.query<CopyRecord>(`${COPY_SELECT} WHERE c.title_id = $1 ORDER BY c.id`, [titleId])).rows;
}

export async function setCopyStatus(
  tx: Queryable,
  copyId: number,
  status: string,
  expectedReturn: Day | null,
): Promise<void> {
  await tx.query('UPDATE copy SET status = $2, expected_return = $3::date WHERE id = $1', [
    copyId,
    status,
    expectedReturn,
  ]);
}

/** A loan as circulation needs it. */
export interface LoanRecord {
  id: number;
  copyId: number;
  patronId: number;
  loanedAt: Date;
  dueOn: Day;
  returnedAt: Date | null;
  renewals: number;
  loanType: string | null;
  libraryId: number | null;
  quarantineUntil: Day | null;
  lateDays: number;
  fineCents: number;
}

const LOAN_SELECT = `SELECT ln.id, ln.copy_id AS "copyId", ln.patron_id AS "patronId", ln.loaned_at AS "loanedAt",
  ln.due_on::text AS "dueOn", ln.returned_at AS "returnedAt", ln.renewals, ln.loan_type AS "loanType",
  ln.library_id AS "libraryId", ln.quarantine_until::text AS "quarantineUntil", ln.late_days AS "lateDays",
  ln.fine_cents AS "fineCents" FROM loan ln`;

export async function findLoan(db: Queryable, id: number): Promise<LoanRecord | null> {
  return (await db.query<LoanRecord>(`${LOAN_SELECT} WHERE ln.id = $1`, [id])).rows[0] ?? null;
}

export async function openLoanOfCopy(
  db: Queryable,
  copyId: number,
  lock = false,
): Promise<LoanRecord | null> {
  return (
    (
      await db.query<LoanRecord>(
        `${LOAN_SELECT} WHERE ln.copy_id = $1 AND ln.returned_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
        [copyId],
      )
    ).rows[0] ?? null
  );
}

/** The loans of a patron named by id, with their titles (for renewals). */
export async function patronLoansByIds(
  db: Queryable,
  patronId: number,
  ids: readonly number[],
): Promise<(LoanRecord & { titleId: number })[]> {
  return (
    await db.query<LoanRecord & { titleId: number }>(
      `${LOAN_SELECT.replace('FROM loan ln', ', c.title_id AS "titleId" FROM loan ln JOIN copy c ON c.id = ln.copy_id')}
        WHERE ln.patron_id = $1 AND ln.id = ANY($2::bigint[])`,
      [patronId, ids],
    )
  ).rows;
}

/** The patron's standing on a day: unlinked, suspended, what they owe, late loans. */
export async function patronStanding(db: Queryable, patronId: number, today: Day): Promise<PatronStanding> {
  const { rows } = await db.query<{
    unlinked: boolean;
    suspended_until: string | null;
    debt_cents: number;
    late_loans: number;
  }>(
    `SELECT p.unlinked_at IS NOT NULL AS unlinked,
            (SELECT max(s.ends_on)::text FROM suspension s
              WHERE s.patron_id = p.id AND s.ends_on >= $2::date
                AND EXISTS (SELECT 1 FROM suspension s2 WHERE s2.patron_id = p.id
                             AND s2.starts_on <= $2::date AND s2.ends_on >= $2::date)) AS suspended_until,
            (SELECT coalesce(sum(d.amount_cents - d.discount_cents - d.paid_cents), 0)::int FROM debt d
              WHERE d.patron_id = p.id) AS debt_cents,
            (SELECT count(*)::int FROM loan ln WHERE ln.patron_id = p.id AND ln.returned_at IS NULL
                AND ln.due_on < $2::date) AS late_loans
       FROM patron p WHERE p.id = $1`,
    [patronId, today],
  );
  const row = rows[0];
  return {
    unlinked: row?.unlinked ?? false,
    suspendedUntil: row?.suspended_until ?? null,
    debtCents: row?.debt_cents ?? 0,
    lateLoans: row?.late_loans ?? 0,
  };
}

/** Last day of the patron's latest suspension ending on or after `today`, or null. */
export async function currentSuspensionEnd(db: Queryable, patronId: number, today: Day): Promise<Day | null> {
  const { rows } = await db.query<{ end: string | null }>(
    'SELECT max(ends_on)::text AS end FROM suspension WHERE patron_id = $1 AND ends_on >= $2::date',
    [patronId, today],
  );
  return rows[0]?.end ?? null;
}

/** Weekdays (1–7) the library has opening hours on; empty when none are on record. */
export async function openWeekdays(db: Queryable, libraryId: number): Promise<Set<number>> {
  const { rows } = await db.query<{ weekday: number }>(
    'SELECT DISTINCT weekday::int AS weekday FROM opening_hours WHERE library_id = $1',
    [libraryId],
  );
  return new Set(rows.map((r) => r.weekday));
}

/** What a patron chose when placing a hold (SPEC §5): the pickup library, and null for "any". */
export interface HoldChoices {
  libraryId: number;
  volume: string | null;
  tome: string | null;
  part: string | null;
  additionalMaterial: string | null;
  location: string | null;
}

/** A hold as the engine needs it. */
export interface HoldRecord extends HoldChoices {
  id: number;
  patronId: number;
  titleId: number;
  status: 'fila' | 'liberada' | 'cancelada' | 'atendida';
  queuePosition: number | null;
  copyId: number | null;
  pickupDeadline: Day | null;
}

const HOLD_SELECT = `SELECT h.id, h.patron_id AS "patronId", h.title_id AS "titleId", h.library_id AS "libraryId",
  h.volume, h.tome, h.part, h.additional_material AS "additionalMaterial", h.location, h.status,
  h.queue_position AS "queuePosition", h.copy_id AS "copyId", h.pickup_deadline::text AS "pickupDeadline"
  FROM hold h`;

/** The holds waiting in a title's queue, first in line first. */
export async function queueOfTitle(db: Queryable, titleId: number): Promise<HoldRecord[]> {
  return (
    await db.query<HoldRecord>(
      `${HOLD_SELECT} WHERE h.title_id = $1 AND h.status = 'fila' ORDER BY h.queue_position`,
      [titleId],
    )
  ).rows;
}

export async function findHold(db: Queryable, id: number): Promise<HoldRecord | null> {
  return (await db.query<HoldRecord>(`${HOLD_SELECT} WHERE h.id = $1`, [id])).rows[0] ?? null;
}

/** The patron's open hold (queue or released) on a title. */
export async function openHoldOf(
  db: Queryable,
  patronId: number,
  titleId: number,
): Promise<HoldRecord | null> {
  return (
    (
      await db.query<HoldRecord>(
        `${HOLD_SELECT} WHERE h.patron_id = $1 AND h.title_id = $2 AND h.status IN ('fila', 'liberada')`,
        [patronId, titleId],
      )
    ).rows[0] ?? null
  );
}

export async function releasedHoldOfCopy(db: Queryable, copyId: number): Promise<HoldRecord | null> {
  return (
    (await db.query<HoldRecord>(`${HOLD_SELECT} WHERE h.copy_id = $1 AND h.status = 'liberada'`, [copyId]))
      .rows[0] ?? null
  );
}

/** Open holds (queue or released) of a patron. */
export async function countOpenHolds(db: Queryable, patronId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM hold WHERE patron_id = $1 AND status IN ('fila', 'liberada')",
    [patronId],
  );
  return rows[0]?.n ?? 0;
}

export async function countOpenLoans(db: Queryable, patronId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM loan WHERE patron_id = $1 AND returned_at IS NULL',
    [patronId],
  );
  return rows[0]?.n ?? 0;
}

/** Closes the gap a hold leaves at `position` in its title's queue. */
export async function closeQueueGap(tx: Queryable, titleId: number, position: number): Promise<void> {
  await tx.query(
    "UPDATE hold SET queue_position = queue_position - 1 WHERE title_id = $1 AND status = 'fila' AND queue_position > $2",
    [titleId, position],
  );
}

/** A loan request as the engine needs it. */
export interface LoanRequestRecord {
  id: number;
  patronId: number;
  titleId: number;
  copyId: number;
  status: 'aguardando' | 'em_transito' | 'disponivel' | 'finalizada' | 'nao_finalizada';
  pickupDeadline: Day | null;
  receivingLibraryId: number;
}

const REQUEST_SELECT = `SELECT r.id, r.patron_id AS "patronId", r.title_id AS "titleId", r.copy_id AS "copyId",
  r.status, r.pickup_deadline::text AS "pickupDeadline", r.receiving_library_id AS "receivingLibraryId"
  FROM loan_request r`;

export async function findLoanRequest(db: Queryable, id: number): Promise<LoanRequestRecord | null> {
  return (await db.query<LoanRequestRecord>(`${REQUEST_SELECT} WHERE r.id = $1`, [id])).rows[0] ?? null;
}

export async function openRequestOfCopy(db: Queryable, copyId: number): Promise<LoanRequestRecord | null> {
  return (
    (
      await db.query<LoanRequestRecord>(
        `${REQUEST_SELECT} WHERE r.copy_id = $1 AND r.status IN ('aguardando', 'em_transito', 'disponivel')`,
        [copyId],
      )
    ).rows[0] ?? null
  );
}

export async function countOpenRequests(db: Queryable, patronId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM loan_request WHERE patron_id = $1 AND status IN ('aguardando', 'em_transito', 'disponivel')",
    [patronId],
  );
  return rows[0]?.n ?? 0;
}

/** One entry of the circulation log. */
export interface LogEntry {
  action: string;
  patronId?: number | null;
  titleId?: number | null;
  copyId?: number | null;
  loanId?: number | null;
  holdId?: number | null;
  requestId?: number | null;
  debtId?: number | null;
  details?: Record<string, unknown>;
}

/** Appends to the circulation log (the table refuses any other change). */
export async function appendLog(tx: Queryable, at: Date, actor: string, entry: LogEntry): Promise<void> {
  await tx.query(
    `INSERT INTO circulation_log (at, actor, action, patron_id, title_id, copy_id, loan_id, hold_id, request_id, debt_id, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)`,
    [
      at.toISOString(),
      actor,
      entry.action,
      entry.patronId ?? null,
      entry.titleId ?? null,
      entry.copyId ?? null,
      entry.loanId ?? null,
      entry.holdId ?? null,
      entry.requestId ?? null,
      entry.debtId ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
  );
}

/** Title and library names for messages. */
export async function titleAndLibrary(
  db: Queryable,
  titleId: number,
  libraryId: number,
): Promise<{ title: string; library: string }> {
  const { rows } = await db.query<{ title: string; library: string }>(
    'SELECT t.title, l.name AS library FROM title t, library l WHERE t.id = $1 AND l.id = $2',
    [titleId, libraryId],
  );
  return rows[0] ?? { title: '', library: '' };
}

/**
 * Anonymises the patron's returned loans (those named, or every one): each stops naming the patron,
 * with the hold or loan request it fulfilled and their circulation-log rows (decision 0045). Debts
 * and suspensions keep their own records. Answers how many loans were anonymised.
 */
export async function anonymiseReturnedLoans(
  tx: Queryable,
  patronId: number,
  loanIds: readonly number[] | 'all',
): Promise<number> {
  const { rows: loans } = await tx.query<{ id: string | number }>(
    `UPDATE loan SET patron_id = NULL
      WHERE patron_id = $1 AND returned_at IS NOT NULL AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))
      RETURNING id`,
    [patronId, loanIds === 'all' ? null : loanIds],
  );
  if (loans.length === 0) return 0;
  const ids = loans.map((loan) => Number(loan.id));
  const { rows: holds } = await tx.query<{ id: string | number }>(
    `UPDATE hold SET patron_id = NULL WHERE patron_id = $1 AND status = 'atendida' AND loan_id = ANY($2::bigint[])
     RETURNING id`,
    [patronId, ids],
  );
  const { rows: requests } = await tx.query<{ id: string | number }>(
    `UPDATE loan_request SET patron_id = NULL
      WHERE patron_id = $1 AND status = 'finalizada' AND loan_id = ANY($2::bigint[]) RETURNING id`,
    [patronId, ids],
  );
  // The fine's and the suspension's log rows stay: the debt and the suspension still name the patron.
  await tx.query(
    `UPDATE circulation_log
        SET patron_id = NULL, actor = CASE WHEN actor = 'patron:' || patron_id THEN 'patron' ELSE actor END
      WHERE patron_id = $1 AND debt_id IS NULL AND action NOT LIKE 'suspension.%'
        AND (loan_id = ANY($2::bigint[]) OR hold_id = ANY($3::bigint[]) OR request_id = ANY($4::bigint[]))`,
    [patronId, ids, holds.map((hold) => Number(hold.id)), requests.map((request) => Number(request.id))],
  );
  return ids.length;
}
