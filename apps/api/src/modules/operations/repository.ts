import type { Queryable } from '../../lib/db/index.ts';

/** How many titles the catalogue has (the sitemap's page count). */
export async function countTitles(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM title')).rows[0]!.n;
}

/** The ids of one page of titles, in id order (page 1 first). */
export async function titleIdsPage(db: Queryable, page: number, pageSize: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM title ORDER BY id LIMIT $1 OFFSET $2', [
    pageSize,
    (page - 1) * pageSize,
  ]);
  return rows.map((r) => r.id);
}
