import type { Queryable } from '../../lib/db/index.ts';

/** A saved list as stored. */
export interface ListRow {
  id: number;
  name: string;
  is_basket: boolean;
  share_token: string | null;
  count: number;
}

/** A title of a list, with what a line shows. */
export interface ListTitleRow {
  id: number;
  title: string;
  main_author: string | null;
  year: number | null;
  added_at: Date;
}

const LIST_COLUMNS = `l.id::int AS id, l.name, l.is_basket, l.share_token,
  (SELECT count(*)::int FROM saved_list_title t WHERE t.list_id = l.id) AS count`;

/** Locks the patron's row, so two calls at once cannot pass a count limit together. */
export async function lockPatron(tx: Queryable, patronId: number): Promise<void> {
  await tx.query('SELECT id FROM patron WHERE id = $1 FOR UPDATE', [patronId]);
}

/** The patron's permanent basket's id, made the first time it is asked for. */
export async function ensureBasket(tx: Queryable, patronId: number): Promise<number> {
  await tx.query(
    `INSERT INTO saved_list (patron_id, name, is_basket) VALUES ($1, '', true)
     ON CONFLICT (patron_id) WHERE is_basket DO NOTHING`,
    [patronId],
  );
  const { rows } = await tx.query<{ id: number }>(
    'SELECT id::int AS id FROM saved_list WHERE patron_id = $1 AND is_basket',
    [patronId],
  );
  return rows[0]!.id;
}

/** The patron's lists: the permanent basket first, then by name. */
export async function findLists(db: Queryable, patronId: number): Promise<ListRow[]> {
  const { rows } = await db.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM saved_list l WHERE l.patron_id = $1
      ORDER BY l.is_basket DESC, lower(l.name), l.id`,
    [patronId],
  );
  return rows;
}

/** One list of this patron; null when it is not theirs (or does not exist). */
export async function findOwnList(db: Queryable, patronId: number, listId: number): Promise<ListRow | null> {
  const { rows } = await db.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM saved_list l WHERE l.id = $1 AND l.patron_id = $2`,
    [listId, patronId],
  );
  return rows[0] ?? null;
}

/** The list shared under this token; null when no list is shared under it. */
export async function findSharedList(db: Queryable, token: string): Promise<ListRow | null> {
  const { rows } = await db.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM saved_list l WHERE l.share_token = $1`,
    [token],
  );
  return rows[0] ?? null;
}

/** How many named lists the patron has (the permanent basket not counted). */
export async function countNamedLists(db: Queryable, patronId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM saved_list WHERE patron_id = $1 AND NOT is_basket',
    [patronId],
  );
  return rows[0]!.n;
}

/** Makes a named list; null when the patron already has one of that name. */
export async function insertList(db: Queryable, patronId: number, name: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO saved_list (patron_id, name) VALUES ($1, $2)
     ON CONFLICT (patron_id, lower(name)) WHERE NOT is_basket DO NOTHING RETURNING id::int AS id`,
    [patronId, name],
  );
  return rows[0]?.id ?? null;
}

/** Whether another named list of the patron has this name. */
export async function nameTaken(
  db: Queryable,
  patronId: number,
  name: string,
  exceptId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM saved_list WHERE patron_id = $1 AND NOT is_basket AND lower(name) = lower($2) AND id <> $3',
    [patronId, name, exceptId],
  );
  return rows.length > 0;
}

/** Renames a list. */
export async function renameList(db: Queryable, listId: number, name: string): Promise<void> {
  await db.query('UPDATE saved_list SET name = $2 WHERE id = $1', [listId, name]);
}

/** Sets (a new token) or clears (null) the list's share token. */
export async function setShareToken(db: Queryable, listId: number, token: string | null): Promise<void> {
  await db.query('UPDATE saved_list SET share_token = $2 WHERE id = $1', [listId, token]);
}

/** Deletes a named list (never the permanent basket) with its titles. */
export async function deleteNamedList(db: Queryable, listId: number): Promise<void> {
  await db.query('DELETE FROM saved_list WHERE id = $1 AND NOT is_basket', [listId]);
}

/** The titles of a list, oldest first; only those saved on the days from–to (in the time zone) when given. */
export async function findListTitles(
  db: Queryable,
  listId: number,
  range: { from?: string | undefined; to?: string | undefined; timeZone: string } | null = null,
): Promise<ListTitleRow[]> {
  const { rows } = await db.query<ListTitleRow>(
    `SELECT t.id, t.title, t.main_author, t.year, s.added_at
       FROM saved_list_title s JOIN title t ON t.id = s.title_id
      WHERE s.list_id = $1
        AND ($2::date IS NULL OR (s.added_at AT TIME ZONE $4)::date >= $2::date)
        AND ($3::date IS NULL OR (s.added_at AT TIME ZONE $4)::date <= $3::date)
      ORDER BY s.added_at, s.seq`,
    [listId, range?.from ?? null, range?.to ?? null, range?.timeZone ?? 'UTC'],
  );
  return rows;
}

/** Which of these ids the catalogue has. */
export async function existingTitleIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM title WHERE id = ANY($1::int[])', [ids]);
  return rows.map((row) => row.id);
}

/** How many of these ids the list does not hold yet. */
export async function countNew(db: Queryable, listId: number, ids: readonly number[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM unnest($2::int[]) AS i(id)
      WHERE NOT EXISTS (SELECT 1 FROM saved_list_title s WHERE s.list_id = $1 AND s.title_id = i.id)`,
    [listId, ids],
  );
  return rows[0]!.n;
}

/** Adds titles in the order given; those already in the list stay where they were. */
export async function addTitles(
  db: Queryable,
  listId: number,
  ids: readonly number[],
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO saved_list_title (list_id, title_id, added_at)
     SELECT $1, i.id, $3 FROM unnest($2::int[]) WITH ORDINALITY AS i(id, n) ORDER BY i.n
     ON CONFLICT (list_id, title_id) DO NOTHING`,
    [listId, ids, at],
  );
}

/** Takes a title out of a list (nothing when it is not there). */
export async function removeTitle(db: Queryable, listId: number, titleId: number): Promise<void> {
  await db.query('DELETE FROM saved_list_title WHERE list_id = $1 AND title_id = $2', [listId, titleId]);
}
