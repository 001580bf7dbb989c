import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema, type SearchResponse } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

describe('GET /api/consulta on the demo library', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  const search = async (query: Record<string, string | number | boolean>): Promise<SearchResponse> => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const response = await ctx.app.inject({ url: `/api/consulta?${qs}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json());
  };
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('finds a work by its title and puts the exact title first', async () => {
    const result = await search({ termo: 'Dom Casmurro', tipoBusca: 'titulo' });
    expect(result.total).toBeGreaterThan(0);
    expect(result.data[0]?.titulo).toMatch(/^Dom Casmurro/);
    expect(result.data[0]?.autor).toMatch(/Assis/);
  });

  it('answers with data, total, id, base and tab, and the paging it used', async () => {
    const result = await search({ termo: 'Assis', search_tab: 'geral' });
    expect(result.base).toBe('acervo');
    expect(result.tab).toBe('geral');
    expect(result.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.paginaAtiva).toBe(1);
    expect(result.quantPag).toBe(20);
    expect(result.ordenacao).toBe('C');
  });

  it('ignores accents and case ("SERTAO" finds "Grande sertão: veredas")', async () => {
    const result = await search({ termo: 'SERTAO veredas' });
    expect(result.data.map((h) => h.titulo)).toContainEqual(expect.stringMatching(/Grande sert[ãa]o/i));
  });

  it('finds several works of an author by author search, and only by author', async () => {
    const result = await search({ termo: 'Machado de Assis', tipoBusca: 'autor' });
    expect(result.total).toBeGreaterThanOrEqual(3);
    for (const hit of result.data) expect(hit.autor ?? '').toMatch(/Assis/);
  });

  it('exact term type matches the words in order, starting term type matches the beginning of the title', async () => {
    const exact = await search({ termo: 'Casmurro Dom', tipoBusca: 'titulo', tipoTermo: 'exata' });
    expect(exact.data.some((h) => /^Dom Casmurro/.test(h.titulo))).toBe(false);
    const starting = await search({ termo: 'dom casm', tipoBusca: 'titulo', tipoTermo: 'inicio' });
    expect(starting.data.length).toBeGreaterThan(0);
    for (const hit of starting.data) expect(hit.titulo.toLowerCase()).toMatch(/^dom casm/);
  });

  it('finds similar words only when asked ("memoria" → "Memórias póstumas")', async () => {
    const plain = await search({ termo: 'memoria postuma', tipoBusca: 'titulo' });
    const similar = await search({ termo: 'memoria postuma', tipoBusca: 'titulo', similares: true });
    expect(plain.data.some((h) => /Memórias póstumas/.test(h.titulo))).toBe(false);
    expect(similar.data.some((h) => /Memórias póstumas/.test(h.titulo))).toBe(true);
  });

  it('finds a title by its ISBN typed with hyphens, and by the ISBN-10 form', async () => {
    const { rows } = await ctx.db.query<{ id: number; isbn: string }>(
      "SELECT id, isbn[1] AS isbn FROM title WHERE isbn[1] LIKE '978%' ORDER BY id LIMIT 1",
    );
    const { id, isbn } = rows[0]!;
    const hyphenated = `${isbn.slice(0, 3)}-${isbn.slice(3, 5)}-${isbn.slice(5, 9)}-${isbn.slice(9, 12)}-${isbn.slice(12)}`;
    expect((await search({ termo: hyphenated })).data.map((h) => h.cod_acervo)).toContain(id);
    const core = isbn.slice(3, 12);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(core[i]) * (10 - i);
    const check = (11 - (sum % 11)) % 11;
    const isbn10 = `${core}${check === 10 ? 'X' : check}`;
    expect((await search({ termo: isbn10 })).data.map((h) => h.cod_acervo)).toContain(id);
  });

  it('finds titles by the beginning of their call number', async () => {
    const { rows } = await ctx.db.query<{ id: number; call_number: string }>(
      "SELECT id, call_number FROM title WHERE call_number LIKE '% %' ORDER BY id LIMIT 1",
    );
    const { id, call_number } = rows[0]!;
    const prefix = call_number.slice(0, call_number.indexOf(' ') + 2);
    const result = await search({ termo: prefix, quantPag: 100 });
    expect(result.data.map((h) => h.cod_acervo)).toContain(id);
  });

  it('pages through results without repeating a title', async () => {
    const first = await search({
      termo: 'a',
      tipoBusca: 'livre',
      quantPag: 5,
      paginaAtiva: 1,
      ordenacao: 'T',
    });
    const second = await search({
      termo: 'a',
      tipoBusca: 'livre',
      quantPag: 5,
      paginaAtiva: 2,
      ordenacao: 'T',
    });
    expect(first.data).toHaveLength(5);
    expect(second.total).toBe(first.total);
    const ids = new Set(first.data.map((h) => h.cod_acervo));
    for (const hit of second.data) expect(ids.has(hit.cod_acervo)).toBe(false);
  });

  it('sorts by year, newest first, when asked', async () => {
    const result = await search({ termo: 'literatura', ordenacao: 'AD', quantPag: 50 });
    const years = result.data.map((h) => h.ano_publicacao ?? -Infinity);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it('refuses an empty search with a clear message', async () => {
    const response = await ctx.app.inject({ url: '/api/consulta?termo=%20%20', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.stringContaining('termo'), code: 'VALIDATION' });
  });

  it('refuses a page size over 100 and an unknown ordering', async () => {
    const big = await ctx.app.inject({ url: '/api/consulta?termo=a&quantPag=1000', headers });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('quantPag');
    const order = await ctx.app.inject({ url: '/api/consulta?termo=a&ordenacao=Z', headers });
    expect(order.statusCode).toBe(400);
  });

  it('lists the sort options with relevance (C) first', async () => {
    const response = await ctx.app.inject({ url: '/api/consulta/ordenacao', headers });
    expect(response.json()[0]).toEqual({ codigo: 'C', descricao: 'search.sort.C' });
  });

  it('reports copies available on the shelf with each hit', async () => {
    const result = await search({ termo: 'Dom Casmurro', tipoBusca: 'titulo' });
    const hit = result.data[0]!;
    expect(hit.exemplares_total).toBeGreaterThanOrEqual(hit.exemplares_disponiveis);
  });
});
