import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthoritySchema,
  CopiesResponseSchema,
  MarcViewSchema,
  ReferenceResponseSchema,
  TitleSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

describe('title records and authorities', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let domCasmurro: number;
  const get = (url: string, extra: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...headers, ...extra } });
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    const { rows } = await ctx.db.query<{ id: number }>(
      "SELECT id FROM title WHERE title_norm LIKE 'dom casmurro%' ORDER BY id LIMIT 1",
    );
    domCasmurro = rows[0]!.id;
  });
  afterAll(() => ctx.close());

  it('shows a title with its author linked to an authority, subjects and an ABNT reference', async () => {
    const response = await get(`/api/acervo/${domCasmurro}`);
    expect(response.statusCode).toBe(200);
    const title = TitleSchema.parse(response.json());
    expect(title.titulo).toMatch(/^Dom Casmurro/);
    expect(title.autores[0]?.nome).toMatch(/Assis, Machado de/);
    expect(title.autores[0]?.cod_autoridade).toBeTypeOf('number');
    expect(title.assuntos.length).toBeGreaterThan(0);
    expect(title.referencia).toMatch(/^ASSIS, Machado de/);
    expect(title.idioma).toBe('por');
    expect(title.idioma_desc).toBe('Português');
  });

  it('names the work type and language in the caller language', async () => {
    const en = TitleSchema.parse((await get(`/api/acervo/${domCasmurro}`, { idioma: '5' })).json());
    const es = TitleSchema.parse((await get(`/api/acervo/${domCasmurro}`, { idioma: '3' })).json());
    expect(en.idioma_desc).toBe('Portuguese');
    expect(es.idioma_desc).toBe('Portugués');
    expect(en.desc_tipo_obra).toBe('Book');
  });

  it('lists copies with library, status and expected return, and filters by library', async () => {
    const { rows } = await ctx.db.query<{ title_id: number }>(
      'SELECT title_id FROM copy GROUP BY title_id HAVING count(DISTINCT library_id) > 1 ORDER BY title_id LIMIT 1',
    );
    const id = rows[0]!.title_id;
    const all = CopiesResponseSchema.parse((await get(`/api/acervo/${id}/exemplares`)).json());
    const libraries = new Set(all.map((c) => c.cod_biblioteca));
    expect(libraries.size).toBeGreaterThan(1);
    const one = [...libraries][0]!;
    const filtered = CopiesResponseSchema.parse(
      (await get(`/api/acervo/${id}/exemplares?cod_unidade=${one}`)).json(),
    );
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((c) => c.cod_biblioteca === one)).toBe(true);
  });

  it('has copies in every status across the demo library, with a return date for loaned ones', async () => {
    const { rows } = await ctx.db.query<{ status: string; dated: number; n: number }>(
      'SELECT status, count(expected_return)::int AS dated, count(*)::int AS n FROM copy GROUP BY status',
    );
    const statuses = new Map(rows.map((r) => [r.status, r]));
    for (const status of [
      'disponivel',
      'emprestado',
      'reservado',
      'quarentena',
      'atrasado',
      'consulta_local',
      'extraviado',
      'em_processamento',
    ]) {
      expect(statuses.has(status), status).toBe(true);
    }
    expect(statuses.get('emprestado')!.dated).toBe(statuses.get('emprestado')!.n);
  });

  it('shows the MARC record with its 245 title field', async () => {
    const marc = MarcViewSchema.parse((await get(`/api/acervo/${domCasmurro}/marc`)).json());
    expect(marc.leader).toHaveLength(24);
    const f245 = marc.fields.find((f) => f.tag === '245');
    expect(f245?.subfields?.find((s) => s.code === 'a')?.value).toMatch(/Dom Casmurro/);
  });

  it('shows Dublin Core with title and creator', async () => {
    const dc = (await get(`/api/acervo/${domCasmurro}/dublin-core`)).json() as {
      element: string;
      value: string;
    }[];
    expect(dc.find((e) => e.element === 'title')?.value).toMatch(/Dom Casmurro/);
    expect(dc.find((e) => e.element === 'creator')?.value).toMatch(/Assis/);
  });

  it('serves the reference tab in ABNT by default, with the main title bold in HTML', async () => {
    const response = await get(`/api/acervo/${domCasmurro}/referencia`);
    expect(response.statusCode).toBe(200);
    const ref = ReferenceResponseSchema.parse(response.json());
    expect(ref.formato).toBe('ABNT');
    expect(ref.referencia).toMatch(/^ASSIS, Machado de\. Dom Casmurro\b.*\.$/);
    expect(ref.html).toMatch(/^ASSIS, Machado de\. <b>Dom Casmurro<\/b>/);
    // The title's own reference field is the same ABNT text.
    const title = TitleSchema.parse((await get(`/api/acervo/${domCasmurro}`)).json());
    expect(title.referencia).toBe(ref.referencia);
  });

  it('gives the reference in APA, Chicago and MLA, the format in either case', async () => {
    const ask = async (formato: string) =>
      ReferenceResponseSchema.parse(
        (await get(`/api/acervo/${domCasmurro}/referencia?formato=${formato}`)).json(),
      );
    const apa = await ask('apa');
    expect(apa.formato).toBe('APA');
    expect(apa.referencia).toMatch(/^Assis, M\. de\. \(\d{4}\)\. Dom Casmurro/);
    expect(apa.html).toContain('<i>Dom Casmurro');
    const chicago = await ask('CHICAGO');
    expect(chicago.formato).toBe('CHICAGO');
    expect(chicago.referencia).toMatch(/^Assis, Machado de\. \d{4}\. Dom Casmurro/);
    const mla = await ask('mla');
    expect(mla.formato).toBe('MLA');
    expect(mla.referencia).toMatch(/^Assis, Machado de\. Dom Casmurro/);
  });

  it('refuses an unknown reference format with 400', async () => {
    const response = await get(`/api/acervo/${domCasmurro}/referencia?formato=vancouver`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
  });

  it('gives the ABNT reference at /vinculos/abnt/{id}, and 404 for an unknown title', async () => {
    const response = await get(`/api/vinculos/abnt/${domCasmurro}`);
    expect(response.statusCode).toBe(200);
    const ref = ReferenceResponseSchema.parse(response.json());
    const tab = ReferenceResponseSchema.parse((await get(`/api/acervo/${domCasmurro}/referencia`)).json());
    expect(ref).toEqual(tab);
    expect((await get('/api/vinculos/abnt/99999999')).statusCode).toBe(404);
    expect((await get('/api/acervo/99999999/referencia')).statusCode).toBe(404);
  });

  it('answers 404 with the error shape for an unknown title, and 400 for a bad id', async () => {
    const missing = await get('/api/acervo/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Registro não encontrado.', code: 'NOT_FOUND' });
    const bad = await get('/api/acervo/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });

  it('shows an authority with the titles under it', async () => {
    const title = TitleSchema.parse((await get(`/api/acervo/${domCasmurro}`)).json());
    const authorityId = title.autores[0]!.cod_autoridade!;
    const authority = AuthoritySchema.parse((await get(`/api/autoridade/${authorityId}`)).json());
    expect(authority.tipo).toBe('pessoa');
    expect(authority.cabecalho).toMatch(/Assis, Machado de/);
    expect(authority.total_titulos).toBeGreaterThanOrEqual(3);
    expect(authority.titulos.map((t) => t.cod_acervo)).toContain(domCasmurro);
    const marc = await get(`/api/autoridade/${authorityId}/marc`);
    expect(marc.statusCode).toBe(200);
    expect((await get('/api/autoridade/99999999')).statusCode).toBe(404);
  });
});

describe('references of online titles', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await buildTestApp({ clock: { now: () => new Date('2024-03-05T12:00:00Z') } });
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('gives the URL and the access date of the request (clock) in ABNT 2018 form', async () => {
    const { rows } = await ctx.db.query<{ id: number; url: string }>(
      `SELECT l.title_id AS id, l.url FROM online_link l JOIN title t ON t.id = l.title_id
        WHERE t.work_type = 'EBOOK' ORDER BY l.title_id, l.seq LIMIT 1`,
    );
    const online = rows[0]!;
    const response = await ctx.app.inject({ url: `/api/vinculos/abnt/${online.id}`, headers });
    const ref = ReferenceResponseSchema.parse(response.json());
    expect(ref.referencia).toContain(`Disponível em: ${online.url}. Acesso em: 5 mar. 2024.`);
    expect(ref.referencia).not.toMatch(/[<>]/);
  });
});

describe('the authority-type combo', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  const get = (url: string, extra: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...headers, ...extra } });
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('offers every authority type in the combo, named in the caller language, with counts', async () => {
    const pt = (await get('/api/autoridade/combo')).json() as {
      codigo: string;
      descricao: string;
      total: number;
    }[];
    expect(pt).toHaveLength(12);
    expect(pt.find((o) => o.codigo === 'pessoa')).toMatchObject({ descricao: 'Pessoas' });
    expect(pt.find((o) => o.codigo === 'pessoa')!.total).toBeGreaterThan(50);
    const es = (await get('/api/autoridade/combo?autoridades=pessoa,assunto', { idioma: '3' })).json();
    expect(es).toEqual([
      { codigo: 'pessoa', descricao: 'Personas', total: expect.any(Number) },
      { codigo: 'assunto', descricao: 'Materias', total: expect.any(Number) },
    ]);
    expect((await get('/api/autoridade/combo?autoridades=planeta')).statusCode).toBe(400);
  });
});

describe('online links and their access statistics', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let ebook: { id: number; url: string };
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    const { rows } = await ctx.db.query<{ id: number; url: string }>(
      'SELECT title_id AS id, url FROM online_link WHERE seq = 1 ORDER BY title_id LIMIT 1',
    );
    ebook = rows[0]!;
  });
  afterAll(() => ctx.close());

  it('lists the online links of an e-book', async () => {
    const response = await ctx.app.inject({ url: `/api/acervo/${ebook.id}/links`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({ seq_paragrafo: 1, url: ebook.url });
  });

  it('counts a click on a link with what the browser said about itself', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/vinculos/estatistica-acesso',
      headers,
      payload: {
        cod_acervo: ebook.id,
        seq_paragrafo: 1,
        url: ebook.url,
        user_id: null,
        browser: 'Chromium',
        device: 'desktop',
        os: 'Linux',
      },
    });
    expect(response.statusCode).toBe(201);
    const { rows } = await ctx.db.query<{ browser: string; n: number }>(
      'SELECT browser, count(*)::int AS n FROM link_access WHERE title_id = $1 GROUP BY browser',
      [ebook.id],
    );
    expect(rows).toEqual([{ browser: 'Chromium', n: 1 }]);
  });

  it('refuses to count a link the title does not have', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/vinculos/estatistica-acesso',
      headers,
      payload: { cod_acervo: ebook.id, seq_paragrafo: 1, url: 'https://elsewhere.example/' },
    });
    expect(response.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/vinculos/estatistica-acesso',
      headers,
      payload: { cod_acervo: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
