import type { Queryable } from '../../lib/db/index.ts';

/** The MARC records (JSON) of these titles, by id; a title without one (no leader) is left out. */
export async function findRecords(db: Queryable, ids: readonly number[]): Promise<Map<number, unknown>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; marc: unknown }>(
    `SELECT id, marc FROM title WHERE id = ANY ($1::int[]) AND marc ? 'leader'`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.marc]));
}

/** Whether the local catalogue has this title. */
export async function titleExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM title WHERE id = $1) AS found',
    [id],
  );
  return rows[0]?.found === true;
}
