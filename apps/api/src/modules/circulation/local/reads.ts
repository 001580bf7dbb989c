import type { Queryable } from '../../../lib/db/index.ts';
import type { ServerLanguage } from '../../../lib/messages.ts';
import type { HoldChoices } from './repository.ts';
import { type Day } from './rules.ts';

// What the patron reads: always filtered by the patron's id, which comes from the token, never
// from the request. Days as text, instants as Date.

/** An open loan (or a returned one still in quarantine) with what the pending-titles list shows. */
export interface PendingLoanRow {
  id: number;
  titleId: number;
  title: string;
  author: string | null;
  callNumber: string | null;
  loanedAt: Date;
  dueOn: Day;
  returnedAt: Date | null;
  quarantineUntil: Day | null;
  renewals: number;
  loanType: string | null;
  copyId: number;
  copyNumber: string;
  copyLoanType: string | null;
  volume: string | null;
  tome: string | null;
  part: string | null;
  additionalMaterial: string | null;
  location: string | null;
  libraryId: number;
  libraryName: string;
}

/** The patron's open loans, and returned loans whose copy is still in quarantine, soonest due first. */
export async function pendingLoans(db: Queryable, patronId: number, today: Day): Promise<PendingLoanRow[]> {
  const { rows } = await db.query<PendingLoanRow>(
    `SELECT ln.id, t.id AS "titleId", t.title, t.main_author AS author, t.call_number AS "callNumber",
            ln.loaned_at AS "loanedAt", ln.due_on::text AS "dueOn", ln.returned_at AS "returnedAt",
            ln.quarantine_until::text AS "quarantineUntil", ln.renewals, ln.loan_type AS "loanType",
            c.id AS "copyId", c.number AS "copyNumber", c.loan_type AS "copyLoanType", c.volume, c.tome, c.part,
            c.additional_material AS "additionalMaterial", c.location, l.id AS "libraryId", l.name AS "libraryName"
       FROM loan ln JOIN copy c ON c.id = ln.copy_id JOIN title t ON t.id = c.title_id JOIN library l ON l.id = c.library_id
      WHERE ln.patron_id = $1 AND (ln.returned_at IS NULL OR ln.quarantine_until >= $2::date)
      ORDER BY ln.returned_at IS NOT NULL, ln.due_on, ln.id`,
    [patronId, today],
  );
  return rows;
}

/** Holds waiting in each title's queue (with the pickup choices), for the titles named. */
export async function queuesOfTitles(
  db: Queryable,
  titleIds: readonly number[],
): Promise<(HoldChoices & { titleId: number; category: string })[]> {
  if (titleIds.length === 0) return [];
  const { rows } = await db.query<HoldChoices & { titleId: number; category: string }>(
    `SELECT h.title_id AS "titleId", p.category_code AS category, h.library_id AS "libraryId", h.volume, h.tome,
            h.part, h.additional_material AS "additionalMaterial", h.location
       FROM hold h JOIN patron p ON p.id = h.patron_id
      WHERE h.title_id = ANY($1::int[]) AND h.status = 'fila'`,
    [titleIds],
  );
  return rows;
}

/** A loan of the history. */
export interface HistoryRow {
  id: number;
  titleId: number;
  title: string;
  author: string | null;
  libraryId: number;
  libraryName: string;
  copyNumber: string;
  loanedAt: Date;
  dueOn: Day;
  returnedAt: Date | null;
  quarantineUntil: Day | null;
  renewals: number;
  lateDays: number;
  fineCents: number;
}

/** The patron's loans made between two days (both included), newest first; `fined`: only those fined. */
export async function loanHistory(
  db: Queryable,
  patronId: number,
  range: { from: Day; to: Day; fined: boolean; timeZone: string },
): Promise<HistoryRow[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT ln.id, t.id AS "titleId", t.title, t.main_author AS author, l.id AS "libraryId", l.name AS "libraryName",
            c.number AS "copyNumber", ln.loaned_at AS "loanedAt", ln.due_on::text AS "dueOn",
            ln.returned_at AS "returnedAt", ln.quarantine_until::text AS "quarantineUntil", ln.renewals,
            ln.late_days AS "lateDays", ln.fine_cents AS "fineCents"
       FROM loan ln JOIN copy c ON c.id = ln.copy_id JOIN title t ON t.id = c.title_id JOIN library l ON l.id = c.library_id
      WHERE ln.patron_id = $1 AND (ln.loaned_at AT TIME ZONE $5)::date BETWEEN $2::date AND $3::date
        AND (NOT $4::boolean OR ln.fine_cents > 0)
      ORDER BY ln.loaned_at DESC, ln.id DESC`,
    [patronId, range.from, range.to, range.fined, range.timeZone],
  );
  return rows;
}

/** A debt not settled yet. */
export interface DebtRow {
  id: number;
  amountCents: number;
  discountCents: number;
  paidCents: number;
  paidAt: Date | null;
  createdAt: Date;
  serviceType: 'multa_atraso' | 'taxa';
  reason: string;
  libraryId: number | null;
  libraryName: string | null;
  titleId: number | null;
  title: string | null;
  lateDays: number | null;
}

/** The patron's debts with something left to pay, oldest first. */
export async function pendingDebts(db: Queryable, patronId: number): Promise<DebtRow[]> {
  const { rows } = await db.query<DebtRow>(
    `SELECT d.id, d.amount_cents AS "amountCents", d.discount_cents AS "discountCents", d.paid_cents AS "paidCents",
            d.paid_at AS "paidAt", d.created_at AS "createdAt", d.service_type AS "serviceType", d.reason,
            l.id AS "libraryId", l.name AS "libraryName", t.id AS "titleId", t.title, ln.late_days AS "lateDays"
       FROM debt d
       LEFT JOIN library l ON l.id = d.library_id
       LEFT JOIN loan ln ON ln.id = d.loan_id
       LEFT JOIN copy c ON c.id = ln.copy_id
       LEFT JOIN title t ON t.id = c.title_id
      WHERE d.patron_id = $1 AND d.amount_cents - d.discount_cents - d.paid_cents > 0
      ORDER BY d.created_at, d.id`,
    [patronId],
  );
  return rows;
}

/** A suspension. */
export interface SuspensionRow {
  id: number;
  startsOn: Day;
  endsOn: Day;
  days: number;
  origin: 'atraso' | 'balcao';
  reason: string;
  libraryId: number | null;
  libraryName: string | null;
  titleId: number | null;
  title: string | null;
}

/** Every suspension of the patron, latest first. */
export async function suspensions(db: Queryable, patronId: number): Promise<SuspensionRow[]> {
  const { rows } = await db.query<SuspensionRow>(
    `SELECT s.id, s.starts_on::text AS "startsOn", s.ends_on::text AS "endsOn", s.days, s.origin, s.reason,
            l.id AS "libraryId", l.name AS "libraryName", t.id AS "titleId", t.title
       FROM suspension s
       LEFT JOIN library l ON l.id = s.library_id
       LEFT JOIN loan ln ON ln.id = s.loan_id
       LEFT JOIN copy c ON c.id = ln.copy_id
       LEFT JOIN title t ON t.id = c.title_id
      WHERE s.patron_id = $1
      ORDER BY s.ends_on DESC, s.id DESC`,
    [patronId],
  );
  return rows;
}

/** A hold as the patron sees it. */
export interface HoldRow {
  id: number;
  titleId: number;
  title: string;
  author: string | null;
  libraryId: number;
  libraryName: string;
  status: 'fila' | 'liberada' | 'cancelada' | 'atendida';
  queuePosition: number | null;
  placedAt: Date;
  releasedAt: Date | null;
  pickupDeadline: Day | null;
  endedAt: Date | null;
  cancelReason: string | null;
  volume: string | null;
  tome: string | null;
  part: string | null;
  additionalMaterial: string | null;
  location: string | null;
  copyId: number | null;
}

const HOLD_ROW = `SELECT h.id, t.id AS "titleId", t.title, t.main_author AS author, l.id AS "libraryId",
  l.name AS "libraryName", h.status, h.queue_position AS "queuePosition", h.placed_at AS "placedAt",
  h.released_at AS "releasedAt", h.pickup_deadline::text AS "pickupDeadline", h.ended_at AS "endedAt",
  h.cancel_reason AS "cancelReason", h.volume, h.tome, h.part, h.additional_material AS "additionalMaterial",
  h.location, h.copy_id AS "copyId"
  FROM hold h JOIN title t ON t.id = h.title_id JOIN library l ON l.id = h.library_id`;

/** The patron's open holds: released first (they wait at the desk), then by place in the queue. */
export async function openHolds(db: Queryable, patronId: number): Promise<HoldRow[]> {
  const { rows } = await db.query<HoldRow>(
    `${HOLD_ROW} WHERE h.patron_id = $1 AND h.status IN ('fila', 'liberada')
      ORDER BY h.status = 'fila', h.queue_position, h.placed_at`,
    [patronId],
  );
  return rows;
}

/** One hold of the patron. */
export async function holdOfPatron(db: Queryable, patronId: number, holdId: number): Promise<HoldRow | null> {
  const { rows } = await db.query<HoldRow>(`${HOLD_ROW} WHERE h.patron_id = $1 AND h.id = $2`, [
    patronId,
    holdId,
  ]);
  return rows[0] ?? null;
}

/** Every hold the patron placed between two days, newest first. */
export async function holdHistory(
  db: Queryable,
  patronId: number,
  range: { from: Day; to: Day; timeZone: string },
): Promise<HoldRow[]> {
  const { rows } = await db.query<HoldRow>(
    `${HOLD_ROW} WHERE h.patron_id = $1 AND (h.placed_at AT TIME ZONE $4)::date BETWEEN $2::date AND $3::date
      ORDER BY h.placed_at DESC, h.id DESC`,
    [patronId, range.from, range.to, range.timeZone],
  );
  return rows;
}

/** A loan request as the patron sees it. */
export interface LoanRequestRow {
  id: number;
  titleId: number;
  title: string;
  status: 'aguardando' | 'em_transito' | 'disponivel' | 'finalizada' | 'nao_finalizada';
  requestedAt: Date;
  updatedAt: Date;
  pickupDeadline: Day | null;
  originId: number;
  originName: string;
  receivingId: number;
  receivingName: string;
  locationName: string;
  homeDelivery: boolean;
  copyId: number;
  copyNumber: string;
  volume: string | null;
  tome: string | null;
  part: string | null;
  additionalMaterial: string | null;
  phone: string | null;
  email: string;
  authorisedPerson: string | null;
  observation: string | null;
}

/** The patron's loan requests made between two days, in one state or all, newest first. */
export async function loanRequests(
  db: Queryable,
  patronId: number,
  filter: { from: Day; to: Day; status: string | null; timeZone: string; id?: number },
): Promise<LoanRequestRow[]> {
  const { rows } = await db.query<LoanRequestRow>(
    `SELECT r.id, t.id AS "titleId", t.title, r.status, r.requested_at AS "requestedAt", r.updated_at AS "updatedAt",
            r.pickup_deadline::text AS "pickupDeadline", o.id AS "originId", o.name AS "originName",
            rl.id AS "receivingId", rl.name AS "receivingName", loc.name AS "locationName",
            r.home_delivery AS "homeDelivery", c.id AS "copyId", c.number AS "copyNumber", r.volume, r.tome, r.part,
            r.additional_material AS "additionalMaterial", r.phone, r.email, r.authorised_person AS "authorisedPerson",
            r.observation
       FROM loan_request r JOIN title t ON t.id = r.title_id JOIN library o ON o.id = r.origin_library_id
       JOIN library rl ON rl.id = r.receiving_library_id JOIN receiving_location loc ON loc.id = r.receiving_location_id
       JOIN copy c ON c.id = r.copy_id
      WHERE r.patron_id = $1 AND ($5::bigint IS NOT NULL AND r.id = $5
            OR $5::bigint IS NULL AND (r.requested_at AT TIME ZONE $6)::date BETWEEN $2::date AND $3::date
               AND ($4::text IS NULL OR r.status = $4))
      ORDER BY r.requested_at DESC, r.id DESC`,
    [patronId, filter.from, filter.to, filter.status, filter.id ?? null, filter.timeZone],
  );
  return rows;
}

/** Libraries and their receiving locations. */
export async function receivingLibraries(
  db: Queryable,
): Promise<
  { id: number; name: string; locations: { id: number; name: string; isHomeDelivery: boolean }[] }[]
> {
  const { rows } = await db.query<{
    id: number;
    name: string;
    location_id: number | null;
    location: string | null;
    home: boolean | null;
  }>(
    `SELECT l.id, l.name, r.id AS location_id, r.name AS location, r.is_home_delivery AS home
       FROM library l LEFT JOIN receiving_location r ON r.library_id = l.id
      ORDER BY l.name, r.is_home_delivery, r.name`,
  );
  const libraries = new Map<
    number,
    { id: number; name: string; locations: { id: number; name: string; isHomeDelivery: boolean }[] }
  >();
  for (const row of rows) {
    const library = libraries.get(row.id) ?? { id: row.id, name: row.name, locations: [] };
    if (row.location_id !== null)
      library.locations.push({ id: row.location_id, name: row.location!, isHomeDelivery: row.home! });
    libraries.set(row.id, library);
  }
  return [...libraries.values()];
}

/** Names of libraries by id. */
export async function libraryNames(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM library WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A title's name, or null when there is no such title. */
export async function titleName(db: Queryable, titleId: number): Promise<string | null> {
  const { rows } = await db.query<{ title: string }>('SELECT title FROM title WHERE id = $1', [titleId]);
  return rows[0]?.title ?? null;
}

/** Holds waiting in a title's queue. */
export async function queueLength(db: Queryable, titleId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM hold WHERE title_id = $1 AND status = 'fila'",
    [titleId],
  );
  return rows[0]?.n ?? 0;
}

/** The patron's live loan token. */
export async function currentToken(
  db: Queryable,
  patronId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date } | null> {
  const { rows } = await db.query<{ token: string; expires_at: Date }>(
    'SELECT token, expires_at FROM loan_token WHERE patron_id = $1 AND expires_at > $2',
    [patronId, now.toISOString()],
  );
  return rows[0] ? { token: rows[0].token, expiresAt: new Date(rows[0].expires_at) } : null;
}

/** Inter-library requests of the patron, newest first. */
export async function interlibraryRequests(db: Queryable, patronId: number) {
  const { rows } = await db.query<{
    id: number;
    institutionCode: number | null;
    institutionName: string | null;
    title: string;
    author: string | null;
    publication: string | null;
    notes: string | null;
    libraryId: number;
    libraryName: string;
    status: 'aguardando' | 'em_transito' | 'disponivel' | 'finalizada' | 'nao_finalizada';
    requestedAt: Date;
  }>(
    `SELECT r.id, i.code AS "institutionCode", i.name AS "institutionName", r.title, r.author, r.publication, r.notes,
            l.id AS "libraryId", l.name AS "libraryName", r.status, r.requested_at AS "requestedAt"
       FROM interlibrary_request r LEFT JOIN network_institution i ON i.id = r.institution_id
       JOIN library l ON l.id = r.receiving_library_id
      WHERE r.patron_id = $1 ORDER BY r.requested_at DESC, r.id DESC`,
    [patronId],
  );
  return rows;
}

/** The network's institutions (SPEC §3 cod_empresa, desc_empresa). */
export async function networkInstitutions(
  db: Queryable,
): Promise<{ id: number; code: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; code: number; name: string }>(
    'SELECT id, code, name FROM network_institution ORDER BY name',
  );
  return rows;
}

/** Stores a patron's language for the e-mails jobs send them. */
export async function rememberMailLanguage(
  db: Queryable,
  patronId: number,
  language: ServerLanguage,
): Promise<void> {
  await db.query('UPDATE patron SET mail_language = $2 WHERE id = $1 AND mail_language <> $2', [
    patronId,
    language,
  ]);
}

/** Loan and inter-library requests of the patron still under way (not finished, not cancelled). */
export async function openRequestCount(db: Queryable, patronId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM loan_request
              WHERE patron_id = $1 AND status IN ('aguardando', 'em_transito', 'disponivel'))::int
          + (SELECT count(*) FROM interlibrary_request
              WHERE patron_id = $1 AND status IN ('aguardando', 'em_transito', 'disponivel'))::int AS n`,
    [patronId],
  );
  return rows[0]?.n ?? 0;
}
