import type { Queryable } from '../../lib/db/index.ts';

/** The filters of a queue: status, library, the library days the requests were made (both included). */
export interface QueueFilters {
  status?: string | undefined;
  libraryId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The library's time zone, in which a request's day is counted. */
  timeZone: string;
}

/** WHERE conditions for the filters, on a table aliased `r`, its library column and its date column. */
function where(filters: QueueFilters, libraryColumn: string, params: unknown[]): string {
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.status) conditions.push(`r.status = ${param(filters.status)}`);
  if (filters.libraryId) conditions.push(`r.${libraryColumn} = ${param(filters.libraryId)}`);
  if (filters.from || filters.to) {
    const zone = param(filters.timeZone);
    if (filters.from)
      conditions.push(`(r.requested_at AT TIME ZONE ${zone})::date >= ${param(filters.from)}::date`);
    if (filters.to)
      conditions.push(`(r.requested_at AT TIME ZONE ${zone})::date <= ${param(filters.to)}::date`);
  }
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** How many rows of a queue match, and the first `limit` of them, oldest first. */
async function page<T>(
  db: Queryable,
  select: string,
  from: string,
  filters: QueueFilters,
  libraryColumn: string,
  limit: number,
): Promise<{ rows: T[]; total: number }> {
  const params: unknown[] = [];
  const condition = where(filters, libraryColumn, params);
  const { rows } = await db.query<T>(
    `SELECT ${select} ${from} ${condition} ORDER BY r.requested_at, r.id LIMIT ${Number(limit)}`,
    params,
  );
  const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${condition}`, params);
  return { rows, total: counted.rows[0]?.n ?? 0 };
}

// ---- Loan requests.

export interface LoanRequestRow {
  id: number;
  title_id: number;
  title: string;
  patron_name: string | null;
  patron_login: string | null;
  copy_number: string;
  origin_id: number;
  origin_name: string;
  receiving_id: number;
  receiving_name: string;
  location_name: string;
  delivery_address: string | null;
  status: 'aguardando' | 'em_transito' | 'disponivel' | 'finalizada' | 'nao_finalizada';
  requested_at: Date;
  pickup_deadline: string | null;
}

const LOAN_REQUEST_SELECT = `r.id::int AS id, r.title_id, t.title, p.name AS patron_name, p.login AS patron_login,
  c.number AS copy_number, o.id AS origin_id, o.name AS origin_name, l.id AS receiving_id, l.name AS receiving_name,
  rl.name AS location_name, r.delivery_address, r.status, r.requested_at, r.pickup_deadline::text AS pickup_deadline`;
const LOAN_REQUEST_FROM = `FROM loan_request r JOIN title t ON t.id = r.title_id JOIN copy c ON c.id = r.copy_id
  LEFT JOIN patron p ON p.id = r.patron_id JOIN library o ON o.id = r.origin_library_id
  JOIN library l ON l.id = r.receiving_library_id JOIN receiving_location rl ON rl.id = r.receiving_location_id`;

/** A page of loan requests, oldest first. */
export function listLoanRequests(db: Queryable, filters: QueueFilters, limit: number) {
  return page<LoanRequestRow>(
    db,
    LOAN_REQUEST_SELECT,
    LOAN_REQUEST_FROM,
    filters,
    'receiving_library_id',
    limit,
  );
}

/** One loan request as the queue shows it. */
export async function findLoanRequest(db: Queryable, id: number): Promise<LoanRequestRow | null> {
  const { rows } = await db.query<LoanRequestRow>(
    `SELECT ${LOAN_REQUEST_SELECT} ${LOAN_REQUEST_FROM} WHERE r.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** One step of a request's history as it was recorded. */
export interface StepRow {
  request_id: number;
  action: string;
  actor: string | null;
  at: Date;
  status: string | null;
  answer: string | null;
}

/** The loan requests' steps from the circulation log (whoever moved them: patron, desk, job). */
export async function loanRequestSteps(db: Queryable, ids: number[]): Promise<StepRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<StepRow>(
    `SELECT request_id::int AS request_id, action, actor, at, NULL AS status, NULL AS answer FROM circulation_log
      WHERE request_id = ANY($1::bigint[]) AND action LIKE 'request.%' ORDER BY at, id`,
    [ids],
  );
  return rows;
}

// ---- Inter-library loans.

export interface InterlibraryRow {
  id: number;
  patron_id: number;
  patron_name: string | null;
  patron_login: string | null;
  institution: string | null;
  title: string;
  author: string | null;
  publication: string | null;
  notes: string | null;
  email: string;
  phone: string | null;
  library_id: number;
  library_name: string;
  status: 'aguardando' | 'em_transito' | 'disponivel' | 'finalizada' | 'nao_finalizada';
  requested_at: Date;
  answer: string | null;
}

const INTERLIBRARY_SELECT = `r.id::int AS id, r.patron_id, p.name AS patron_name, p.login AS patron_login,
  i.name AS institution, r.title, r.author, r.publication, r.notes, r.email, r.phone, l.id AS library_id,
  l.name AS library_name, r.status, r.requested_at, r.answer`;
const INTERLIBRARY_FROM = `FROM interlibrary_request r LEFT JOIN patron p ON p.id = r.patron_id
  LEFT JOIN network_institution i ON i.id = r.institution_id JOIN library l ON l.id = r.receiving_library_id`;

export function listInterlibrary(db: Queryable, filters: QueueFilters, limit: number) {
  return page<InterlibraryRow>(
    db,
    INTERLIBRARY_SELECT,
    INTERLIBRARY_FROM,
    filters,
    'receiving_library_id',
    limit,
  );
}

/** One inter-library loan; `lock` takes its row for the transaction (two librarians at once). */
export async function findInterlibrary(
  db: Queryable,
  id: number,
  lock = false,
): Promise<InterlibraryRow | null> {
  const { rows } = await db.query<InterlibraryRow>(
    `SELECT ${INTERLIBRARY_SELECT} ${INTERLIBRARY_FROM} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function moveInterlibrary(
  tx: Queryable,
  input: { id: number; status: string; answer: string | null; at: Date },
): Promise<void> {
  await tx.query(
    'UPDATE interlibrary_request SET status = $2, answer = coalesce($3, answer), updated_at = $4 WHERE id = $1',
    [input.id, input.status, input.answer, input.at],
  );
}

/** The steps staff made on requests of a kind, from the audit log (decision 0056). */
export async function auditedSteps(db: Queryable, kind: string, ids: number[]): Promise<StepRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<StepRow>(
    `SELECT target_id::int AS request_id, action, actor_login AS actor, at, after->>'status' AS status,
            after->>'answer' AS answer
       FROM staff_action WHERE target_kind = $1 AND target_id = ANY($2::text[]) ORDER BY at, id`,
    [kind, ids.map(String)],
  );
  return rows;
}

// ---- Closed-stack protocols.

export interface ClosedStackRow {
  id: number;
  protocol: string;
  patron_id: number;
  patron_name: string | null;
  patron_login: string | null;
  library_id: number;
  library_name: string;
  status: 'aguardando' | 'atendida' | 'recusada' | 'cancelada';
  requested_at: Date;
  answer: string | null;
}

const CLOSED_STACK_SELECT = `r.id, r.protocol, r.patron_id, p.name AS patron_name, p.login AS patron_login,
  l.id AS library_id, l.name AS library_name, r.status, r.requested_at, r.answer`;
const CLOSED_STACK_FROM = `FROM closed_stack_request r LEFT JOIN patron p ON p.id = r.patron_id
  JOIN library l ON l.id = r.library_id`;

export function listClosedStack(db: Queryable, filters: QueueFilters, limit: number) {
  return page<ClosedStackRow>(db, CLOSED_STACK_SELECT, CLOSED_STACK_FROM, filters, 'library_id', limit);
}

export async function findClosedStack(
  db: Queryable,
  id: number,
  lock = false,
): Promise<ClosedStackRow | null> {
  const { rows } = await db.query<ClosedStackRow>(
    `SELECT ${CLOSED_STACK_SELECT} ${CLOSED_STACK_FROM} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export interface ClosedStackItemRow {
  request_id: number;
  title_id: number;
  title: string;
  copy_number: string;
  location: string | null;
}

/** The copies each protocol asks for, by title. */
export async function closedStackItems(db: Queryable, ids: number[]): Promise<ClosedStackItemRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ClosedStackItemRow>(
    `SELECT ri.request_id, c.title_id, t.title, c.number AS copy_number, c.location
       FROM closed_stack_request_item ri JOIN copy c ON c.id = ri.copy_id JOIN title t ON t.id = c.title_id
      WHERE ri.request_id = ANY($1::int[]) ORDER BY t.title, c.number`,
    [ids],
  );
  return rows;
}

export async function decideClosedStack(
  tx: Queryable,
  input: { id: number; status: 'atendida' | 'recusada'; answer: string | null; at: Date },
): Promise<void> {
  await tx.query('UPDATE closed_stack_request SET status = $2, answer = $3, closed_at = $4 WHERE id = $1', [
    input.id,
    input.status,
    input.answer,
    input.at,
  ]);
}

// ---- General comments.

export interface GeneralCommentRow {
  id: number;
  patron_id: number;
  patron_name: string;
  patron_login: string;
  library_id: number;
  library_name: string;
  content: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  refusal_reason: string | null;
}

const GENERAL_COMMENT_SELECT = `SELECT c.id::int AS id, c.patron_id, p.name AS patron_name, p.login AS patron_login,
  l.id AS library_id, l.name AS library_name, c.content, c.status, c.created_at, c.decided_at, c.decided_by,
  c.refusal_reason
  FROM library_comment c JOIN patron p ON p.id = c.patron_id JOIN library l ON l.id = c.library_id`;

/** The general comments awaiting approval, oldest first, and how many wait in all. */
export async function listPendingGeneralComments(
  db: Queryable,
  limit: number,
): Promise<{ rows: GeneralCommentRow[]; total: number }> {
  const { rows } = await db.query<GeneralCommentRow>(
    `${GENERAL_COMMENT_SELECT} WHERE c.status = 'pending' ORDER BY c.created_at, c.id LIMIT ${Number(limit)}`,
  );
  const counted = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM library_comment WHERE status = 'pending'",
  );
  return { rows, total: counted.rows[0]?.n ?? 0 };
}

export async function findGeneralComment(db: Queryable, id: number): Promise<GeneralCommentRow | null> {
  const { rows } = await db.query<GeneralCommentRow>(`${GENERAL_COMMENT_SELECT} WHERE c.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Decides a comment still awaiting approval; false when it is unknown or already decided. */
export async function decideGeneralComment(
  tx: Queryable,
  input: { id: number; status: 'approved' | 'rejected'; at: Date; by: string; reason: string | null },
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE library_comment SET status = $2, decided_at = $3, decided_by = $4, refusal_reason = $5
      WHERE id = $1 AND status = 'pending' RETURNING id`,
    [input.id, input.status, input.at, input.by, input.reason],
  );
  return rows.length > 0;
}
