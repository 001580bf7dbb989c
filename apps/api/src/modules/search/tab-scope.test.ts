import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdvancedSearchOptionsSchema,
  ArchiveOptionsSchema,
  JurisprudenceOptionsSchema,
  NormativeActOptionsSchema,
  SearchResponseSchema,
  type SearchResponse,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

type Query = Record<string, string | number | string[]>;

describe('search tabs on the demo library (GET /api/consulta with search_tab and opcao)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  const url = (path: string, query: Query) => {
    const qs = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      for (const v of Array.isArray(value) ? value : [value]) qs.append(key, String(v));
    return `/api${path}?${qs}`;
  };
  const search = async (query: Query): Promise<SearchResponse> => {
    const response = await ctx.app.inject({ url: url('/consulta', { quantPag: 100, ...query }), headers });
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json());
  };
  /** The titles found, without their subtitles ("Lei n. 9.610, de 19 de fevereiro de 1998 : altera…"). */
  const titles = (result: SearchResponse) => result.data.map((h) => h.titulo.split(' : ')[0]).sort();
  const ids = (result: SearchResponse) => result.data.map((h) => h.cod_acervo).sort((a, b) => a - b);
  const sqlIds = async (sql: string, params: unknown[] = []) =>
    (await ctx.db.query<{ id: number }>(sql, params)).rows.map((r) => r.id).sort((a, b) => a - b);

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  describe('e-books', () => {
    it('finds only e-books and titles read online, the same ones the general tab finds among them', async () => {
      const general = await search({ termo: 'lei' });
      const online = await sqlIds(
        `SELECT id FROM title WHERE (work_type = 'EBOOK' OR remote_access = 'cr') AND id = ANY ($1::int[])`,
        [general.data.map((h) => h.cod_acervo)],
      );
      const tab = await search({ termo: 'lei', search_tab: 'ebooks' });
      expect(online.length).toBeGreaterThan(0);
      expect(ids(tab)).toEqual(online);
      // The online law is there though it is a normative act, not an e-book.
      expect(tab.data.find((h) => h.titulo.startsWith('Lei n. 13.709'))?.cod_tipo_obra).toBe('ATO_NORMATIVO');
      expect(tab.data.every((h) => h.cod_tipo_obra === 'EBOOK' || h.acesso_remoto === 'cr')).toBe(true);
    });

    it('still needs a term', async () => {
      const response = await ctx.app.inject({ url: url('/consulta', { search_tab: 'ebooks' }), headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        message: expect.stringContaining('termo'),
      });
    });
  });

  describe('accessibility', () => {
    it('finds the accessible editions (braille, DAISY, large print, audiobooks) and nothing else', async () => {
      const tab = await search({ termo: 'Dom Casmurro', search_tab: 'acessibilidade' });
      expect(tab.data.map((h) => h.possui_acessibilidade)).toEqual(['S']);
      // Every title of the general search, the editions of its grouped works too (decision 0071).
      const general = (await search({ termo: 'Iracema' })).data.flatMap((h) => h.edicoes ?? [h]);
      const accessible = await sqlIds(`SELECT id FROM title WHERE is_accessible AND id = ANY ($1::int[])`, [
        general.map((h) => h.cod_acervo),
      ]);
      expect(general.length).toBeGreaterThan(accessible.length);
      expect(ids(await search({ termo: 'Iracema', search_tab: 'acessibilidade' }))).toEqual(accessible);
    });
  });

  describe('normative acts', () => {
    it('finds a law by its number alone, written with or without the thousands point', async () => {
      for (const numero of ['9610', '9.610']) {
        const result = await search({ search_tab: 'atos-normativos', opcao: `numero:${numero}` });
        expect(titles(result)).toEqual(['Lei n. 9.610, de 19 de fevereiro de 1998']);
      }
    });

    it('narrows by kind: the two decrees, the two constitutions', async () => {
      expect(titles(await search({ search_tab: 'atos-normativos', opcao: 'tipo:DECRETO' }))).toEqual([
        'Decreto n. 5.626, de 22 de dezembro de 2005',
        'Decreto n. 7.724, de 16 de maio de 2012',
      ]);
      expect(titles(await search({ search_tab: 'atos-normativos', opcao: 'tipo:CONSTITUICAO' }))).toEqual([
        'Constituição da República Federativa do Brasil',
        'Constituição da República Federativa do Brasil de 1988',
      ]);
      // Two kinds are alternatives.
      const both = await search({ search_tab: 'atos-normativos', opcao: ['tipo:DECRETO', 'tipo:RESOLUCAO'] });
      expect(both.total).toBe(3);
    });

    it('narrows by issuing body and by year, accents and case ignored', async () => {
      const presidency = await search({
        search_tab: 'atos-normativos',
        opcao: 'orgao:brasil. presidencia da republica',
      });
      expect(titles(presidency)).toEqual([
        'Decreto n. 5.626, de 22 de dezembro de 2005',
        'Decreto n. 7.724, de 16 de maio de 2012',
      ]);
      expect(titles(await search({ search_tab: 'atos-normativos', opcao: 'ano:2018' }))).toEqual([
        'Lei n. 13.709, de 14 de agosto de 2018',
        'Resolução CNE/CES n. 7, de 18 de dezembro de 2018',
      ]);
    });

    it('combines a term with the options (different keys all apply)', async () => {
      const result = await search({ termo: 'informação', search_tab: 'atos-normativos', opcao: 'tipo:LEI' });
      expect(titles(result)).toEqual(['Lei n. 12.527, de 18 de novembro de 2011']);
      const none = await search({ termo: 'informação', search_tab: 'atos-normativos', opcao: 'ano:1990' });
      expect(none.total).toBe(0);
    });

    it('holds every legislation record and no book about a law', async () => {
      const tab = await search({ termo: 'lei', search_tab: 'atos-normativos' });
      expect(tab.total).toBeGreaterThan(0);
      expect(tab.data.every((h) => h.cod_tipo_obra === 'ATO_NORMATIVO')).toBe(true);
      const acts = await sqlIds(`SELECT title_id AS id FROM title_normative_act`);
      expect(acts).toHaveLength(12);
    });

    it('refuses an unknown kind and a year that is not a year', async () => {
      for (const opcao of ['tipo:LIVRO', 'ano:98']) {
        const response = await ctx.app.inject({
          url: url('/consulta', { search_tab: 'atos-normativos', opcao }),
          headers,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(opcao.split(':')[0]);
      }
    });

    it('needs a term or an option', async () => {
      const response = await ctx.app.inject({
        url: url('/consulta', { search_tab: 'atos-normativos' }),
        headers,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('termo');
    });
  });

  describe('jurisprudence', () => {
    it('narrows by court, rapporteur, kind of decision, number and year', async () => {
      const tab = { search_tab: 'jurisprudencia' };
      expect(titles(await search({ ...tab, opcao: 'tribunal:Superior Tribunal de Justiça' }))).toEqual([
        'Recurso especial n. 1.159.242',
      ]);
      expect(titles(await search({ ...tab, opcao: 'relator:fux, luiz' }))).toEqual([
        'Recurso extraordinário n. 898.060',
      ]);
      expect(titles(await search({ ...tab, opcao: 'tipo:Súmula vinculante' }))).toEqual([
        'Súmula vinculante n. 13',
      ]);
      expect(titles(await search({ ...tab, opcao: 'numero:4277' }))).toEqual([
        'Ação direta de inconstitucionalidade n. 4.277',
      ]);
      expect(titles(await search({ ...tab, opcao: 'ano:2012' }))).toEqual([
        'Arguição de descumprimento de preceito fundamental n. 54',
        'Recurso especial n. 1.159.242',
      ]);
      const supreme = await search({ ...tab, opcao: 'tribunal:Supremo Tribunal Federal' });
      expect(supreme.total).toBe(5);
    });

    it('finds a decision by the words of its subject', async () => {
      const result = await search({ termo: 'união estável', search_tab: 'jurisprudencia' });
      expect(titles(result)).toEqual(['Ação direta de inconstitucionalidade n. 4.277']);
    });
  });

  describe('archive', () => {
    it('narrows by fonds and by series', async () => {
      const reitoria = await search({
        search_tab: 'arquivo',
        opcao: 'fundo:Arquivo da Reitoria da Universidade Estante',
      });
      expect(titles(reitoria)).toEqual([
        'Arquivo da Reitoria da Universidade Estante',
        'Ata da sessão de instalação do Conselho Universitário',
        'Atas do Conselho Universitário, 1970-1979',
        'Correspondência expedida pela Reitoria',
      ]);
      const minutes = await search({ search_tab: 'arquivo', opcao: 'serie:atas do conselho universitario' });
      expect(minutes.total).toBe(2);
    });

    it('finds the units whose dates overlap the years asked for', async () => {
      const sixties = await search({ search_tab: 'arquivo', opcao: ['dataIni:1966', 'dataFim:1969'] });
      expect(titles(sixties)).toEqual([
        'Arquivo da Reitoria da Universidade Estante',
        'Correspondência expedida pela Reitoria',
        'Inauguração da Biblioteca Central',
        'Projeto arquitetônico da Biblioteca Central',
      ]);
    });

    it('holds only archival material, and refuses a start year after the end year (SPEC §5)', async () => {
      const all = await search({ termo: 'universidade', search_tab: 'arquivo' });
      const archival = await sqlIds('SELECT title_id AS id FROM title_archive');
      expect(archival).toHaveLength(6);
      for (const id of ids(all)) expect(archival).toContain(id);
      const response = await ctx.app.inject({
        url: url('/consulta', { search_tab: 'arquivo', opcao: ['dataIni:1980', 'dataFim:1970'] }),
        headers,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'DATE_RANGE_INVERTED',
        message: 'search.options.dateOrder',
      });
    });
  });

  describe('new acquisitions', () => {
    const acquiredWithin = (days: number) =>
      ctx.db.query<{ id: number; acquired_on: string }>(
        `SELECT id, acquired_on::text FROM title
          WHERE acquired_on > current_date - $1::int AND acquired_on <= current_date
          ORDER BY acquired_on DESC, id`,
        [days],
      );

    it('lists the titles acquired in the last 30 days without a term, newest first', async () => {
      const { rows } = await acquiredWithin(30);
      expect(rows.length).toBeGreaterThan(0);
      const result = await search({ search_tab: 'novas-aquisicoes' });
      expect(result.total).toBe(rows.length);
      // One title a day in the demo library: the order is the order of acquisition, newest first.
      expect(result.data.map((h) => h.cod_acervo)).toEqual(rows.map((r) => r.id));
    });

    it('takes the number of days, or a period of dates', async () => {
      const { rows: week } = await acquiredWithin(7);
      expect(ids(await search({ search_tab: 'novas-aquisicoes', opcao: 'dias:7' }))).toEqual(
        week.map((r) => r.id).sort((a, b) => a - b),
      );
      const { rows: period } = await ctx.db.query<{ id: number; from: string; to: string }>(
        `SELECT id, (current_date - 60)::text AS from, (current_date - 50)::text AS to FROM title
          WHERE acquired_on BETWEEN current_date - 60 AND current_date - 50`,
      );
      const result = await search({
        search_tab: 'novas-aquisicoes',
        opcao: [`dataIni:${period[0]!.from}`, `dataFim:${period[0]!.to}`],
      });
      expect(ids(result)).toEqual(period.map((r) => r.id).sort((a, b) => a - b));
      expect(result.total).toBe(11);
    });

    it('leaves out titles dated after today (not arrived yet)', async () => {
      const { rows } = await ctx.db.query<{ id: number }>(
        `UPDATE title SET acquired_on = current_date + 3 WHERE id = (SELECT min(id) FROM title) RETURNING id`,
      );
      const result = await search({ search_tab: 'novas-aquisicoes', opcao: 'dias:366' });
      expect(result.data.map((h) => h.cod_acervo)).not.toContain(rows[0]!.id);
    });

    it('with a term, finds the new titles that match it', async () => {
      const { rows } = await acquiredWithin(30);
      const general = await search({ termo: 'Supremo Tribunal Federal' });
      const expected = general.data.map((h) => h.cod_acervo).filter((id) => rows.some((r) => r.id === id));
      expect(expected.length).toBeGreaterThan(0);
      const result = await search({ termo: 'Supremo Tribunal Federal', search_tab: 'novas-aquisicoes' });
      expect(ids(result)).toEqual(expected.sort((a, b) => a - b));
    });

    it('refuses a malformed period, and a start after the end', async () => {
      for (const opcao of [['dias:0'], ['dias:1000'], ['dataIni:2026-02-30']]) {
        const response = await ctx.app.inject({
          url: url('/consulta', { search_tab: 'novas-aquisicoes', opcao }),
          headers,
        });
        expect(response.statusCode, opcao.join()).toBe(400);
      }
      const inverted = await ctx.app.inject({
        url: url('/consulta', {
          search_tab: 'novas-aquisicoes',
          opcao: ['dataIni:2026-03-01', 'dataFim:2026-02-01'],
        }),
        headers,
      });
      expect(inverted.statusCode).toBe(422);
    });
  });

  describe('advanced search limits', () => {
    const query = { termo: 'machado', tipoBusca: 'autor', search_tab: 'avancada', linha: 'OU|autor|alencar' };

    it('limits every row to the publication years asked for, either end open, beside the T and I filters', async () => {
      const all = await search(query);
      expect(all.total).toBeLessThanOrEqual(100);
      const within = (sql: string) =>
        sqlIds(`SELECT id FROM title WHERE ${sql} AND id = ANY ($1::int[])`, [ids(all)]);
      const twentieth = await within('year BETWEEN 1900 AND 1999');
      expect(twentieth.length).toBeGreaterThan(0);
      expect(twentieth.length).toBeLessThan(all.total);
      expect(ids(await search({ ...query, opcao: ['dataIni:1900', 'dataFim:1999'] }))).toEqual(twentieth);
      expect(ids(await search({ ...query, opcao: 'dataIni:1950' }))).toEqual(await within('year >= 1950'));
      expect(ids(await search({ ...query, opcao: 'dataFim:1899' }))).toEqual(await within('year <= 1899'));
      // Work type and language are the result filters, and combine with the years.
      const books = await search({ ...query, opcao: 'dataIni:1900', filtro: ['T:LIVRO', 'I:por'] });
      expect(books.total).toBeGreaterThan(0);
      expect(ids(books)).toEqual(await within(`year >= 1900 AND work_type = 'LIVRO' AND language = 'por'`));
    });

    it('refuses a year that is not a year, and a start year after the end (SPEC §5)', async () => {
      const malformed = await ctx.app.inject({
        url: url('/consulta', { ...query, opcao: 'dataIni:19' }),
        headers,
      });
      expect(malformed.statusCode).toBe(400);
      const inverted = await ctx.app.inject({
        url: url('/consulta', { ...query, opcao: ['dataIni:2000', 'dataFim:1990'] }),
        headers,
      });
      expect(inverted.statusCode).toBe(422);
      expect(inverted.json()).toMatchObject({ code: 'DATE_RANGE_INVERTED' });
    });
  });
});

describe('options of the tab forms (GET /api/consulta/opcoes-arquivo, opcoes-atos-normativos, jurisprudencia-options)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  const get = async (path: string) => {
    const response = await ctx.app.inject({ url: `/api${path}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as unknown;
  };
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('offers the fonds and series held, with their counts, and the years the archive covers', async () => {
    const options = ArchiveOptionsSchema.parse(await get('/consulta/opcoes-arquivo'));
    expect(options.fundos).toEqual([
      {
        valor: 'Arquivo da Prefeitura Universitária',
        descricao: 'Arquivo da Prefeitura Universitária',
        quantidade: 1,
      },
      {
        valor: 'Arquivo da Reitoria da Universidade Estante',
        descricao: 'Arquivo da Reitoria da Universidade Estante',
        quantidade: 4,
      },
      {
        valor: 'Coleção fotográfica do Campus Centro',
        descricao: 'Coleção fotográfica do Campus Centro',
        quantidade: 1,
      },
    ]);
    expect(options.series.map((s) => [s.valor, s.fundo, s.quantidade])).toEqual([
      ['Atas do Conselho Universitário', 'Arquivo da Reitoria da Universidade Estante', 2],
      ['Correspondência', 'Arquivo da Reitoria da Universidade Estante', 1],
      ['Eventos institucionais', 'Coleção fotográfica do Campus Centro', 1],
      ['Obras e projetos', 'Arquivo da Prefeitura Universitária', 1],
    ]);
    expect([options.anoInicial, options.anoFinal]).toEqual([1962, 2005]);
  });

  it('offers the kinds of act as translation keys in legal order, the issuing bodies and the years', async () => {
    const options = NormativeActOptionsSchema.parse(await get('/consulta/opcoes-atos-normativos'));
    expect(options.tipos).toEqual([
      { valor: 'CONSTITUICAO', descricao: 'search.normativeActs.kind.CONSTITUICAO', quantidade: 2 },
      { valor: 'LEI_COMPLEMENTAR', descricao: 'search.normativeActs.kind.LEI_COMPLEMENTAR', quantidade: 1 },
      { valor: 'LEI', descricao: 'search.normativeActs.kind.LEI', quantidade: 6 },
      { valor: 'DECRETO', descricao: 'search.normativeActs.kind.DECRETO', quantidade: 2 },
      { valor: 'RESOLUCAO', descricao: 'search.normativeActs.kind.RESOLUCAO', quantidade: 1 },
    ]);
    expect(options.orgaos.map((o) => [o.valor, o.quantidade])).toEqual([
      ['Brasil', 9],
      ['Brasil. Ministério da Educação. Conselho Nacional de Educação', 1],
      ['Brasil. Presidência da República', 2],
    ]);
    expect(options.anos.map((a) => a.valor)).toEqual([
      '2018',
      '2012',
      '2011',
      '2005',
      '2002',
      '2000',
      '1998',
      '1996',
      '1990',
      '1988',
    ]);
    expect(options.anos.find((a) => a.valor === '1988')?.quantidade).toBe(2);
  });

  it('offers the courts, kinds of decision, rapporteurs and years of judgment', async () => {
    const options = JurisprudenceOptionsSchema.parse(await get('/consulta/jurisprudencia-options'));
    expect(options.tribunais.map((o) => [o.valor, o.quantidade])).toEqual([
      ['Superior Tribunal de Justiça', 1],
      ['Supremo Tribunal Federal', 5],
    ]);
    expect(options.tipos.map((o) => o.valor)).toEqual([
      'Ação declaratória de constitucionalidade',
      'Ação direta de inconstitucionalidade',
      'Arguição de descumprimento de preceito fundamental',
      'Recurso especial',
      'Recurso extraordinário',
      'Súmula vinculante',
    ]);
    expect(options.relatores.map((o) => o.valor)).toEqual([
      'Andrighi, Nancy',
      'Barroso, Luís Roberto',
      'Britto, Carlos Ayres',
      'Fux, Luiz',
      'Mello, Marco Aurélio Mendes de Farias',
    ]);
    expect(options.anos.map((a) => [a.valor, a.quantidade])).toEqual([
      ['2017', 1],
      ['2016', 1],
      ['2012', 2],
      ['2011', 1],
      ['2008', 1],
    ]);
  });

  it('offers the advanced search limits: work types, languages and libraries held, and the years', async () => {
    const options = AdvancedSearchOptionsSchema.parse(await get('/consulta/opcoes-avancada'));
    const expected = async (sql: string) =>
      (await ctx.db.query<{ valor: string; quantidade: number }>(sql)).rows
        .map((r) => `${r.valor}:${r.quantidade}`)
        .sort();
    const pairs = (values: { valor: string; quantidade: number }[]) =>
      values.map((v) => `${v.valor}:${v.quantidade}`).sort();
    expect(pairs(options.tiposObra)).toEqual(
      await expected('SELECT work_type AS valor, count(*)::int AS quantidade FROM title GROUP BY 1'),
    );
    expect(pairs(options.idiomas)).toEqual(
      await expected(
        'SELECT language AS valor, count(*)::int AS quantidade FROM title WHERE language IS NOT NULL GROUP BY 1',
      ),
    );
    expect(options.bibliotecas.map((b) => b.descricao)).toEqual([
      'Biblioteca Central',
      'Biblioteca de Ciências da Saúde',
      'Biblioteca do Campus Tecnológico',
    ]);
    // Described in the reader's language and listed by name in it.
    expect(options.idiomas.find((l) => l.valor === 'por')?.descricao).toBe('Português');
    const names = options.tiposObra.map((w) => w.descricao);
    expect(names).toEqual([...names].sort(new Intl.Collator('pt').compare));
    const { rows } = await ctx.db.query<{ first: number; last: number }>(
      'SELECT min(year) AS first, max(year) AS last FROM title',
    );
    expect([options.anoInicial, options.anoFinal]).toEqual([rows[0]!.first, rows[0]!.last]);
  });

  it('needs the public token like every search call', async () => {
    const response = await ctx.app.inject({ url: '/api/consulta/opcoes-arquivo' });
    expect(response.statusCode).toBe(401);
  });
});
