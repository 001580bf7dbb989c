import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CampusPageSchema,
  CoursePageSchema,
  DisciplinePageSchema,
  DisciplineSchema,
  LibraryPageSchema,
  LOOKUP_PAGE_SIZE,
  ProfessorPageSchema,
  ProfessorSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

/** Accent- and case-folded, as a patron would compare names. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('lookups (SPEC §7 /consulta/disciplinas, /cursos, /professores, /campus, /bibliotecas)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  const get = (url: string) => ctx.app.inject({ url: `/api${url}`, headers });

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('lists every discipline in name order on page 1 when nothing is typed', async () => {
    const response = await get('/consulta/disciplinas');
    expect(response.statusCode).toBe(200);
    const page = DisciplinePageSchema.parse(response.json());
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM discipline');
    expect(page.total).toBe(rows.length);
    expect(page.page).toBe(1);
    expect(page.data.map((d) => d.descricao)).toEqual(
      rows
        .map((r) => r.name)
        .sort((a, b) => fold(a).localeCompare(fold(b)))
        .slice(0, LOOKUP_PAGE_SIZE),
    );
  });

  it('finds by any part of the name, ignoring accents and case, and by code', async () => {
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM discipline');
    const expected = rows.map((r) => r.name).filter((name) => fold(name).includes('calculo'));
    expect(expected.length).toBeGreaterThan(0);
    const page = DisciplinePageSchema.parse((await get('/consulta/disciplinas?search_text=CALCULO')).json());
    expect(page.data.map((d) => d.descricao).sort()).toEqual(expected.sort());
    const byCode = DisciplinePageSchema.parse((await get('/consulta/disciplinas?search_text=cc220')).json());
    expect(byCode.data.map((d) => d.sigla)).toEqual(['CC220']);
  });

  it('matches a typed % or _ as itself, not as a wildcard', async () => {
    const page = DisciplinePageSchema.parse((await get('/consulta/disciplinas?search_text=%25')).json());
    expect(page).toMatchObject({ total: 0, data: [] });
  });

  it('pages from 1 with the total over every page, and an empty page past the end', async () => {
    await ctx.db.query(
      `INSERT INTO professor (registration, name)
       SELECT 'T' || g, 'Professora Teste ' || lpad(g::text, 2, '0') FROM generate_series(1, 25) AS g`,
    );
    const first = ProfessorPageSchema.parse((await get('/consulta/professores?search_text=teste')).json());
    const second = ProfessorPageSchema.parse(
      (await get('/consulta/professores?search_text=teste&page=2')).json(),
    );
    const past = ProfessorPageSchema.parse(
      (await get('/consulta/professores?search_text=teste&page=9')).json(),
    );
    expect(first.total).toBe(25);
    expect(first.data).toHaveLength(LOOKUP_PAGE_SIZE);
    expect(first.data[0]?.nome).toBe('Professora Teste 01');
    expect(second.data.map((p) => p.nome)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Professora Teste ${21 + i}`),
    );
    expect(past).toMatchObject({ page: 9, total: 25, data: [] });
  });

  it('refuses a page below 1', async () => {
    expect((await get('/consulta/cursos?page=0')).statusCode).toBe(400);
  });

  it('lists the courses with their campus, and the libraries of one campus', async () => {
    const courses = CoursePageSchema.parse((await get('/consulta/cursos')).json());
    const { rows } = await ctx.db.query<{ id: number; campus_id: number }>(
      'SELECT id, campus_id FROM course',
    );
    expect(courses.total).toBe(rows.length);
    for (const course of courses.data) {
      expect(course.cod_campus).toBe(rows.find((r) => r.id === course.codigo)?.campus_id);
    }
    const campuses = CampusPageSchema.parse((await get('/consulta/campus')).json());
    const tech = campuses.data.find((c) => c.nome_campus === 'Campus Tecnológico');
    expect(tech).toBeTruthy();
    const libraries = LibraryPageSchema.parse(
      (await get(`/consulta/bibliotecas?codCampus=${tech!.cod_campus}`)).json(),
    );
    const inCampus = await ctx.db.query<{ name: string }>('SELECT name FROM library WHERE campus_id = $1', [
      tech!.cod_campus,
    ]);
    expect(libraries.data.map((l) => l.desc_biblioteca).sort()).toEqual(
      inCampus.rows.map((r) => r.name).sort(),
    );
    expect(libraries.data.every((l) => l.cod_campus === tech!.cod_campus)).toBe(true);
  });

  it('answers one entry by its code, and 404 for an unknown code', async () => {
    const { rows } = await ctx.db.query<{ id: number; name: string }>(
      "SELECT id, name FROM professor WHERE registration = 'P001'",
    );
    const professor = ProfessorSchema.parse((await get(`/consulta/professor/${rows[0]!.id}`)).json());
    expect(professor.nome).toBe(rows[0]!.name);
    const discipline = await ctx.db.query<{ id: number }>("SELECT id FROM discipline WHERE code = 'MAT120'");
    expect(
      DisciplineSchema.parse((await get(`/consulta/disciplina/${discipline.rows[0]!.id}`)).json()),
    ).toMatchObject({ sigla: 'MAT120', descricao: 'Álgebra Linear' });
    for (const path of ['professor', 'curso', 'disciplina', 'campus', 'biblioteca']) {
      expect((await get(`/consulta/${path}/999999`)).statusCode).toBe(404);
    }
  });

  it('needs the public token', async () => {
    expect((await ctx.app.inject({ url: '/api/consulta/cursos' })).statusCode).toBe(401);
  });
});
