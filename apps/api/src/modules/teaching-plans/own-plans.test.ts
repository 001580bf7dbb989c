import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TeachingPlanBibliographySchema,
  TeachingPlanChoicesSchema,
  type TeachingPlanBibliography,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn } from '../identity/testing.ts';
import { runUserCommand } from '../identity/user-command.ts';

const CHOICES = '/api/acervo/meu-pergamum/plano-ensino/disciplinas-bibliotecas';
const BIBLIOGRAPHY = '/api/acervo/meu-pergamum/plano-ensino/bibliografia';

describe('the professor’s own teaching plans (meus=S, personal area activity 831)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let carla: Record<string, string>;
  let ana: Record<string, string>;
  let year: number;
  const id: Record<string, number> = {};

  const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });
  const plans = async (query: string, headers = carla): Promise<TeachingPlanBibliography> => {
    const response = await get(`${BIBLIOGRAPHY}?${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return TeachingPlanBibliographySchema.parse(response.json());
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    carla = bearer((await signIn(ctx.app, 'carla', 'estante-carla')).access_token);
    ana = bearer((await signIn(ctx.app, 'ana', 'estante-ana')).access_token);
    const { rows } = await ctx.db.query<{ code: string; id: number }>(
      'SELECT code, id FROM course UNION ALL SELECT code, id FROM discipline UNION ALL SELECT code, id FROM library',
    );
    for (const row of rows) id[row.code] = row.id;
    year = (await ctx.db.query<{ y: number }>('SELECT extract(year FROM current_date)::int AS y')).rows[0]!.y;
  });
  afterAll(() => ctx.close());

  it('offers a professor only the disciplines and years of their own plans', async () => {
    const response = await get(`${CHOICES}?meus=S`, carla);
    expect(response.statusCode).toBe(200);
    const choices = TeachingPlanChoicesSchema.parse(response.json());
    expect(choices.disciplinas.map((d) => d.sigla)).toEqual(['CC101', 'CC220']);
    expect(choices.anos).toEqual([year]);
    expect(choices.bibliotecas.length).toBe(3);
    // The public tab still offers every discipline that has a plan.
    const all = TeachingPlanChoicesSchema.parse((await get(CHOICES, carla)).json());
    expect(all.disciplinas.length).toBeGreaterThan(2);
  });

  it('answers a professor only their own plans, whatever else the search names', async () => {
    const own = await plans(`meus=S&ano=${year}`);
    expect(own.data.map((p) => [p.disciplina.sigla, p.professor])).toEqual([
      ['CC220', 'Carla Mendes Ribeiro'],
      ['CC101', 'Carla Mendes Ribeiro'],
    ]);
    // Another professor's course and discipline: nothing of theirs comes back.
    expect((await plans(`meus=S&departamento=${id['DIR']}`)).data).toEqual([]);
    expect((await plans(`meus=S&disciplina=${id['MAT101']}`)).data).toEqual([]);
    // Without meus the same search reads the public tab's plans.
    expect((await plans(`departamento=${id['DIR']}`)).data.length).toBe(2);
  });

  it('never lets a patron who is not a professor read a professor’s plans as their own (403)', async () => {
    for (const url of [`${CHOICES}?meus=S`, `${BIBLIOGRAPHY}?meus=S&ano=${year}`]) {
      const response = await get(url, ana);
      expect(response.statusCode, url).toBe(403);
      expect(response.body).not.toContain('Carla');
    }
  });

  it('needs a signed-in patron for meus (a visitor’s public token is a 401)', async () => {
    const visitor = bearer(await publicToken(ctx.app));
    expect((await get(`${CHOICES}?meus=S`, visitor)).statusCode).toBe(401);
    expect((await get(`${BIBLIOGRAPHY}?meus=S&ano=${year}`, visitor)).statusCode).toBe(401);
  });

  it('gives a professor category patron linked to no professor no plans (estante user professor)', async () => {
    const lines: string[] = [];
    const io = {
      out: (l: string) => lines.push(l),
      err: (l: string) => lines.push(l),
      readStdin: async () => '',
    };
    expect(await runUserCommand(ctx.db, ['professor', 'carla', '--none'], io)).toBe(0);
    try {
      expect((await plans(`meus=S&ano=${year}`)).data).toEqual([]);
      const choices = TeachingPlanChoicesSchema.parse((await get(`${CHOICES}?meus=S`, carla)).json());
      expect(choices.disciplinas).toEqual([]);
      expect(await runUserCommand(ctx.db, ['professor', 'carla', 'P999'], io)).toBe(1);
      expect(await runUserCommand(ctx.db, ['professor', 'nobody', 'P009'], io)).toBe(1);
    } finally {
      expect(await runUserCommand(ctx.db, ['professor', 'carla', 'P009'], io)).toBe(0);
    }
    expect((await plans(`meus=S&ano=${year}`)).data.length).toBe(2);
  });

  it('still asks for at least one field that chooses plans (SPEC §5)', async () => {
    const response = await get(`${BIBLIOGRAPHY}?meus=S&biblioteca=${id['BT']}`, carla);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'TEACHING_PLAN_CRITERIA_REQUIRED' });
  });

  it('counts circulating copies per vacancy of each title in the chosen library', async () => {
    // A title of CC101 (50 vacancies) with copies placed on purpose in the technology library:
    // 3 that circulate (on the shelf, lent, in quarantine) and 3 that do not (lost, reference, processing).
    const cc101 = (await plans(`meus=S&disciplina=${id['CC101']}`)).data[0]!;
    const titleId = cc101.basica[0]!.cod_acervo;
    await ctx.db.query('UPDATE copy SET library_id = $2 WHERE title_id = $1 AND library_id = $3', [
      titleId,
      id['BC'],
      id['BT'],
    ]);
    const statuses = [
      'disponivel',
      'emprestado',
      'quarentena',
      'extraviado',
      'consulta_local',
      'em_processamento',
    ];
    for (const [i, status] of statuses.entries()) {
      await ctx.db.query('INSERT INTO copy (title_id, library_id, number, status) VALUES ($1, $2, $3, $4)', [
        titleId,
        id['BT'],
        `TP-${titleId}-${i}`,
        status,
      ]);
    }
    const inBt = (await plans(`meus=S&disciplina=${id['CC101']}&biblioteca=${id['BT']}`)).data[0]!;
    const hit = inBt.basica.find((h) => h.cod_acervo === titleId)!;
    expect(inBt.vagas).toBe(50);
    expect([hit.exemplares_total, hit.exemplares_circulantes, hit.exemplares_por_vaga]).toEqual([6, 3, 0.06]);
    // With no library chosen every library's circulating copies count.
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM copy WHERE title_id = $1
          AND status NOT IN ('extraviado', 'consulta_local', 'em_processamento')`,
      [titleId],
    );
    const everywhere = (await plans(`meus=S&disciplina=${id['CC101']}`)).data[0]!;
    const all = everywhere.basica.find((h) => h.cod_acervo === titleId)!;
    expect(all.exemplares_circulantes).toBe(rows[0]!.n);
    expect(all.exemplares_por_vaga).toBe(Math.round((rows[0]!.n / 50) * 100) / 100);
  });
});
