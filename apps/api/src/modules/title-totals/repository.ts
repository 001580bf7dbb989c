import type { TitleColour, TitleLibrary, TitleTotalsRow } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

/** A title's number, title and work type with its label colour, or null when there is no such title. */
export async function findTitleColour(
  db: Queryable,
  titleId: number,
  language: ServerLanguage,
): Promise<(TitleColour & { titulo: string }) | null> {
  const { rows } = await db.query<TitleColour & { titulo: string }>(
    `SELECT t.id AS cod_acervo, t.title AS titulo, t.work_type AS cod_tipo_obra,
            coalesce(CASE $2 WHEN 'en' THEN w.label_en WHEN 'es' THEN w.label_es ELSE w.label_pt END,
                     t.work_type) AS desc_tipo_obra,
            w.color AS cor
       FROM title t LEFT JOIN work_type w ON w.code = t.work_type
      WHERE t.id = $1`,
    [titleId, language],
  );
  return rows[0] ?? null;
}

/** The libraries holding copies of the title, by name, with how many and how many are on the shelf. */
export async function findTitleLibraries(db: Queryable, titleId: number): Promise<TitleLibrary[]> {
  const { rows } = await db.query<TitleLibrary>(
    `SELECT l.id AS cod_biblioteca, l.name AS desc_biblioteca, l.campus_id AS cod_campus,
            count(*)::int AS exemplares,
            (count(*) FILTER (WHERE c.status = 'disponivel'))::int AS exemplares_disponiveis
       FROM copy c JOIN library l ON l.id = c.library_id
      WHERE c.title_id = $1
      GROUP BY l.id
      ORDER BY public.f_norm(l.name), l.id`,
    [titleId],
  );
  return rows;
}

/** Whether a library exists. */
export async function libraryExists(db: Queryable, libraryId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM library WHERE id = $1', [libraryId]);
  return rows.length > 0;
}

/** A period of library days (YYYY-MM-DD, both included) in the library's time zone. */
export interface Period {
  from: string;
  to: string;
  timeZone: string;
}

/**
 * The title's figures per library for the period (decision 0053): copies held now (and on the shelf
 * now); loans of its copies started, renewals of them made (the circulation log's loan.renew, each
 * renewal once at its own moment), holds placed for pickup at the library, and loan requests for
 * its copies made — each in the period, counted by the library's calendar. A library appears when
 * it holds copies or had any of these in the period; `libraryId` keeps that one library only.
 */
export async function countTitleTotals(
  db: Queryable,
  titleId: number,
  period: Period,
  libraryId: number | null,
): Promise<TitleTotalsRow[]> {
  const { rows } = await db.query<TitleTotalsRow>(
    `WITH copies AS (
       SELECT library_id, count(*)::int AS total,
              (count(*) FILTER (WHERE status = 'disponivel'))::int AS available
         FROM copy WHERE title_id = $1 GROUP BY library_id
     ), loans AS (
       SELECT c.library_id, count(*)::int AS n
         FROM loan ln JOIN copy c ON c.id = ln.copy_id
        WHERE c.title_id = $1 AND (ln.loaned_at AT TIME ZONE $2)::date BETWEEN $3::date AND $4::date
        GROUP BY 1
     ), renewals AS (
       SELECT c.library_id, count(*)::int AS n
         FROM circulation_log g JOIN copy c ON c.id = g.copy_id
        WHERE g.action = 'loan.renew' AND c.title_id = $1
          AND (g.at AT TIME ZONE $2)::date BETWEEN $3::date AND $4::date
        GROUP BY 1
     ), holds AS (
       SELECT library_id, count(*)::int AS n
         FROM hold
        WHERE title_id = $1 AND (placed_at AT TIME ZONE $2)::date BETWEEN $3::date AND $4::date
        GROUP BY 1
     ), requests AS (
       SELECT origin_library_id AS library_id, count(*)::int AS n
         FROM loan_request
        WHERE title_id = $1 AND (requested_at AT TIME ZONE $2)::date BETWEEN $3::date AND $4::date
        GROUP BY 1
     ), libraries AS (
       SELECT library_id FROM copies UNION SELECT library_id FROM loans UNION SELECT library_id FROM renewals
       UNION SELECT library_id FROM holds UNION SELECT library_id FROM requests
       UNION SELECT $5::int WHERE $5::int IS NOT NULL
     )
     SELECT l.id AS cod_biblioteca, l.name AS desc_biblioteca,
            coalesce(cp.total, 0) AS exemplares, coalesce(cp.available, 0) AS exemplares_disponiveis,
            coalesce(ln.n, 0) AS emprestimos, coalesce(rn.n, 0) AS renovacoes,
            coalesce(h.n, 0) AS reservas, coalesce(rq.n, 0) AS solicitacoes
       FROM libraries x JOIN library l ON l.id = x.library_id
       LEFT JOIN copies cp ON cp.library_id = l.id
       LEFT JOIN loans ln ON ln.library_id = l.id
       LEFT JOIN renewals rn ON rn.library_id = l.id
       LEFT JOIN holds h ON h.library_id = l.id
       LEFT JOIN requests rq ON rq.library_id = l.id
      WHERE $5::int IS NULL OR l.id = $5
      ORDER BY public.f_norm(l.name), l.id`,
    [titleId, period.timeZone, period.from, period.to, libraryId],
  );
  return rows;
}
