import type { Queryable } from '../../lib/db/index.ts';

// Loans are counted in the month they started, in UTC (the server runs with TZ=UTC; decision 0022).

/** Years in which copies of the title were lent, newest first, with the number of loans. */
export async function countLoansByYear(
  db: Queryable,
  titleId: number,
): Promise<{ year: number; total: number }[]> {
  const { rows } = await db.query<{ year: number; total: number }>(
    `SELECT extract(year FROM ln.loaned_at AT TIME ZONE 'UTC')::int AS year, count(*)::int AS total
       FROM loan ln JOIN copy c ON c.id = ln.copy_id
      WHERE c.title_id = $1
      GROUP BY 1 ORDER BY 1 DESC`,
    [titleId],
  );
  return rows;
}

/** Loans of the title's copies in each month (1–12) of a year; months without loans are left out. */
export async function countLoansByMonth(
  db: Queryable,
  titleId: number,
  year: number,
): Promise<Map<number, number>> {
  const { rows } = await db.query<{ month: number; total: number }>(
    `SELECT extract(month FROM ln.loaned_at AT TIME ZONE 'UTC')::int AS month, count(*)::int AS total
       FROM loan ln JOIN copy c ON c.id = ln.copy_id
      WHERE c.title_id = $1
        AND ln.loaned_at >= make_timestamptz($2, 1, 1, 0, 0, 0, 'UTC')
        AND ln.loaned_at < make_timestamptz($2 + 1, 1, 1, 0, 0, 0, 'UTC')
      GROUP BY 1`,
    [titleId, year],
  );
  return new Map(rows.map((r) => [r.month, r.total]));
}
