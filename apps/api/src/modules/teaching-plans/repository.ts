import type {
  Library,
  ParsedTeachingPlanQuery,
  TeachingPlanChoices,
  TeachingPlanDiscipline,
} from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';

/** Plans one search answers at most (newest term first); `total` tells how many matched. */
export const MAX_PLANS = 100;

/**
 * Which plans a search may read: every plan (the public search tab), or one professor's own
 * (the personal area; `professorId` null there means the patron is no professor: no plan).
 */
export type PlanScope = { all: true } | { professorId: number | null };

/** The scope as query parameters: whether to narrow, and to whom (-1 matches no plan). */
function scopeParams(scope: PlanScope): [boolean, number] {
  return 'all' in scope ? [false, -1] : [true, scope.professorId ?? -1];
}

/** The professor the patron signs in as (0032: professor.patron_id), or null. */
export async function findProfessorOfPatron(db: Queryable, patronId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM professor WHERE patron_id = $1', [
    patronId,
  ]);
  return rows[0]?.id ?? null;
}

/** The disciplines that have plans (with the courses whose plans list them), the libraries and the years with plans. */
export async function findChoices(
  db: Queryable,
  scope: PlanScope = { all: true },
): Promise<TeachingPlanChoices> {
  const [narrow, professor] = scopeParams(scope);
  const disciplines = await db.query<TeachingPlanDiscipline>(
    `SELECT d.id AS codigo, d.code AS sigla, d.name AS descricao,
            array_agg(DISTINCT p.course_id ORDER BY p.course_id) AS cursos
       FROM discipline d JOIN teaching_plan p ON p.discipline_id = d.id
      WHERE NOT $1::boolean OR p.professor_id = $2
      GROUP BY d.id
      ORDER BY public.f_norm(d.name), d.id`,
    [narrow, professor],
  );
  const libraries = await db.query<Library>(
    `SELECT id AS cod_biblioteca, name AS desc_biblioteca, campus_id AS cod_campus
       FROM library ORDER BY public.f_norm(name), id`,
  );
  const years = await db.query<{ year: number }>(
    `SELECT DISTINCT year FROM teaching_plan
      WHERE NOT $1::boolean OR professor_id = $2 ORDER BY year DESC`,
    [narrow, professor],
  );
  return {
    disciplinas: disciplines.rows,
    bibliotecas: libraries.rows,
    anos: years.rows.map((r) => r.year),
  };
}

/** One library by id, or null. */
export async function findLibrary(db: Queryable, id: number): Promise<Library | null> {
  const { rows } = await db.query<Library>(
    'SELECT id AS cod_biblioteca, name AS desc_biblioteca, campus_id AS cod_campus FROM library WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** A plan row with its course, discipline and professor. */
export interface PlanRow {
  id: number;
  year: number;
  semester: number;
  period: number | null;
  vacancies: number | null;
  course_id: number;
  course_code: string;
  course_name: string;
  campus_id: number;
  discipline_id: number;
  discipline_code: string;
  discipline_name: string;
  professor: string | null;
  total: number;
}

/** The plans matching every given field, newest term first, then by course, period and discipline. */
export async function findPlans(
  db: Queryable,
  query: ParsedTeachingPlanQuery,
  scope: PlanScope = { all: true },
): Promise<PlanRow[]> {
  const [narrow, professor] = scopeParams(scope);
  const { rows } = await db.query<PlanRow>(
    `SELECT p.id, p.year, p.semester, p.period, p.vacancies,
            c.id AS course_id, c.code AS course_code, c.name AS course_name, c.campus_id,
            d.id AS discipline_id, d.code AS discipline_code, d.name AS discipline_name,
            pr.name AS professor, count(*) OVER ()::int AS total
       FROM teaching_plan p
       JOIN course c ON c.id = p.course_id
       JOIN discipline d ON d.id = p.discipline_id
       LEFT JOIN professor pr ON pr.id = p.professor_id
      WHERE ($1::int IS NULL OR p.course_id = $1)
        AND ($2::int IS NULL OR p.year = $2)
        AND ($3::int IS NULL OR p.semester = $3)
        AND ($4::int IS NULL OR p.period = $4)
        AND ($5::int IS NULL OR p.discipline_id = $5)
        AND (NOT $7::boolean OR p.professor_id = $8)
      ORDER BY p.year DESC, p.semester DESC, public.f_norm(c.name), p.period NULLS LAST,
               public.f_norm(d.name), p.id
      LIMIT $6`,
    [
      query.departamento ?? null,
      query.ano ?? null,
      query.semestre ?? null,
      query.periodo ?? null,
      query.disciplina ?? null,
      MAX_PLANS,
      narrow,
      professor,
    ],
  );
  return rows;
}

/** The titles the plans list, basic before complementary, each list in title order. */
export async function findPlanTitles(
  db: Queryable,
  planIds: number[],
): Promise<{ plan_id: number; title_id: number; kind: 'basica' | 'complementar' }[]> {
  if (planIds.length === 0) return [];
  const { rows } = await db.query<{ plan_id: number; title_id: number; kind: 'basica' | 'complementar' }>(
    `SELECT pt.plan_id, pt.title_id, pt.kind
       FROM teaching_plan_title pt JOIN title t ON t.id = pt.title_id
      WHERE pt.plan_id = ANY ($1::int[])
      ORDER BY pt.plan_id, pt.kind, t.title_norm, t.id`,
    [planIds],
  );
  return rows;
}

/** Copies of each title in one library: how many there are and how many are on the shelf. */
export async function countCopiesIn(
  db: Queryable,
  titleIds: number[],
  libraryId: number,
): Promise<Map<number, { available: number; total: number }>> {
  if (titleIds.length === 0) return new Map();
  const { rows } = await db.query<{ title_id: number; available: number; total: number }>(
    `SELECT title_id, (count(*) FILTER (WHERE status = 'disponivel'))::int AS available, count(*)::int AS total
       FROM copy WHERE title_id = ANY ($1::int[]) AND library_id = $2
      GROUP BY title_id`,
    [titleIds, libraryId],
  );
  return new Map(rows.map((r) => [r.title_id, { available: r.available, total: r.total }]));
}

/**
 * Copies that circulate, as course assessments count a bibliography (decision 0053): every copy
 * but the lost (extraviado), the reference-only (consulta_local) and those still being processed
 * (em_processamento); copies out on loan, held, late or in quarantine still belong to the lending
 * collection. In one library, or in every library when `libraryId` is null.
 */
export const NON_CIRCULATING_STATUSES = ['extraviado', 'consulta_local', 'em_processamento'] as const;

/** Circulating copies of each title (see NON_CIRCULATING_STATUSES), in one library or in all. */
export async function countCirculatingCopies(
  db: Queryable,
  titleIds: number[],
  libraryId: number | null,
): Promise<Map<number, number>> {
  if (titleIds.length === 0) return new Map();
  const { rows } = await db.query<{ title_id: number; total: number }>(
    `SELECT title_id, count(*)::int AS total
       FROM copy
      WHERE title_id = ANY ($1::int[]) AND ($2::int IS NULL OR library_id = $2)
        AND status <> ALL ($3::text[])
      GROUP BY title_id`,
    [titleIds, libraryId, [...NON_CIRCULATING_STATUSES]],
  );
  return new Map(rows.map((r) => [r.title_id, r.total]));
}

/**
 * Links the patron of a login to the professor of a registration (0032), or unlinks the login's
 * professor when `registration` is null. Answers what was missing, or null when done.
 */
export async function linkProfessor(
  db: Queryable,
  login: string,
  registration: string | null,
): Promise<'login' | 'registration' | null> {
  const patron = await db.query<{ id: number }>('SELECT id FROM patron WHERE login = $1', [login]);
  const patronId = patron.rows[0]?.id;
  if (patronId === undefined) return 'login';
  if (registration === null) {
    await db.query('UPDATE professor SET patron_id = NULL WHERE patron_id = $1', [patronId]);
    return null;
  }
  const professor = await db.query<{ id: number }>('SELECT id FROM professor WHERE registration = $1', [
    registration,
  ]);
  const professorId = professor.rows[0]?.id;
  if (professorId === undefined) return 'registration';
  await db.query('UPDATE professor SET patron_id = NULL WHERE patron_id = $1 AND id <> $2', [
    patronId,
    professorId,
  ]);
  await db.query('UPDATE professor SET patron_id = $2 WHERE id = $1', [professorId, patronId]);
  return null;
}
