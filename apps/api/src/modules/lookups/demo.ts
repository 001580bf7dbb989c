import type { Queryable } from '../../lib/db/index.ts';

/** Courses of the demo institution, by campus (the demo campuses of seed/demo.ts). */
const DEMO_COURSES = [
  { code: 'LET', name: 'Letras — Português e Literaturas', campus: 'Campus Centro' },
  { code: 'HIS', name: 'História', campus: 'Campus Centro' },
  { code: 'DIR', name: 'Direito', campus: 'Campus Centro' },
  { code: 'MED', name: 'Medicina', campus: 'Campus Centro' },
  { code: 'ENF', name: 'Enfermagem', campus: 'Campus Centro' },
  { code: 'CC', name: 'Ciência da Computação', campus: 'Campus Tecnológico' },
  { code: 'ECI', name: 'Engenharia Civil', campus: 'Campus Tecnológico' },
  { code: 'MAT', name: 'Matemática', campus: 'Campus Tecnológico' },
] as const;

/** Disciplines with the courses that offer them and who teaches them. */
const DEMO_DISCIPLINES = [
  { code: 'LET101', name: 'Literatura Brasileira I', courses: ['LET'], professors: ['P001'] },
  { code: 'LET102', name: 'Literatura Portuguesa', courses: ['LET'], professors: ['P001', 'P002'] },
  { code: 'LET201', name: 'Teoria da Literatura', courses: ['LET', 'HIS'], professors: ['P002'] },
  { code: 'HIS110', name: 'História do Brasil Colonial', courses: ['HIS'], professors: ['P003'] },
  { code: 'DIR100', name: 'Introdução ao Estudo do Direito', courses: ['DIR'], professors: ['P004'] },
  { code: 'DIR210', name: 'Direito Constitucional', courses: ['DIR'], professors: ['P004'] },
  { code: 'MED120', name: 'Anatomia Humana', courses: ['MED', 'ENF'], professors: ['P005'] },
  { code: 'ENF130', name: 'Fundamentos de Enfermagem', courses: ['ENF'], professors: ['P005'] },
  {
    code: 'CC101',
    name: 'Algoritmos e Estruturas de Dados',
    courses: ['CC'],
    professors: ['P006', 'P009'],
  },
  { code: 'CC220', name: 'Bancos de Dados', courses: ['CC'], professors: ['P006', 'P007', 'P009'] },
  {
    code: 'MAT101',
    name: 'Cálculo Diferencial e Integral I',
    courses: ['MAT', 'CC', 'ECI'],
    professors: ['P007'],
  },
  { code: 'MAT120', name: 'Álgebra Linear', courses: ['MAT', 'CC', 'ECI'], professors: ['P007'] },
  { code: 'ECI140', name: 'Resistência dos Materiais', courses: ['ECI'], professors: ['P008'] },
] as const;

const DEMO_PROFESSORS = [
  { registration: 'P001', name: 'Helena Martins de Araújo' },
  { registration: 'P002', name: 'João Paulo Ferreira' },
  { registration: 'P003', name: 'Mariana Lopes Cardoso' },
  { registration: 'P004', name: 'Ricardo Nogueira Brandão' },
  { registration: 'P005', name: 'Beatriz Gonçalves Pinto' },
  { registration: 'P006', name: 'André Luiz Tavares' },
  { registration: 'P007', name: 'Cecília Ramos Vieira' },
  { registration: 'P008', name: 'Otávio Mendes Siqueira' },
  // The demo login carla (a professor) is this professor: her personal area shows her plans.
  { registration: 'P009', name: 'Carla Mendes Ribeiro', login: 'carla' },
] as const;

/** The demo institution's courses, disciplines and professors (SPEC §7 lookups); safe to run again. */
export async function seedDemoTeaching(tx: Queryable): Promise<void> {
  const courses = new Map<string, number>();
  for (const course of DEMO_COURSES) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO course (campus_id, code, name)
       SELECT id, $2, $3 FROM campus WHERE name = $1
       ON CONFLICT (code) DO UPDATE SET name = excluded.name RETURNING id`,
      [course.campus, course.code, course.name],
    );
    if (rows[0]) courses.set(course.code, rows[0].id);
  }
  const professors = new Map<string, number>();
  for (const professor of DEMO_PROFESSORS) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO professor (registration, name) VALUES ($1, $2)
       ON CONFLICT (registration) DO UPDATE SET name = excluded.name RETURNING id`,
      [professor.registration, professor.name],
    );
    professors.set(professor.registration, rows[0]!.id);
    if ('login' in professor) {
      await tx.query(
        'UPDATE professor SET patron_id = (SELECT id FROM patron WHERE login = $2) WHERE id = $1',
        [rows[0]!.id, professor.login],
      );
    }
  }
  for (const discipline of DEMO_DISCIPLINES) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO discipline (code, name) VALUES ($1, $2)
       ON CONFLICT (code) DO UPDATE SET name = excluded.name RETURNING id`,
      [discipline.code, discipline.name],
    );
    const id = rows[0]!.id;
    for (const course of discipline.courses) {
      await tx.query(
        'INSERT INTO course_discipline (course_id, discipline_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [courses.get(course), id],
      );
    }
    for (const professor of discipline.professors) {
      await tx.query(
        'INSERT INTO discipline_professor (discipline_id, professor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [id, professors.get(professor)],
      );
    }
  }
}
