import type { PrivacyBlocker, PrivacyDataKind } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';

/**
 * One table holding a patron's rows, as the data download shows it (decision 0045). `where` selects
 * the patron's rows with $1 = the patron's id; `omit` names the columns never handed out (secrets:
 * password and code hashes, the authenticator secret, the declaration's PDF bytes). Every other
 * column goes out, so a column added later is in the download without a change here.
 */
export interface ExportSection {
  table: string;
  kind: PrivacyDataKind;
  where: string;
  omit?: readonly string[];
}

/**
 * Every table that holds a patron's rows. A new table that keeps a patron's data is one line here
 * (the privacy test checks that every table with a patron_id column is listed).
 */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  { table: 'patron', kind: 'identificacao', where: 'id = $1', omit: ['password_hash'] },
  { table: 'patron_alias', kind: 'identificacao', where: 'patron_id = $1' },
  { table: 'patron_data_change', kind: 'identificacao', where: 'patron_id = $1' },
  // The professor record a login is linked to (decision 0053), and staff roles (decision 0054).
  { table: 'professor', kind: 'identificacao', where: 'patron_id = $1' },
  { table: 'staff_role', kind: 'identificacao', where: 'patron_id = $1' },
  { table: 'loan', kind: 'emprestimos', where: 'patron_id = $1' },
  { table: 'loan_token', kind: 'emprestimos', where: 'patron_id = $1', omit: ['token'] },
  { table: 'circulation_log', kind: 'emprestimos', where: 'patron_id = $1' },
  { table: 'hold', kind: 'reservas', where: 'patron_id = $1' },
  { table: 'debt', kind: 'debitos', where: 'patron_id = $1' },
  { table: 'payment_slip', kind: 'debitos', where: 'patron_id = $1' },
  { table: 'suspension', kind: 'debitos', where: 'patron_id = $1' },
  { table: 'no_debts_declaration', kind: 'debitos', where: 'patron_id = $1', omit: ['pdf'] },
  { table: 'loan_request', kind: 'solicitacoes', where: 'patron_id = $1' },
  { table: 'interlibrary_request', kind: 'solicitacoes', where: 'patron_id = $1' },
  { table: 'closed_stack_request', kind: 'solicitacoes', where: 'patron_id = $1' },
  {
    table: 'closed_stack_request_item',
    kind: 'solicitacoes',
    where: 'request_id IN (SELECT id FROM closed_stack_request WHERE patron_id = $1)',
  },
  { table: 'purchase_suggestion', kind: 'solicitacoes', where: 'patron_id = $1' },
  {
    table: 'purchase_suggestion_event',
    kind: 'solicitacoes',
    where: 'suggestion_id IN (SELECT id FROM purchase_suggestion WHERE patron_id = $1)',
  },
  { table: 'privacy_request', kind: 'solicitacoes', where: 'patron_id = $1' },
  // Bibliographic requests and their history (decision 0048); the answer's file is downloaded apart.
  { table: 'library_request', kind: 'solicitacoes', where: 'patron_id = $1', omit: ['answer_file'] },
  {
    table: 'library_request_event',
    kind: 'solicitacoes',
    where: 'request_id IN (SELECT id FROM library_request WHERE patron_id = $1)',
  },
  { table: 'library_comment', kind: 'comentarios', where: 'patron_id = $1' },
  { table: 'title_comment', kind: 'comentarios', where: 'patron_id = $1' },
  { table: 'alert', kind: 'alertas', where: 'patron_id = $1' },
  // The interest profile and what it was told of (decision 0052).
  { table: 'interest_topic', kind: 'alertas', where: 'patron_id = $1' },
  { table: 'interest_periodical', kind: 'alertas', where: 'patron_id = $1' },
  { table: 'interest_work_type', kind: 'alertas', where: 'patron_id = $1' },
  { table: 'interest_match', kind: 'alertas', where: 'patron_id = $1' },
  // A shared list's link is left out, as every token is: a download passed on must not open it.
  { table: 'saved_list', kind: 'listas', where: 'patron_id = $1', omit: ['share_token'] },
  {
    table: 'saved_list_title',
    kind: 'listas',
    where: 'list_id IN (SELECT id FROM saved_list WHERE patron_id = $1)',
  },
  { table: 'sign_in_event', kind: 'acessos', where: 'patron_id = $1' },
  { table: 'sign_in_session', kind: 'acessos', where: 'patron_id = $1' },
  {
    table: 'refresh_token',
    kind: 'acessos',
    where: 'session_id IN (SELECT id FROM sign_in_session WHERE patron_id = $1)',
    omit: ['token_hash'],
  },
  { table: 'password_history', kind: 'acessos', where: 'patron_id = $1', omit: ['password_hash'] },
  { table: 'password_recovery_code', kind: 'acessos', where: 'patron_id = $1', omit: ['code_hash'] },
  { table: 'patron_totp', kind: 'acessos', where: 'patron_id = $1', omit: ['secret', 'last_used_step'] },
  { table: 'patron_recovery_code', kind: 'acessos', where: 'patron_id = $1', omit: ['code_hash'] },
  {
    table: 'oidc_sign_on',
    kind: 'acessos',
    where: 'patron_id = $1',
    omit: ['handle_hash', 'browser_hash', 'state', 'oidc_nonce', 'code_verifier'],
  },
  // Online links opened through the restricted-access call name the patron by id.
  { table: 'link_access', kind: 'acessos', where: 'user_id = $1::text' },
];

/** The rows of one section as JSON objects (the database turns dates and numbers into JSON). */
export async function sectionRows(
  db: Queryable,
  section: ExportSection,
  patronId: number,
): Promise<Record<string, unknown>[]> {
  // Table and condition come from EXPORT_SECTIONS above, never from a request.
  const { rows } = await db.query<{ row: Record<string, unknown> }>(
    `SELECT to_jsonb(x) - $2::text[] AS row FROM ${section.table} x WHERE ${section.where} ORDER BY 1`,
    [patronId, section.omit ?? []],
  );
  return rows.map((r) =>
    typeof r.row === 'string' ? (JSON.parse(r.row) as Record<string, unknown>) : r.row,
  );
}

/** How many rows a section holds for the patron. */
export async function sectionCount(db: Queryable, section: ExportSection, patronId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${section.table} x WHERE ${section.where}`,
    [patronId],
  );
  return rows[0]!.n;
}

/** Tables with a patron_id column (the check that EXPORT_SECTIONS misses none). */
export async function tablesWithPatronColumn(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'patron_id' ORDER BY 1`,
  );
  return rows.map((r) => r.table_name);
}

/** The patron's name, login and choices. */
export interface PatronPrivacy {
  id: number;
  login: string;
  name: string;
  receivesEmail: boolean;
  keepsLoanHistory: boolean;
}

export async function findPatronPrivacy(db: Queryable, patronId: number): Promise<PatronPrivacy | null> {
  const { rows } = await db.query<PatronPrivacy>(
    `SELECT id, login, name, receives_email AS "receivesEmail", keeps_loan_history AS "keepsLoanHistory"
       FROM patron WHERE id = $1`,
    [patronId],
  );
  return rows[0] ?? null;
}

export async function setReceivesEmail(db: Queryable, patronId: number, receives: boolean): Promise<void> {
  await db.query('UPDATE patron SET receives_email = $2 WHERE id = $1', [patronId, receives]);
}

/** Returned loans that still name the patron. */
export async function returnedLoanCount(db: Queryable, patronId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM loan WHERE patron_id = $1 AND returned_at IS NOT NULL',
    [patronId],
  );
  return rows[0]!.n;
}

/**
 * What blocks closing the account now: open loans, holds in the queue or waiting, loan requests
 * under way, and debts with something left to pay (the library must keep those).
 */
export async function accountBlockers(db: Queryable, patronId: number): Promise<PrivacyBlocker[]> {
  const { rows } = await db.query<{
    tipo: PrivacyBlocker['tipo'];
    titulo: string | null;
    centavos: number | null;
    biblioteca: string | null;
  }>(
    `SELECT 'emprestimo' AS tipo, t.title AS titulo, NULL::int AS centavos, l.name AS biblioteca, 1 AS o, ln.id AS k
       FROM loan ln JOIN copy c ON c.id = ln.copy_id JOIN title t ON t.id = c.title_id JOIN library l ON l.id = c.library_id
      WHERE ln.patron_id = $1 AND ln.returned_at IS NULL
     UNION ALL
     SELECT 'reserva', t.title, NULL, l.name, 2, h.id
       FROM hold h JOIN title t ON t.id = h.title_id JOIN library l ON l.id = h.library_id
      WHERE h.patron_id = $1 AND h.status IN ('fila', 'liberada')
     UNION ALL
     SELECT 'solicitacao', t.title, NULL, l.name, 3, r.id
       FROM loan_request r JOIN title t ON t.id = r.title_id JOIN library l ON l.id = r.receiving_library_id
      WHERE r.patron_id = $1 AND r.status IN ('aguardando', 'em_transito', 'disponivel')
     UNION ALL
     SELECT 'debito', t.title, d.amount_cents - d.discount_cents - d.paid_cents, l.name, 4, d.id
       FROM debt d LEFT JOIN library l ON l.id = d.library_id LEFT JOIN loan ln ON ln.id = d.loan_id
       LEFT JOIN copy c ON c.id = ln.copy_id LEFT JOIN title t ON t.id = c.title_id
      WHERE d.patron_id = $1 AND d.amount_cents - d.discount_cents - d.paid_cents > 0
     ORDER BY o, k`,
    [patronId],
  );
  return rows.map((r) => ({
    tipo: r.tipo,
    titulo: r.titulo,
    valor: r.centavos === null ? null : r.centavos / 100,
    biblioteca: r.biblioteca,
  }));
}

/** A privacy request as stored. */
export interface PrivacyRequestRow {
  id: number;
  patronId: number;
  login: string;
  kind: 'exclusao' | 'anonimizacao';
  note: string | null;
  status: 'aberto' | 'concluido' | 'recusado';
  blockers: PrivacyBlocker[];
  requestedAt: Date;
  closedAt: Date | null;
  closedBy: string | null;
  staffNote: string | null;
}

const REQUEST_SELECT = `SELECT r.id::int AS id, r.patron_id AS "patronId", p.login, r.kind, r.note, r.status,
  r.blockers, r.requested_at AS "requestedAt", r.closed_at AS "closedAt", r.closed_by AS "closedBy",
  r.staff_note AS "staffNote" FROM privacy_request r JOIN patron p ON p.id = r.patron_id`;

function normalise(row: PrivacyRequestRow): PrivacyRequestRow {
  const blockers: unknown = row.blockers;
  return {
    ...row,
    blockers: typeof blockers === 'string' ? (JSON.parse(blockers) as PrivacyBlocker[]) : row.blockers,
    requestedAt: new Date(row.requestedAt),
    closedAt: row.closedAt ? new Date(row.closedAt) : null,
  };
}

/** The patron's requests, latest first. */
export async function requestsOfPatron(db: Queryable, patronId: number): Promise<PrivacyRequestRow[]> {
  const { rows } = await db.query<PrivacyRequestRow>(
    `${REQUEST_SELECT} WHERE r.patron_id = $1 ORDER BY r.requested_at DESC, r.id DESC`,
    [patronId],
  );
  return rows.map(normalise);
}

/** Every request, or those in one state, oldest first (the library's list). */
export async function listRequests(
  db: Queryable,
  status: PrivacyRequestRow['status'] | null,
): Promise<PrivacyRequestRow[]> {
  const { rows } = await db.query<PrivacyRequestRow>(
    `${REQUEST_SELECT} WHERE $1::text IS NULL OR r.status = $1 ORDER BY r.requested_at, r.id`,
    [status],
  );
  return rows.map(normalise);
}

/** Records a request (open, or refused at once with what blocked it); answers its id. */
export async function insertRequest(
  db: Queryable,
  request: {
    patronId: number;
    kind: PrivacyRequestRow['kind'];
    note: string | null;
    blockers: PrivacyBlocker[];
    at: Date;
  },
): Promise<number> {
  const refused = request.blockers.length > 0;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO privacy_request (patron_id, kind, note, status, blockers, requested_at, closed_at, closed_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) RETURNING id::int AS id`,
    [
      request.patronId,
      request.kind,
      request.note,
      refused ? 'recusado' : 'aberto',
      JSON.stringify(request.blockers),
      request.at.toISOString(),
      refused ? request.at.toISOString() : null,
      refused ? 'system' : null,
    ],
  );
  return rows[0]!.id;
}

/** Whether the patron has a request open. */
export async function hasOpenRequest(db: Queryable, patronId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM privacy_request WHERE patron_id = $1 AND status = 'aberto'`,
    [patronId],
  );
  return rows.length > 0;
}

/** Closes an open request as done or refused; false when there is no such open request. */
export async function closeRequest(
  db: Queryable,
  input: { id: number; status: 'concluido' | 'recusado'; by: string; note: string | null; at: Date },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE privacy_request SET status = $2, closed_by = $3, staff_note = $4, closed_at = $5
      WHERE id = $1 AND status = 'aberto' RETURNING id`,
    [input.id, input.status, input.by, input.note, input.at.toISOString()],
  );
  return rows.length > 0;
}
