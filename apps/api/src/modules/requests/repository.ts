import type { RequestStatus, RequestType } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';

/** A library request as stored, with its library's name and its patron's name and login. */
export interface LibraryRequestRow {
  id: number;
  patron_id: number;
  patron_name: string;
  patron_login: string;
  type: RequestType;
  subtype: string | null;
  library_id: number | null;
  library_name: string | null;
  status: RequestStatus;
  fields: Record<string, unknown>;
  library_data: Record<string, unknown>;
  answer_text: string | null;
  answer_file_name: string | null;
  answer_file_type: string | null;
  created_at: Date;
  updated_at: Date;
}

/** One change of status of a request. */
export interface LibraryRequestEventRow {
  id: number;
  request_id: number;
  status: RequestStatus;
  note: string | null;
  staff: string | null;
  at: Date;
}

// The answer's file itself is read only by fileOf: lists never carry it.
const COLUMNS = `r.id, r.patron_id, p.name AS patron_name, p.login AS patron_login, r.type, r.subtype,
       r.library_id, l.name AS library_name, r.status, r.fields, r.library_data, r.answer_text,
       r.answer_file_name, r.answer_file_type, r.created_at, r.updated_at`;
const FROM = `FROM library_request r JOIN patron p ON p.id = r.patron_id LEFT JOIN library l ON l.id = r.library_id`;

/** The JSON columns as objects (a driver may hand them back as text). */
function parsed(row: LibraryRequestRow): LibraryRequestRow {
  const json = (value: unknown) =>
    (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;
  return { ...row, fields: json(row.fields), library_data: json(row.library_data) };
}

/** The name of a library, or null when there is none with this id. */
export async function libraryName(db: Queryable, libraryId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM library WHERE id = $1', [libraryId]);
  return rows[0]?.name ?? null;
}

/** Stores a request waiting for the library, with the first step of its history; answers its id. */
export async function insertRequest(
  tx: Queryable,
  request: {
    patronId: number;
    type: RequestType;
    subtype: string | null;
    libraryId: number | null;
    fields: Record<string, unknown>;
    libraryData?: Record<string, unknown>;
    at: Date;
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO library_request (patron_id, type, subtype, library_id, fields, library_data, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $7) RETURNING id`,
    [
      request.patronId,
      request.type,
      request.subtype,
      request.libraryId,
      JSON.stringify(request.fields),
      JSON.stringify(request.libraryData ?? {}),
      request.at.toISOString(),
    ],
  );
  const id = rows[0]!.id;
  await insertEvent(tx, { requestId: id, status: 'aguardando', note: null, staff: null, at: request.at });
  return id;
}

/** Adds a step to a request's history. */
export async function insertEvent(
  tx: Queryable,
  event: { requestId: number; status: RequestStatus; note: string | null; staff: string | null; at: Date },
): Promise<void> {
  await tx.query(
    'INSERT INTO library_request_event (request_id, status, note, staff, at) VALUES ($1, $2, $3, $4, $5)',
    [event.requestId, event.status, event.note, event.staff, event.at.toISOString()],
  );
}

/** One request, whoever sent it (the library's side); `lock` holds its row until the transaction ends. */
export async function findRequest(
  db: Queryable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<LibraryRequestRow | null> {
  if (options.lock) await db.query('SELECT id FROM library_request WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<LibraryRequestRow>(`SELECT ${COLUMNS} ${FROM} WHERE r.id = $1`, [id]);
  return rows[0] ? parsed(rows[0]) : null;
}

/** A patron's own requests of one type, newest first; only those in `status` when given. */
export async function listOwn(
  db: Queryable,
  patronId: number,
  type: RequestType,
  status: RequestStatus | null,
): Promise<LibraryRequestRow[]> {
  const { rows } = await db.query<LibraryRequestRow>(
    `SELECT ${COLUMNS} ${FROM}
      WHERE r.patron_id = $1 AND r.type = $2 AND ($3::text IS NULL OR r.status = $3)
      ORDER BY r.created_at DESC, r.id DESC`,
    [patronId, type, status],
  );
  return rows.map(parsed);
}

/** What the library's queue is filtered by: type, status, and the sending time (from inclusive, to exclusive). */
export interface QueueFilter {
  type: RequestType | null;
  /** Any of these statuses; null: every status. */
  status: readonly RequestStatus[] | null;
  from?: Date | null;
  to?: Date | null;
}

const QUEUE_WHERE = `WHERE ($1::text IS NULL OR r.type = $1) AND ($2::text[] IS NULL OR r.status = ANY($2::text[]))
        AND ($3::timestamptz IS NULL OR r.created_at >= $3) AND ($4::timestamptz IS NULL OR r.created_at < $4)`;

const queueParams = (filter: QueueFilter) => [
  filter.type,
  filter.status,
  filter.from?.toISOString() ?? null,
  filter.to?.toISOString() ?? null,
];

/** Every patron's requests for the library, oldest first, filtered by type, status and sending time when given. */
export async function listAll(
  db: Queryable,
  filter: QueueFilter & { limit: number },
): Promise<LibraryRequestRow[]> {
  const { rows } = await db.query<LibraryRequestRow>(
    `SELECT ${COLUMNS} ${FROM} ${QUEUE_WHERE} ORDER BY r.created_at, r.id LIMIT $5`,
    [...queueParams(filter), filter.limit],
  );
  return rows.map(parsed);
}

/** How many requests the same filter finds in all. */
export async function countAll(db: Queryable, filter: QueueFilter): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM library_request r ${QUEUE_WHERE}`,
    queueParams(filter),
  );
  return rows[0]?.total ?? 0;
}

/** The history of several requests, oldest step first. */
export async function eventsOf(db: Queryable, requestIds: number[]): Promise<LibraryRequestEventRow[]> {
  if (requestIds.length === 0) return [];
  const { rows } = await db.query<LibraryRequestEventRow>(
    `SELECT id, request_id, status, note, staff, at FROM library_request_event
      WHERE request_id = ANY($1::int[]) ORDER BY at, id`,
    [requestIds],
  );
  return rows;
}

/** Moves a request to a status; the answer's text and file are set when given, kept otherwise. */
export async function updateRequest(
  tx: Queryable,
  id: number,
  change: {
    status: RequestStatus;
    at: Date;
    answerText?: string | null;
    file?: { name: string; type: string; content: Buffer } | null;
  },
): Promise<void> {
  await tx.query(
    `UPDATE library_request SET status = $2, updated_at = $3,
        answer_text = CASE WHEN $4::boolean THEN $5 ELSE answer_text END,
        answer_file_name = CASE WHEN $6::boolean THEN $7 ELSE answer_file_name END,
        answer_file_type = CASE WHEN $6::boolean THEN $8 ELSE answer_file_type END,
        answer_file = CASE WHEN $6::boolean THEN $9::bytea ELSE answer_file END
      WHERE id = $1`,
    [
      id,
      change.status,
      change.at.toISOString(),
      change.answerText !== undefined,
      change.answerText ?? null,
      change.file !== undefined,
      change.file?.name ?? null,
      change.file?.type ?? null,
      change.file?.content ?? null,
    ],
  );
}

/** The answer's file of one of a patron's requests, or null (not theirs, not this type, no file). */
export async function fileOf(
  db: Queryable,
  patronId: number,
  type: RequestType,
  id: number,
): Promise<{ name: string; type: string; content: Buffer } | null> {
  const { rows } = await db.query<{ name: string; type: string; content: Uint8Array }>(
    `SELECT answer_file_name AS name, answer_file_type AS type, answer_file AS content FROM library_request
      WHERE id = $1 AND patron_id = $2 AND type = $3 AND answer_file IS NOT NULL`,
    [id, patronId, type],
  );
  const row = rows[0];
  return row ? { name: row.name, type: row.type, content: Buffer.from(row.content) } : null;
}
