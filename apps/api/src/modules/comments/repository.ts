import type { Queryable } from '../../lib/db/index.ts';

/** A title comment as stored, with its title's name and its author's name. */
export interface TitleCommentRow {
  id: number;
  title_id: number;
  title: string;
  patron_id: number;
  patron_name: string;
  patron_login: string;
  content: string;
  status: 'pending' | 'approved' | 'refused';
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  refusal_reason: string | null;
}

const COLUMNS = `c.id::int AS id, c.title_id, t.title, c.patron_id, p.name AS patron_name, p.login AS patron_login, c.content, c.status,
       c.created_at, c.decided_at, c.decided_by, c.refusal_reason`;
const FROM = `FROM title_comment c JOIN title t ON t.id = c.title_id JOIN patron p ON p.id = c.patron_id`;

/** Whether the catalogue holds a title with this id. */
export async function titleExists(db: Queryable, titleId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM title WHERE id = $1', [titleId]);
  return rows.length > 0;
}

/** One page of a title's approved comments, newest first, and how many there are in all. */
export async function listApproved(
  db: Queryable,
  titleId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: TitleCommentRow[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<TitleCommentRow>(
      `SELECT ${COLUMNS} ${FROM}
        WHERE c.title_id = $1 AND c.status = 'approved'
        ORDER BY c.created_at DESC, c.id DESC
        LIMIT $2 OFFSET $3`,
      [titleId, page.limit, page.offset],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM title_comment WHERE title_id = $1 AND status = 'approved'`,
      [titleId],
    ),
  ]);
  return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
}

/** A patron's own comments, newest first; on one title when titleId is given. */
export async function listOwn(db: Queryable, patronId: number, titleId?: number): Promise<TitleCommentRow[]> {
  const { rows } = await db.query<TitleCommentRow>(
    `SELECT ${COLUMNS} ${FROM}
      WHERE c.patron_id = $1 AND ($2::int IS NULL OR c.title_id = $2)
      ORDER BY c.created_at DESC, c.id DESC`,
    [patronId, titleId ?? null],
  );
  return rows;
}

/** Locks a patron's row so two sends of the same patron are counted one after the other. */
export async function lockPatron(tx: Queryable, patronId: number): Promise<void> {
  await tx.query('SELECT id FROM patron WHERE id = $1 FOR UPDATE', [patronId]);
}

/** How many of a patron's comments await approval. */
export async function countPending(tx: Queryable, patronId: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM title_comment WHERE patron_id = $1 AND status = 'pending'`,
    [patronId],
  );
  return rows[0]?.n ?? 0;
}

/** Stores a comment awaiting approval; answers its id. */
export async function insertComment(
  tx: Queryable,
  comment: { titleId: number; patronId: number; content: string; createdAt: Date },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO title_comment (title_id, patron_id, content, created_at) VALUES ($1, $2, $3, $4)
     RETURNING id::int AS id`,
    [comment.titleId, comment.patronId, comment.content, comment.createdAt],
  );
  return rows[0]!.id;
}

/** One comment by id, whoever wrote it. */
export async function findComment(db: Queryable, id: number): Promise<TitleCommentRow | null> {
  const { rows } = await db.query<TitleCommentRow>(`SELECT ${COLUMNS} ${FROM} WHERE c.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Deletes a comment only if this patron wrote it; answers whether one was deleted. */
export async function deleteOwn(db: Queryable, patronId: number, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM title_comment WHERE id = $1 AND patron_id = $2 RETURNING id', [
    id,
    patronId,
  ]);
  return rows.length > 0;
}

/**
 * Records a librarian's decision on a comment still awaiting one; answers false when there is no
 * such comment or it was already decided (the row is updated only from pending).
 */
export async function decide(
  db: Queryable,
  decision: { id: number; status: 'approved' | 'refused'; at: Date; by: string; reason: string | null },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE title_comment SET status = $2, decided_at = $3, decided_by = $4, refusal_reason = $5
      WHERE id = $1 AND status = 'pending' RETURNING id`,
    [decision.id, decision.status, decision.at, decision.by, decision.reason],
  );
  return rows.length > 0;
}

/** The comments awaiting approval, oldest first (the moderation queue). */
export async function listPending(db: Queryable, limit: number): Promise<TitleCommentRow[]> {
  const { rows } = await db.query<TitleCommentRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE c.status = 'pending' ORDER BY c.created_at, c.id LIMIT $1`,
    [limit],
  );
  return rows;
}

/** How many comments await approval in all. */
export async function countAllPending(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM title_comment WHERE status = 'pending'",
  );
  return rows[0]?.n ?? 0;
}
