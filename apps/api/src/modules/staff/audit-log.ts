import type { StaffAuditEntry } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';

/** What the administrator searches the audit log by; every part optional. */
export interface AuditSearch {
  /** The actor's login, any case. */
  actor?: string | undefined;
  action?: string | undefined;
  /** A target's id or login (any case), or a kind of target ('patron', 'comment'…). */
  target?: string | undefined;
  /** First and last day, YYYY-MM-DD, in the library's time zone. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
  limit: number;
  offset: number;
}

interface AuditRow {
  id: string | number;
  at: Date | string;
  actor_login: string;
  action: string;
  target_kind: string;
  target_id: string;
  before: unknown;
  after: unknown;
  total: number;
}

/** A page of the audit log, newest first, and how many entries match in all. */
export async function searchAuditLog(
  db: Queryable,
  search: AuditSearch,
): Promise<{ entries: StaffAuditEntry[]; total: number }> {
  const where = `($1::text IS NULL OR lower(actor_login) = lower($1))
       AND ($2::text IS NULL OR action = $2)
       AND ($3::text IS NULL OR lower(target_id) = lower($3) OR target_kind = lower($3))
       AND ($4::date IS NULL OR at >= ($4::date)::timestamp AT TIME ZONE $6)
       AND ($5::date IS NULL OR at < ($5::date + 1)::timestamp AT TIME ZONE $6)`;
  const params = [
    search.actor || null,
    search.action || null,
    search.target || null,
    search.from ?? null,
    search.to ?? null,
    search.timeZone,
  ];
  const { rows } = await db.query<AuditRow>(
    `SELECT id, at, actor_login, action, target_kind, target_id, before, after, count(*) OVER ()::int AS total
       FROM staff_action WHERE ${where}
      ORDER BY at DESC, id DESC LIMIT $7 OFFSET $8`,
    [...params, search.limit, search.offset],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && search.offset > 0) {
    const { rows: count } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_action WHERE ${where}`,
      params,
    );
    total = count[0]?.n ?? 0;
  }
  return {
    total,
    entries: rows.map((row) => ({
      codigo: Number(row.id),
      data: new Date(row.at).toISOString(),
      ator: row.actor_login,
      acao: row.action,
      alvo: { tipo: row.target_kind, id: row.target_id },
      antes: row.before ?? null,
      depois: row.after ?? null,
    })),
  };
}
