import type { Queryable } from '../../lib/db/index.ts';
import type { Day } from './local/rules.ts';

/**
 * What must hold at every commit, whatever ran at the same time (decision 0025): one owner per copy,
 * queues without gaps or doubles, copy status agreeing with the engine. Answers one line per
 * violation; empty when all hold. `today` also checks the time-driven statuses (run a sweep first),
 * for the copies of one library when `libraryId` is given.
 */
export async function circulationViolations(
  db: Queryable,
  options: { today?: Day; libraryId?: number } = {},
): Promise<string[]> {
  const found: string[] = [];
  const check = async (label: string, sql: string, params: unknown[] = []) => {
    const { rows } = await db.query<Record<string, unknown>>(sql, params);
    for (const row of rows) found.push(`${label}: ${JSON.stringify(row)}`);
  };
  await check(
    'copy with more than one owner (open loan, released hold, open request)',
    `SELECT copy_id, count(*)::int AS owners FROM (
       SELECT copy_id FROM loan WHERE returned_at IS NULL
       UNION ALL SELECT copy_id FROM hold WHERE status = 'liberada'
       UNION ALL SELECT copy_id FROM loan_request WHERE status IN ('aguardando', 'em_transito', 'disponivel')
     ) o GROUP BY copy_id HAVING count(*) > 1`,
  );
  await check(
    'queue not numbered 1..n',
    `SELECT title_id, array_agg(queue_position ORDER BY queue_position) AS positions FROM hold WHERE status = 'fila'
      GROUP BY title_id HAVING min(queue_position) <> 1 OR max(queue_position) <> count(*) OR count(DISTINCT queue_position) <> count(*)`,
  );
  await check(
    'patron with two open holds on one title',
    `SELECT patron_id, title_id FROM hold WHERE status IN ('fila', 'liberada') GROUP BY 1, 2 HAVING count(*) > 1`,
  );
  await check(
    'lent copy not shown as lent',
    `SELECT c.id, c.status, c.expected_return::text, ln.due_on::text FROM copy c JOIN loan ln ON ln.copy_id = c.id AND ln.returned_at IS NULL
      WHERE c.status NOT IN ('emprestado', 'atrasado') OR c.expected_return IS DISTINCT FROM ln.due_on`,
  );
  await check(
    'copy set aside without a hold or request',
    `SELECT c.id, c.status FROM copy c
      WHERE (c.status = 'reservado') <> (EXISTS (SELECT 1 FROM hold h WHERE h.copy_id = c.id AND h.status = 'liberada')
                                        OR EXISTS (SELECT 1 FROM loan_request r WHERE r.copy_id = c.id
                                                    AND r.status IN ('aguardando', 'em_transito', 'disponivel')))`,
  );
  await check(
    'copy shown as lent without a loan',
    `SELECT c.id, c.status FROM copy c WHERE c.status IN ('emprestado', 'atrasado')
        AND NOT EXISTS (SELECT 1 FROM loan ln WHERE ln.copy_id = c.id AND ln.returned_at IS NULL)`,
  );
  await check(
    'released hold whose copy belongs to another title',
    `SELECT h.id FROM hold h JOIN copy c ON c.id = h.copy_id WHERE h.status = 'liberada' AND c.title_id <> h.title_id`,
  );
  await check(
    'debt settled beyond its amount',
    'SELECT id FROM debt WHERE discount_cents + paid_cents > amount_cents',
  );
  if (options.today) {
    await check(
      'late status disagrees with the due date',
      `SELECT c.id, c.status, ln.due_on::text FROM copy c JOIN loan ln ON ln.copy_id = c.id AND ln.returned_at IS NULL
        WHERE (c.status = 'atrasado') <> (ln.due_on < $1::date) AND ($2::int IS NULL OR c.library_id = $2)`,
      [options.today, options.libraryId ?? null],
    );
    await check(
      'copy in quarantine without a quarantine running',
      `SELECT c.id FROM copy c WHERE c.status = 'quarentena' AND ($2::int IS NULL OR c.library_id = $2)
          AND NOT EXISTS (SELECT 1 FROM loan ln WHERE ln.copy_id = c.id AND ln.quarantine_until >= $1::date)`,
      [options.today, options.libraryId ?? null],
    );
    await check(
      'copy on the shelf while a hold it could serve waits',
      `SELECT c.id, h.id AS hold FROM copy c JOIN hold h ON h.title_id = c.title_id AND h.status = 'fila'
        JOIN patron p ON p.id = h.patron_id
        JOIN LATERAL (SELECT r.is_loanable, r.allows_holds FROM circulation_rule r
                       WHERE r.category_code IN (p.category_code, '*') AND r.loan_type IN (coalesce(c.loan_type, '*'), '*')
                       ORDER BY CASE WHEN r.category_code <> '*' AND r.loan_type <> '*' THEN 0
                                     WHEN r.loan_type <> '*' THEN 1 WHEN r.category_code <> '*' THEN 2 ELSE 3 END
                       LIMIT 1) rule ON rule.is_loanable AND rule.allows_holds
        WHERE c.status = 'disponivel' AND h.library_id = c.library_id
          AND (h.volume IS NULL OR h.volume = c.volume) AND (h.tome IS NULL OR h.tome = c.tome)
          AND (h.part IS NULL OR h.part = c.part) AND (h.location IS NULL OR h.location = c.location)
          AND (h.additional_material IS NULL OR h.additional_material = c.additional_material)`,
    );
  }
  return found;
}
