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

/** A suggestion as a librarian's change reads it, its row locked. */
export interface LockedSuggestion {
  id: number;
  patron_id: number;
  title: string;
  status: SuggestionStatus;
  catalogued_title_id: number | null;
  item_count: number | null;
  total_delivered: number;
  quoted_on: string | null;
  expected_on: string | null;
  is_foreign: boolean;
  quote_price: number | null;
  quote_vendor: string | null;
}

/** One suggestion, its row locked for the caller's transaction; null when there is none. */
export async function lockSuggestion(tx: Queryable, id: number): Promise<LockedSuggestion | null> {
  const { rows } = await tx.query<LockedSuggestion>(
    `SELECT id::int AS id, patron_id, title, status, catalogued_title_id, item_count, total_delivered,
            quoted_on::text AS quoted_on, expected_on::text AS expected_on, is_foreign,
            quote_price::float8 AS quote_price, quote_vendor
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
  quote: {
    quotedOn: string;
    items: number | null;
    expectedOn: string | null;
    isForeign: boolean | null;
    price?: number | null | undefined;
    vendor?: string | null | undefined;
  },
): Promise<void> {
  await tx.query(
    `UPDATE purchase_suggestion
        SET quoted_on = $2::date, item_count = coalesce($3, item_count),
            expected_on = coalesce($4::date, expected_on), is_foreign = coalesce($5, is_foreign),
            quote_price = coalesce($6::numeric, quote_price), quote_vendor = coalesce($7, quote_vendor)
      WHERE id = $1`,
    [
      id,
      quote.quotedOn,
      quote.items,
      quote.expectedOn,
      quote.isForeign,
      quote.price ?? null,
      quote.vendor ?? null,
    ],
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

/** A suggestion in the staff inbox. */
export interface InboxRow {
  id: number;
  title: string;
  author: string | null;
  publisher: string;
  isbn_issn: string | null;
  library: string;
  status: SuggestionStatus;
  patron_name: string;
  patron_login: string;
  created_at: Date;
}

/** A page of every patron's suggestions, in one status or all, newest or oldest first, and how many match. */
export async function listInbox(
  db: Queryable,
  filter: { status: SuggestionStatus | null; newestFirst: boolean; limit: number; offset: number },
): Promise<{ rows: InboxRow[]; total: number }> {
  const direction = filter.newestFirst ? 'DESC' : 'ASC';
  const { rows } = await db.query<InboxRow & { total: number }>(
    `SELECT s.id::int AS id, s.title, s.author, s.publisher, s.isbn_issn, l.name AS library, s.status,
            p.name AS patron_name, p.login AS patron_login, s.created_at, count(*) OVER ()::int AS total
       FROM purchase_suggestion s JOIN library l ON l.id = s.library_id JOIN patron p ON p.id = s.patron_id
      WHERE ($1::text IS NULL OR s.status = $1)
      ORDER BY s.created_at ${direction}, s.id ${direction}
      LIMIT $2 OFFSET $3`,
    [filter.status, filter.limit, filter.offset],
  );
  if (rows.length === 0 && filter.offset > 0) {
    const { rows: counted } = await db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM purchase_suggestion WHERE ($1::text IS NULL OR status = $1)',
      [filter.status],
    );
    return { rows: [], total: counted[0]?.total ?? 0 };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** How many suggestions are in each status that has any. */
export async function countByStatus(db: Queryable): Promise<Map<SuggestionStatus, number>> {
  const { rows } = await db.query<{ status: SuggestionStatus; n: number }>(
    'SELECT status, count(*)::int AS n FROM purchase_suggestion GROUP BY status',
  );
  return new Map(rows.map((row) => [row.status, row.n]));
}

/** One suggestion with what staff see besides the patron's fields; null when there is none. */
export async function findForStaff(
  db: Queryable,
  id: number,
): Promise<
  (SuggestionRow & { patron_login: string; quote_price: number | null; quote_vendor: string | null }) | null
> {
  const { rows } = await db.query<
    SuggestionRow & { patron_login: string; quote_price: number | null; quote_vendor: string | null }
  >(
    `SELECT ${SUGGESTION_COLUMNS}, p.login AS patron_login, s.quote_price::float8 AS quote_price, s.quote_vendor
       FROM purchase_suggestion s JOIN library l ON l.id = s.library_id JOIN patron p ON p.id = s.patron_id
      WHERE s.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** A suggestion's history with who made each step (null: the patron, sending), oldest first. */
export async function listStaffEvents(
  db: Queryable,
  suggestionId: number,
): Promise<(SuggestionEventRow & { staff: string | null })[]> {
  const { rows } = await db.query<SuggestionEventRow & { staff: string | null }>(
    `SELECT suggestion_id::int AS suggestion_id, status, note, title_id, at, staff
       FROM purchase_suggestion_event WHERE suggestion_id = $1 ORDER BY at, id`,
    [suggestionId],
  );
  return rows;
}

/** The purchase orders holding a suggestion, newest first. */
export async function ordersOf(
  db: Queryable,
  suggestionId: number,
): Promise<{ id: number; status: PurchaseOrderState; supplier: string | null }[]> {
  const { rows } = await db.query<{ id: number; status: PurchaseOrderState; supplier: string | null }>(
    `SELECT o.id, o.status, o.supplier FROM purchase_order o
       JOIN purchase_order_suggestion os ON os.order_id = o.id
      WHERE os.suggestion_id = $1 ORDER BY o.created_at DESC, o.id DESC`,
    [suggestionId],
  );
  return rows;
}

/** A purchase order as staff see it: every suggestion in it, with its copies quoted and delivered. */
export interface StaffOrderRow {
  id: number;
  supplier: string | null;
  status: PurchaseOrderState;
  created_at: Date;
  updated_at: Date;
  suggestions: {
    id: number;
    title: string;
    status: SuggestionStatus;
    item_count: number | null;
    total_delivered: number;
  }[];
}

/** Every purchase order, newest first, or one (by id), with all its suggestions. */
export async function listStaffOrders(db: Queryable, id: number | null = null): Promise<StaffOrderRow[]> {
  const { rows } = await db.query<StaffOrderRow>(
    `SELECT o.id, o.supplier, o.status, o.created_at, o.updated_at,
            json_agg(json_build_object('id', s.id, 'title', s.title, 'status', s.status,
                     'item_count', s.item_count, 'total_delivered', s.total_delivered) ORDER BY s.id) AS suggestions
       FROM purchase_order o
       JOIN purchase_order_suggestion os ON os.order_id = o.id
       JOIN purchase_suggestion s ON s.id = os.suggestion_id
      WHERE ($1::int IS NULL OR o.id = $1)
      GROUP BY o.id
      ORDER BY o.created_at DESC, o.id DESC`,
    [id],
  );
  return rows;
}

/** The ids of the suggestions in a purchase order. */
export async function orderSuggestionIds(db: Queryable, orderId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT suggestion_id::int AS id FROM purchase_order_suggestion WHERE order_id = $1 ORDER BY suggestion_id',
    [orderId],
  );
  return rows.map((row) => row.id);
}

/** Sets how many copies of a suggestion have arrived. */
export async function updateDelivered(tx: Queryable, id: number, delivered: number): Promise<void> {
  await tx.query('UPDATE purchase_suggestion SET total_delivered = $2 WHERE id = $1', [id, delivered]);
}
