import type { Queryable } from '../../lib/db/index.ts';

/** A demo teaching plan: course and discipline codes, professor registration, term, and demo works by id. */
interface DemoPlan {
  course: string;
  discipline: string;
  professor: string;
  year: number;
  semester: 1 | 2;
  period: number;
  vacancies: number;
  basic: string[];
  complementary: string[];
}

/**
 * Plans of the demo courses (lookups/demo.ts) listing works of the demo library (seed/demo/works.json
 * ids): the current year's two terms and one term of the year before.
 */
export function demoPlans(year: number): DemoPlan[] {
  return [
    {
      course: 'LET',
      discipline: 'LET101',
      professor: 'P001',
      year,
      semester: 1,
      period: 1,
      vacancies: 40,
      basic: ['demo-0001', 'demo-0003', 'demo-0042'],
      complementary: ['demo-0065', 'demo-0446', 'demo-0450'],
    },
    {
      course: 'LET',
      discipline: 'LET102',
      professor: 'P002',
      year,
      semester: 2,
      period: 2,
      vacancies: 40,
      basic: ['demo-0114', 'demo-0457'],
      complementary: ['demo-0456'],
    },
    {
      course: 'LET',
      discipline: 'LET201',
      professor: 'P002',
      year: year - 1,
      semester: 2,
      period: 3,
      vacancies: 35,
      basic: ['demo-0003', 'demo-0352'],
      complementary: ['demo-0351'],
    },
    {
      course: 'HIS',
      discipline: 'HIS110',
      professor: 'P003',
      year,
      semester: 1,
      period: 1,
      vacancies: 45,
      basic: ['demo-0408', 'demo-0354', 'demo-0351'],
      complementary: ['demo-0352', 'demo-0409', 'demo-0364'],
    },
    {
      course: 'DIR',
      discipline: 'DIR100',
      professor: 'P004',
      year,
      semester: 1,
      period: 1,
      vacancies: 60,
      basic: ['demo-0397', 'demo-0395'],
      complementary: ['demo-0396', 'demo-0388'],
    },
    {
      course: 'DIR',
      discipline: 'DIR210',
      professor: 'P004',
      year,
      semester: 2,
      period: 3,
      vacancies: 60,
      basic: ['demo-0394', 'demo-0477'],
      complementary: ['demo-0500', 'demo-0503', 'demo-0505'],
    },
    {
      course: 'CC',
      discipline: 'CC101',
      professor: 'P009',
      year,
      semester: 1,
      period: 1,
      vacancies: 50,
      basic: ['demo-0295', 'demo-0309'],
      complementary: ['demo-0294', 'demo-0299'],
    },
    {
      course: 'CC',
      discipline: 'CC220',
      professor: 'P009',
      year,
      semester: 2,
      period: 4,
      vacancies: 50,
      basic: ['demo-0312'],
      complementary: ['demo-0310', 'demo-0311'],
    },
    {
      course: 'CC',
      discipline: 'MAT101',
      professor: 'P007',
      year,
      semester: 1,
      period: 1,
      vacancies: 50,
      basic: ['demo-0279', 'demo-0284'],
      complementary: ['demo-0280'],
    },
    {
      course: 'MAT',
      discipline: 'MAT101',
      professor: 'P007',
      year,
      semester: 1,
      period: 1,
      vacancies: 40,
      basic: ['demo-0279', 'demo-0284'],
      complementary: ['demo-0280', 'demo-0282'],
    },
    {
      course: 'ECI',
      discipline: 'ECI140',
      professor: 'P008',
      year,
      semester: 2,
      period: 3,
      vacancies: 45,
      basic: ['demo-0292'],
      complementary: ['demo-0277', 'demo-0281'],
    },
    {
      course: 'MED',
      discipline: 'MED120',
      professor: 'P005',
      year,
      semester: 1,
      period: 1,
      vacancies: 80,
      basic: ['demo-0318', 'demo-0321'],
      complementary: ['demo-0317'],
    },
    {
      course: 'ENF',
      discipline: 'ENF130',
      professor: 'P005',
      year: year - 1,
      semester: 2,
      period: 2,
      vacancies: 40,
      basic: ['demo-0323', 'demo-0324'],
      complementary: ['demo-0433'],
    },
  ];
}

/** The demo teaching plans, for the current year of the database's clock; safe to run again. */
export async function seedDemoTeachingPlans(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ year: number }>('SELECT extract(year FROM current_date)::int AS year');
  for (const plan of demoPlans(rows[0]!.year)) {
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO teaching_plan (course_id, discipline_id, professor_id, year, semester, period, vacancies)
       SELECT c.id, d.id, p.id, $4, $5, $6, $7
         FROM course c, discipline d LEFT JOIN professor p ON p.registration = $3
        WHERE c.code = $1 AND d.code = $2
       ON CONFLICT (course_id, discipline_id, year, semester) DO UPDATE
         SET professor_id = excluded.professor_id, period = excluded.period, vacancies = excluded.vacancies
       RETURNING id`,
      [plan.course, plan.discipline, plan.professor, plan.year, plan.semester, plan.period, plan.vacancies],
    );
    const id = inserted.rows[0]?.id;
    if (id === undefined) continue;
    const titles = [
      ...plan.basic.map((control) => [control, 'basica'] as const),
      ...plan.complementary.map((control) => [control, 'complementar'] as const),
    ];
    await tx.query(
      `INSERT INTO teaching_plan_title (plan_id, title_id, kind)
       SELECT $1, t.id, u.kind
         FROM unnest($2::text[], $3::text[]) AS u(control, kind)
         JOIN title t ON t.control_number = u.control AND t.control_source = 'ESTANTE'
       ON CONFLICT (plan_id, title_id) DO NOTHING`,
      [id, titles.map(([control]) => control), titles.map(([, kind]) => kind)],
    );
  }
}
