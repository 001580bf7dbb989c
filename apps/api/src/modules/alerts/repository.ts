import type { AlertKind } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

/** An alert as stored: its parameters as written by the event, no text. */
export interface AlertRecord {
  id: number;
  kind: AlertKind;
  params: Record<string, string | number | null>;
  createdAt: Date;
  readAt: Date | null;
}

const COLUMNS = `id, kind, params, created_at AS "createdAt", read_at AS "readAt"`;

/** Writes an alert; answers its id, or null when one with the same once-key was already written. */
export async function insertAlert(
  db: Queryable,
  values: { patronId: number; kind: AlertKind; params: object; at: Date; onceKey: string | null },
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO alert (patron_id, kind, params, created_at, once_key) VALUES ($1, $2, $3::jsonb, $4, $5)
     ON CONFLICT (patron_id, once_key) WHERE once_key IS NOT NULL DO NOTHING RETURNING id`,
    [values.patronId, values.kind, JSON.stringify(values.params), values.at.toISOString(), values.onceKey],
  );
  return rows[0]?.id ?? null;
}

/** The patron's alerts written between two library days (both included), newest first. */
export async function listAlerts(
  db: Queryable,
  patronId: number,
  range: { from: string; to: string; timeZone: string },
): Promise<AlertRecord[]> {
  const { rows } = await db.query<AlertRecord>(
    `SELECT ${COLUMNS} FROM alert
      WHERE patron_id = $1 AND deleted_at IS NULL
        AND created_at >= ($2::date)::timestamp AT TIME ZONE $4
        AND created_at < ($3::date + 1)::timestamp AT TIME ZONE $4
      ORDER BY created_at DESC, id DESC`,
    [patronId, range.from, range.to, range.timeZone],
  );
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    readAt: row.readAt && new Date(row.readAt),
  }));
}

/** How many of the patron's alerts are unread. */
export async function countUnread(db: Queryable, patronId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM alert WHERE patron_id = $1 AND read_at IS NULL AND deleted_at IS NULL',
    [patronId],
  );
  return rows[0]?.n ?? 0;
}

/** Marks one of the patron's alerts read (kept read when it already was); null when not theirs or deleted. */
export async function markRead(
  db: Queryable,
  patronId: number,
  alertId: number,
  at: Date,
): Promise<AlertRecord | null> {
  const { rows } = await db.query<AlertRecord>(
    `UPDATE alert SET read_at = coalesce(read_at, $3) WHERE id = $2 AND patron_id = $1 AND deleted_at IS NULL
     RETURNING ${COLUMNS}`,
    [patronId, alertId, at.toISOString()],
  );
  const row = rows[0];
  return row
    ? { ...row, createdAt: new Date(row.createdAt), readAt: row.readAt && new Date(row.readAt) }
    : null;
}

/**
 * Deletes one of the patron's alerts; answers false when not theirs or already deleted. One written
 * once per key keeps its bare row (no parameters) so the event does not write it again.
 */
export async function deleteAlert(
  db: Queryable,
  patronId: number,
  alertId: number,
  at: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ onceKey: string | null }>(
    `UPDATE alert SET deleted_at = $3, read_at = coalesce(read_at, $3), params = '{}'::jsonb
      WHERE id = $2 AND patron_id = $1 AND deleted_at IS NULL RETURNING once_key AS "onceKey"`,
    [patronId, alertId, at.toISOString()],
  );
  if (!rows[0]) return false;
  if (rows[0].onceKey === null) await db.query('DELETE FROM alert WHERE id = $1', [alertId]);
  return true;
}

/** What an alert's e-mail needs to know about the patron. */
export interface AlertRecipient {
  name: string;
  email: string | null;
  receivesEmail: boolean;
  language: ServerLanguage;
}

/** The patron's name, address, e-mail choice and language, or null when there is no such patron. */
export async function findRecipient(db: Queryable, patronId: number): Promise<AlertRecipient | null> {
  const { rows } = await db.query<AlertRecipient>(
    `SELECT name, email, receives_email AS "receivesEmail", mail_language AS language FROM patron WHERE id = $1`,
    [patronId],
  );
  return rows[0] ?? null;
}
