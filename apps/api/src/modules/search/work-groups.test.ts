import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema, type SearchResponse } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { writeSetting } from '../institution/index.ts';
import { searchRequest } from './engine.ts';
import { createPostgresSearchEngine } from './postgres-engine.ts';
import { buildMatchedTitlesSql } from './query.ts';
import { GROUP_WORKS_SETTING, groupsWorks } from './work-groups.ts';

describe('grouped works in GET /api/consulta (decision 0071)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  const search = async (query: Record<string, string | number>): Promise<SearchResponse> => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const response = await ctx.app.inject({ url: `/api/consulta?${qs}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json());
  };
  const grouping = (on: boolean) => writeSetting(ctx.db, GROUP_WORKS_SETTING, on);
  const typeCount = (result: SearchResponse, value: string) =>
    result.filtros.find((g) => g.tipo === 'T')?.valores.find((v) => v.valor === value)?.quantidade;
  const DOM_CASMURRO = { termo: 'Dom Casmurro', tipoBusca: 'titulo' };

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('shows the print, e-book and braille "Dom Casmurro" as one result with its three editions', async () => {
    const result = await search(DOM_CASMURRO);
    const lines = result.data.filter((hit) => hit.titulo === 'Dom Casmurro');
    expect(lines).toHaveLength(1);
    const [work] = lines;
    expect(work!.edicoes?.map((e) => e.cod_acervo)[0]).toBe(work!.cod_acervo);
    expect(work!.edicoes).toHaveLength(3);
    expect(new Set(work!.edicoes!.map((e) => e.cod_tipo_obra))).toEqual(new Set(['LIVRO', 'EBOOK']));
    expect(work!.edicoes!.filter((e) => e.possui_acessibilidade === 'S')).toHaveLength(1);
    // The count is of works; every other line is a work of one title.
    expect(result.total).toBe(result.data.length);
    for (const hit of result.data.filter((h) => h !== work)) expect(hit.edicoes).toBeUndefined();
  });

  it('counts works in the filters: each value is the count its filter then shows, and narrows the editions', async () => {
    const grouped = await search(DOM_CASMURRO);
    await grouping(false);
    const titles = await search(DOM_CASMURRO);
    await grouping(true);
    expect(titles.total).toBe(grouped.total + 2);
    // The two print editions are one work; the e-book is that work too.
    expect(typeCount(grouped, 'LIVRO')).toBe(typeCount(titles, 'LIVRO')! - 1);
    expect(typeCount(grouped, 'EBOOK')).toBe(typeCount(titles, 'EBOOK'));
    for (const value of grouped.filtros.find((g) => g.tipo === 'T')!.valores) {
      const filtered = await search({ ...DOM_CASMURRO, filtro: `T:${value.valor}` });
      expect([value.valor, filtered.total]).toEqual([value.valor, value.quantidade]);
    }
    // Only the e-book passes: the work has one matched edition, shown as a plain line.
    const ebooks = await search({ ...DOM_CASMURRO, filtro: 'T:EBOOK' });
    const line = ebooks.data.find((hit) => hit.titulo === 'Dom Casmurro');
    expect(line?.cod_tipo_obra).toBe('EBOOK');
    expect(line?.edicoes).toBeUndefined();
  });

  it('with the setting off answers titles exactly as before: no editions, every title a line', async () => {
    await grouping(false);
    const off = await search(DOM_CASMURRO);
    await grouping(true);
    expect(off.data.filter((hit) => hit.titulo === 'Dom Casmurro')).toHaveLength(3);
    expect(off.data.some((hit) => hit.edicoes)).toBe(false);
    expect(off.total).toBe(off.data.length);
  });

  it('pages by works: no work split across pages nor repeated, and the pages add up to the count', async () => {
    const query = { termo: 'Assis', tipoBusca: 'autor', ordenacao: 'T' };
    await grouping(false);
    const titles = await search({ ...query, quantPag: 100 });
    await grouping(true);
    const first = await search({ ...query, quantPag: 2 });
    expect(first.total).toBeLessThan(titles.total);
    const seen: number[] = [];
    let lines = 0;
    for (let page = 1; page <= Math.ceil(first.total / 2); page++) {
      const result = await search({ ...query, quantPag: 2, paginaAtiva: page });
      expect(result.total).toBe(first.total);
      lines += result.data.length;
      for (const hit of result.data) seen.push(...(hit.edicoes ?? [hit]).map((e) => e.cod_acervo));
    }
    expect(lines).toBe(first.total);
    expect(seen.sort((a, b) => a - b)).toEqual(titles.data.map((h) => h.cod_acervo).sort((a, b) => a - b));
    const past = await search({ ...query, quantPag: 2, paginaAtiva: Math.ceil(first.total / 2) + 1 });
    expect(past.data).toEqual([]);
    expect(past.total).toBe(first.total);
  });

  it('groups only the whole-catalogue tab: the tabs that list titles stay as they were', async () => {
    for (const tab of ['geral', 'avancada']) expect(await groupsWorks(ctx.db, tab)).toBe(true);
    for (const tab of ['ebooks', 'acessibilidade', 'novas-aquisicoes', 'arquivo', 'rede-oai'])
      expect(await groupsWorks(ctx.db, tab)).toBe(false);
  });

  it('keeps a page of works only while the catalogue is unchanged', async () => {
    const editions = async () =>
      (await search(DOM_CASMURRO)).data.find((hit) => hit.titulo === 'Dom Casmurro')?.edicoes ?? [];
    const before = await editions();
    expect(before).toHaveLength(3);
    expect(await editions()).toEqual(before);
    const moved = before[2]!.cod_acervo;
    await ctx.db.query(`UPDATE title SET title = 'Dom Casmurro (adaptação)' WHERE id = $1`, [moved]);
    try {
      expect((await editions()).map((e) => e.cod_acervo)).toEqual(
        before.map((e) => e.cod_acervo).filter((id) => id !== moved),
      );
    } finally {
      await ctx.db.query(`UPDATE title SET title = 'Dom Casmurro' WHERE id = $1`, [moved]);
    }
  });

  it('has the engine count the works of a search in its own snapshot, whichever way it answers', async () => {
    const engines = [
      createPostgresSearchEngine(ctx.db, { keysInMemory: 'off', termCounts: false, countCacheSize: 0 }),
      createPostgresSearchEngine(ctx.db, { keysInMemory: 'wait' }),
    ];
    const requests = [
      searchRequest({ text: 'Dom Casmurro', type: 'titulo' }),
      searchRequest({ text: 'Dom Casmurro', filters: [{ tipo: 'T', valor: 'LIVRO' }] }),
      searchRequest({
        text: 'Assis',
        type: 'autor',
        filters: [
          { tipo: 'T', valor: 'LIVRO' },
          { tipo: 'I', valor: 'por' },
        ],
      }),
      searchRequest({ text: 'de' }),
      searchRequest({ text: 'de', filters: [{ tipo: 'T', valor: 'LIVRO' }] }),
      searchRequest({ text: 'nada-que-exista' }),
    ];
    for (const request of requests) {
      const truth = buildMatchedTitlesSql(
        request,
        `count(DISTINCT coalesce(t.work_key, '#' || t.id))::int AS works`,
      );
      const { works } = (await ctx.db.query<{ works: number }>(truth.sql, truth.params)).rows[0]!;
      for (const engine of engines) {
        const result = await engine.search({ ...request, countWorks: true });
        expect([request.text, request.filters, result.works]).toEqual([request.text, request.filters, works]);
        expect((await engine.search(request)).works).toBeUndefined();
      }
    }
  });
});
