import type { PurchaseOrderState, SuggestionStatus } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';

/** A suggestion as the patron's screen shows it. */
export interface SuggestionRow {
  id: number;
  patron_id: number;
  title: string;
  author: string | null;
  edition: string | null;
  publisher: string;
  isbn_issn: string | null;
  is_periodical: boolean;
  other_info: string | null;
  library: string;
  status: SuggestionStatus;
  item_count: number | null;
  quoted_on: string | null;
  created_at: Date;
  patron_name: string;
  total_delivered: number;
  expected_on: string | null;
  is_foreign: boolean;
  catalogued_title_id: number | null;
}

export interface SuggestionEventRow {
  suggestion_id: number;
  status: SuggestionStatus;
  note: string | null;
  title_id: number | null;
  at: Date;
}

const SUGGESTION_COLUMNS = `s.id::int AS id, s.patron_id, s.title, s.author, s.edition, s.publisher, s.isbn_issn,
  s.is_periodical, s.other_info, l.name AS library, s.status, s.item_count, s.quoted_on::text AS quoted_on,
  s.created_at, p.name AS patron_name, s.total_delivered, s.expected_on::text AS expected_on, s.is_foreign,
  s.catalogued_title_id`;

/**
 * A patron's suggestions, newest first: created between two library days (in `timeZone`) when given,
 * in one status when given.
 */
export async function listOwn(
  db: Queryable,
  patronId: number,
  filter: { from: string | null; to: string | null; status: SuggestionStatus | null; timeZone: string },
): Promise<SuggestionRow[]> {
  const { rows } = await db.query<SuggestionRow>(
    `SELECT ${SUGGESTION_COLUMNS}
       FROM purchase_suggestion s JOIN library l ON l.id = s.library_id JOIN patron p ON p.id = s.patron_id
      WHERE s.patron_id = $1
        AND ($2::date IS NULL OR (s.created_at AT TIME ZONE $5)::date >= $2::date)
        AND ($3::date IS NULL OR (s.created_at AT TIME ZONE $5)::date <= $3::date)
        AND ($4::text IS NULL OR s.status = $4)
      ORDER BY s.created_at DESC, s.id DESC`,
    [patronId, filter.from, filter.to, filter.status, filter.timeZone],
  );
  return rows;
}

/** Suggestions for the librarian's command: every one, or those in a status; oldest first. */
export async function listForStaff(
  db: Queryable,
  status: SuggestionStatus | null,
  limit: number,
): Promise<SuggestionRow[]> {
  const { rows } = await db.query<SuggestionRow>(
    `SELECT ${SUGGESTION_COLUMNS}
       FROM purchase_suggestion s JOIN library l ON l.id = s.library_id JOIN patron p ON p.id = s.patron_id
      WHERE ($1::text IS NULL OR s.status = $1)
      ORDER BY s.created_at, s.id LIMIT $2`,
    [status, limit],
  );
  return rows;
}

/** The history of some suggestions, oldest step first. */
export async function listEvents(db: Queryable, suggestionIds: number[]): Promise<SuggestionEventRow[]> {
  if (suggestionIds.length === 0) return [];
  const { rows } = await db.query<SuggestionEventRow>(
    `SELECT suggestion_id::int AS suggestion_id, status, note, title_id, at
       FROM purchase_suggestion_event WHERE suggestion_id = ANY($1::bigint[]) ORDER BY at, id`,
    [suggestionIds],
  );
  return rows;
}

/** One suggestion, its row locked for the caller's transaction; null when there is none. */
export async function lockSuggestion(
  tx: Queryable,
  id: number,
): Promise<{
  id: number;
  patron_id: number;
  title: string;
  status: SuggestionStatus;
  catalogued_title_id: number | null;
} | null> {
  const { rows } = await tx.query<{
    id: number;
    patron_id: number;
    title: string;
    status: SuggestionStatus;
    catalogued_title_id: number | null;
  }>(
    `SELECT id::int AS id, patron_id, title, status, catalogued_title_id
       FROM purchase_suggestion WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** Writes a suggestion's new status (and, when given, how many copies were delivered). */
export async function updateStatus(
  tx: Queryable,
  id: number,
  status: SuggestionStatus,
  delivered: number | null,
): Promise<void> {
  await tx.query(
    `UPDATE purchase_suggestion SET status = $2, total_delivered = coalesce($3, total_delivered) WHERE id = $1`,
    [id, status, delivered],
  );
}

/** Writes the library's quote of a suggestion; an absent value keeps what was there. */
export async function updateQuote(
  tx: Queryable,
  id: number,
  quote: { quotedOn: string; items: number | null; expectedOn: string | null; isForeign: boolean | null },
): Promise<void> {
  await tx.query(
    `UPDATE purchase_suggestion
        SET quoted_on = $2::date, item_count = coalesce($3, item_count),
            expected_on = coalesce($4::date, expected_on), is_foreign = coalesce($5, is_foreign)
      WHERE id = $1`,
    [id, quote.quotedOn, quote.items, quote.expectedOn, quote.isForeign],
  );
}

/** Records that a suggestion's title is catalogued as a title. */
export async function markCatalogued(tx: Queryable, id: number, titleId: number, at: Date): Promise<void> {
  await tx.query(
    'UPDATE purchase_suggestion SET catalogued_title_id = $2, catalogued_at = $3 WHERE id = $1',
    [id, titleId, at],
  );
}

/** One step of a suggestion's history. */
export async function insertEvent(
  tx: Queryable,
  event: {
    suggestionId: number;
    status: SuggestionStatus;
    note: string | null;
    staff: string | null;
    titleId: number | null;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO purchase_suggestion_event (suggestion_id, status, note, staff, title_id, at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [event.suggestionId, event.status, event.note, event.staff, event.titleId, event.at],
  );
}

/** A catalogued title's id and name; null when there is none. */
export async function findTitle(db: Queryable, id: number): Promise<{ id: number; title: string } | null> {
  const { rows } = await db.query<{ id: number; title: string }>(
    'SELECT id, title FROM title WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Suggestions still waiting for their title (in one of `statuses`, not yet told) whose ISBN/ISSN one
 * of these titles carries, locked for the caller's transaction: one query through the partial index.
 */
export async function lockAnsweredSuggestions(
  tx: Queryable,
  titleIds: number[],
  statuses: readonly SuggestionStatus[],
): Promise<{ id: number; title: string; title_id: number; catalogued_title: string }[]> {
  if (titleIds.length === 0) return [];
  const { rows } = await tx.query<{ id: number; title: string; title_id: number; catalogued_title: string }>(
    `SELECT s.id::int AS id, s.title, m.id AS title_id, m.title AS catalogued_title
       FROM purchase_suggestion s
       CROSS JOIN LATERAL (
         SELECT t.id, t.title FROM title t
          WHERE t.id = ANY($1::int[]) AND (s.match_key = ANY(t.isbn) OR s.match_key = ANY(t.issn))
          ORDER BY t.id LIMIT 1
       ) m
      WHERE s.match_key IS NOT NULL AND s.catalogued_title_id IS NULL AND s.status = ANY($2::text[])
      ORDER BY s.id
      FOR UPDATE OF s`,
    [titleIds, [...statuses]],
  );
  return rows;
}

/** Which of these suggestion ids exist. */
export async function existingSuggestions(db: Queryable, ids: number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id::int AS id FROM purchase_suggestion WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return rows.map((r) => r.id);
}

/** A new purchase order holding the suggestions; answers its id. */
export async function insertOrder(
  tx: Queryable,
  order: { supplier: string | null; suggestionIds: number[]; at: Date },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO purchase_order (supplier, created_at, updated_at) VALUES ($1, $2, $2) RETURNING id`,
    [order.supplier, order.at],
  );
  const id = rows[0]!.id;
  await tx.query(
    `INSERT INTO purchase_order_suggestion (order_id, suggestion_id)
     SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`,
    [id, order.suggestionIds],
  );
  return id;
}

/** A purchase order's state, its row locked; null when there is none. */
export async function lockOrder(
  tx: Queryable,
  id: number,
): Promise<{ id: number; status: PurchaseOrderState } | null> {
  const { rows } = await tx.query<{ id: number; status: PurchaseOrderState }>(
    'SELECT id, status FROM purchase_order WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

export async function updateOrderStatus(
  tx: Queryable,
  id: number,
  status: PurchaseOrderState,
  at: Date,
): Promise<void> {
  await tx.query('UPDATE purchase_order SET status = $2, updated_at = $3 WHERE id = $1', [id, status, at]);
}

export interface OrderRow {
  id: number;
  supplier: string | null;
  status: PurchaseOrderState;
  created_at: Date;
  updated_at: Date;
  suggestions: { id: number; title: string; status: SuggestionStatus }[];
}

/**
 * Purchase orders, newest first, each with its suggestions: those of one patron, holding only that
 * patron's suggestions, when `patronId` is given; every order with all its suggestions otherwise.
 */
export async function listOrders(db: Queryable, patronId: number | null): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>(
    `SELECT o.id, o.supplier, o.status, o.created_at, o.updated_at,
            json_agg(json_build_object('id', s.id, 'title', s.title, 'status', s.status) ORDER BY s.id) AS suggestions
       FROM purchase_order o
       JOIN purchase_order_suggestion os ON os.order_id = o.id
       JOIN purchase_suggestion s ON s.id = os.suggestion_id AND ($1::int IS NULL OR s.patron_id = $1)
      GROUP BY o.id
      ORDER BY o.created_at DESC, o.id DESC`,
    [patronId],
  );
  return rows;
}
