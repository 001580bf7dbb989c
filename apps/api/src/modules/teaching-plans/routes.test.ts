import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TeachingPlanBibliographySchema,
  TeachingPlanChoicesSchema,
  type TeachingPlanBibliography,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

describe('teaching-plan tab (GET /api/acervo/meu-pergamum/plano-ensino/*)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let year: number;
  /** Course, discipline and library ids by their codes. */
  const id: Record<string, number> = {};

  const bibliography = async (query: Record<string, string | number>): Promise<TeachingPlanBibliography> => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const response = await ctx.app.inject({
      url: `/api/acervo/meu-pergamum/plano-ensino/bibliografia?${qs}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return TeachingPlanBibliographySchema.parse(response.json());
  };
  /** A plan as a person reads it: course, discipline, term, and the titles of each list. */
  const summary = (plan: TeachingPlanBibliography['data'][number]) => ({
    plan: `${plan.curso.sigla} ${plan.disciplina.sigla} ${plan.ano}/${plan.semestre}`,
    basic: plan.basica.map((h) => h.titulo.split(' : ')[0]),
    complementary: plan.complementar.map((h) => h.titulo.split(' : ')[0]),
  });

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    const { rows } = await ctx.db.query<{ code: string; id: number }>(
      `SELECT code, id FROM course UNION ALL SELECT code, id FROM discipline UNION ALL SELECT code, id FROM library`,
    );
    for (const row of rows) id[row.code] = row.id;
    year = (await ctx.db.query<{ y: number }>('SELECT extract(year FROM current_date)::int AS y')).rows[0]!.y;
  });
  afterAll(() => ctx.close());

  it('offers the disciplines that have plans, with their courses, the libraries and the years', async () => {
    const response = await ctx.app.inject({
      url: '/api/acervo/meu-pergamum/plano-ensino/disciplinas-bibliotecas',
      headers,
    });
    expect(response.statusCode).toBe(200);
    const choices = TeachingPlanChoicesSchema.parse(response.json());
    expect(choices.disciplinas.map((d) => d.sigla).sort()).toEqual(
      [
        'CC101',
        'CC220',
        'DIR100',
        'DIR210',
        'ECI140',
        'ENF130',
        'HIS110',
        'LET101',
        'LET102',
        'LET201',
        'MAT101',
        'MED120',
      ].sort(),
    );
    // Disciplines without a plan are not offered: nothing would be found.
    expect(choices.disciplinas.map((d) => d.sigla)).not.toContain('MAT120');
    expect(choices.disciplinas.find((d) => d.sigla === 'MAT101')?.cursos).toEqual(
      [id['CC']!, id['MAT']!].sort((a, b) => a - b),
    );
    expect(choices.bibliotecas.map((b) => b.desc_biblioteca)).toEqual([
      'Biblioteca Central',
      'Biblioteca de Ciências da Saúde',
      'Biblioteca do Campus Tecnológico',
    ]);
    expect(choices.anos).toEqual([year, year - 1]);
  });

  it('answers the plans of a course, newest term first, with basic and complementary lists', async () => {
    const result = await bibliography({ departamento: id['DIR']! });
    expect(result.total).toBe(2);
    expect(result.data.map(summary)).toEqual([
      {
        plan: `DIR DIR210 ${year}/2`,
        basic: [
          'Constituição da República Federativa do Brasil',
          'Constituição da República Federativa do Brasil de 1988',
        ],
        complementary: [
          'Ação declaratória de constitucionalidade n. 41',
          'Ação direta de inconstitucionalidade n. 4.277',
          'Súmula vinculante n. 13',
        ],
      },
      {
        plan: `DIR DIR100 ${year}/1`,
        basic: ['Dei delitti e delle pene', 'Reine Rechtslehre'],
        complementary: ["De l'esprit des loix", 'Du contract social'],
      },
    ]);
    expect(result.data[0]).toMatchObject({
      professor: 'Ricardo Nogueira Brandão',
      periodo: 3,
      vagas: 60,
      curso: { sigla: 'DIR', descricao: 'Direito' },
      disciplina: { sigla: 'DIR210', descricao: 'Direito Constitucional' },
    });
    expect(result.biblioteca).toBeNull();
  });

  it('finds a discipline in every course that plans it', async () => {
    const result = await bibliography({ disciplina: id['MAT101']! });
    expect(result.data.map((p) => p.curso.sigla).sort()).toEqual(['CC', 'MAT']);
  });

  it('narrows by year, semester and period together', async () => {
    expect((await bibliography({ ano: year - 1 })).data.map((p) => p.disciplina.sigla).sort()).toEqual([
      'ENF130',
      'LET201',
    ]);
    expect(
      (await bibliography({ ano: year, semestre: 2 })).data.map((p) => p.disciplina.sigla).sort(),
    ).toEqual(['CC220', 'DIR210', 'ECI140', 'LET102']);
    expect(
      (await bibliography({ ano: year, semestre: 1, periodo: 1, departamento: id['CC']! })).data.map(
        (p) => p.disciplina.sigla,
      ),
    ).toEqual(['CC101', 'MAT101']);
    expect((await bibliography({ ano: 1990 })).data).toEqual([]);
  });

  it('counts available copies in the chosen library only', async () => {
    const result = await bibliography({ departamento: id['CC']!, biblioteca: id['BT']! });
    expect(result.biblioteca?.desc_biblioteca).toBe('Biblioteca do Campus Tecnológico');
    const hits = result.data.flatMap((p) => [...p.basica, ...p.complementar]);
    expect(hits.length).toBeGreaterThan(0);
    const { rows } = await ctx.db.query<{ title_id: number; available: number; total: number }>(
      `SELECT title_id, (count(*) FILTER (WHERE status = 'disponivel'))::int AS available, count(*)::int AS total
         FROM copy WHERE library_id = $1 AND title_id = ANY ($2::int[]) GROUP BY title_id`,
      [id['BT'], hits.map((h) => h.cod_acervo)],
    );
    for (const hit of hits) {
      const copies = rows.find((r) => r.title_id === hit.cod_acervo) ?? { available: 0, total: 0 };
      expect([hit.cod_acervo, hit.exemplares_disponiveis, hit.exemplares_total]).toEqual([
        hit.cod_acervo,
        copies.available,
        copies.total,
      ]);
    }
    // Somewhere the counts differ from all libraries together, or the library would not matter.
    const everywhere = await bibliography({ departamento: id['CC']! });
    const allHits = everywhere.data.flatMap((p) => [...p.basica, ...p.complementar]);
    expect(allHits.map((h) => h.exemplares_total)).not.toEqual(hits.map((h) => h.exemplares_total));
  });

  it('refuses a search with no field that chooses plans (SPEC §5), the library alone included', async () => {
    for (const query of ['', `?biblioteca=${id['BC']}`, '?ano=&semestre=']) {
      const response = await ctx.app.inject({
        url: `/api/acervo/meu-pergamum/plano-ensino/bibliografia${query}`,
        headers,
      });
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'TEACHING_PLAN_CRITERIA_REQUIRED',
        message: 'search.teachingPlan.criteriaRequired',
      });
    }
  });

  it('refuses a semester other than 1 or 2, and an unknown library', async () => {
    const semester = await ctx.app.inject({
      url: '/api/acervo/meu-pergamum/plano-ensino/bibliografia?semestre=3',
      headers,
    });
    expect(semester.statusCode).toBe(400);
    expect(semester.json().message).toContain('semestre');
    const library = await ctx.app.inject({
      url: '/api/acervo/meu-pergamum/plano-ensino/bibliografia?ano=2026&biblioteca=99999',
      headers,
    });
    expect(library.statusCode).toBe(404);
  });

  it('is open to visitors with the public token, not to calls without one', async () => {
    const anonymous = await ctx.app.inject({
      url: `/api/acervo/meu-pergamum/plano-ensino/bibliografia?ano=${year}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
