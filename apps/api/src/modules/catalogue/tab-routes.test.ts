import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClosedStacksDataSchema,
  ClosedStacksProtocolSchema,
  KardexComboboxSchema,
  KardexDataSchema,
  KardexItemSchema,
  LoanYearSchema,
  LoanYearsSchema,
  SummaryResponseSchema,
  TitlePermissionsSchema,
  TitleSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { setActivity } from '../institution/repository.ts';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** The id of a demo work by its control number (demo-0003 is Dom Casmurro). */
async function demoTitle(ctx: Ctx, controlNumber: string): Promise<number> {
  const { rows } = await ctx.db.query<{ id: number }>(
    "SELECT id FROM title WHERE control_source = 'ESTANTE' AND control_number = $1",
    [controlNumber],
  );
  return rows[0]!.id;
}

const DOM_CASMURRO = 'demo-0003';
const PAPEIS_AVULSOS = 'demo-0006';
const DEEP_LEARNING = 'demo-0306';
const NATURE = 'demo-0426';
const CACM = 'demo-0430';
const CADERNOS_SAUDE_PUBLICA = 'demo-0434';
const EBOOK_DOM_CASMURRO = 'demo-0446';

describe('which sub-tabs a title shows (/acervo/{id}/permissoes)', () => {
  let ctx: Ctx;
  let headers: Record<string, string>;
  const allowed = async (id: number) => {
    const response = await ctx.app.inject({ url: `/api/acervo/${id}/permissoes`, headers });
    expect(response.statusCode).toBe(200);
    const permissions = TitlePermissionsSchema.parse(response.json());
    return Object.fromEntries(permissions.abas.map((a) => [a.aba, a.permitida]));
  };
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = bearer(await publicToken(ctx.app));
  });
  afterAll(() => ctx.close());

  it('lists every sub-tab with its SPEC code', async () => {
    const id = await demoTitle(ctx, DOM_CASMURRO);
    const permissions = TitlePermissionsSchema.parse(
      (await ctx.app.inject({ url: `/api/acervo/${id}/permissoes`, headers })).json(),
    );
    expect(permissions.cod_acervo).toBe(id);
    expect(permissions.abas.map((a) => [a.aba, a.codigo])).toEqual([
      ['referencia', 33],
      ['marc', 36],
      ['exemplares', 30],
      ['dublin-core', 115],
      ['reserva', 18],
      ['solicitacao-emprestimo', 75],
      ['colecao-kardex', 32],
      ['sumarios', null],
      ['sumarios-livros', null],
      ['dados-estatisticos', 74],
      ['acervo-fechado', null],
    ]);
  });

  it('offers a rare book its closed collection and statistics, but no kardex or contents', async () => {
    expect(await allowed(await demoTitle(ctx, DOM_CASMURRO))).toMatchObject({
      referencia: true,
      exemplares: true,
      reserva: true,
      'colecao-kardex': false,
      sumarios: false,
      'sumarios-livros': false,
      'dados-estatisticos': true,
      'acervo-fechado': true,
    });
  });

  it('offers book contents when the record has a 505, periodical contents when issues have them', async () => {
    expect(await allowed(await demoTitle(ctx, PAPEIS_AVULSOS))).toMatchObject({
      'sumarios-livros': true,
      sumarios: false,
    });
    expect(await allowed(await demoTitle(ctx, NATURE))).toMatchObject({
      'colecao-kardex': true,
      sumarios: true,
      'sumarios-livros': false,
    });
    // A current subscription with no contents registered: kardex yes, contents no.
    expect(await allowed(await demoTitle(ctx, CADERNOS_SAUDE_PUBLICA))).toMatchObject({
      'colecao-kardex': true,
      sumarios: false,
    });
  });

  it('offers no hold, loan request, statistics or closed collection for an e-book without copies', async () => {
    expect(await allowed(await demoTitle(ctx, EBOOK_DOM_CASMURRO))).toMatchObject({
      exemplares: true,
      reserva: false,
      'solicitacao-emprestimo': false,
      'dados-estatisticos': false,
      'acervo-fechado': false,
    });
  });

  it('hides the kardex and statistics when the institution turns their activities off', async () => {
    await setActivity(ctx.db, 32, false);
    await setActivity(ctx.db, 74, false);
    try {
      expect(await allowed(await demoTitle(ctx, NATURE))).toMatchObject({ 'colecao-kardex': false });
      expect(await allowed(await demoTitle(ctx, DOM_CASMURRO))).toMatchObject({
        'dados-estatisticos': false,
      });
      const kardex = await ctx.app.inject({
        url: `/api/kardex/${await demoTitle(ctx, NATURE)}/permissao`,
        headers,
      });
      expect(kardex.json()).toEqual({ permitido: false });
    } finally {
      await setActivity(ctx.db, 32, true);
      await setActivity(ctx.db, 74, true);
    }
  });

  it('answers 404 for an unknown title and 400 for a bad id', async () => {
    expect((await ctx.app.inject({ url: '/api/acervo/99999999/permissoes', headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/acervo/x/permissoes', headers })).statusCode).toBe(400);
  });
});

describe('serial holdings (kardex, tab 32)', () => {
  let ctx: Ctx;
  let headers: Record<string, string>;
  const get = (url: string) => ctx.app.inject({ url, headers });
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = bearer(await publicToken(ctx.app));
  });
  afterAll(() => ctx.close());

  it('is offered for periodicals only', async () => {
    const periodical = await get(`/api/kardex/${await demoTitle(ctx, CADERNOS_SAUDE_PUBLICA)}/permissao`);
    expect(periodical.json()).toEqual({ permitido: true });
    const book = await get(`/api/kardex/${await demoTitle(ctx, DOM_CASMURRO)}/permissao`);
    expect(book.json()).toEqual({ permitido: false });
    expect((await get('/api/kardex/99999999/permissao')).statusCode).toBe(404);
  });

  it('offers the periodical, its libraries, its holdings lines and their years', async () => {
    const id = await demoTitle(ctx, CACM);
    const combo = KardexComboboxSchema.parse((await get(`/api/kardex/${id}/combobox-data`)).json());
    expect(combo.periodicos).toEqual([
      { cod_periodico: id, titulo: 'Communications of the ACM', issn: '0001-0782' },
    ]);
    expect(combo.bibliotecas).toEqual([
      { cod_biblioteca: expect.any(Number), desc_biblioteca: 'Biblioteca do Campus Tecnológico' },
    ]);
    expect(combo.colecoes.map((c) => [c.descricao, c.corrente, c.anos])).toEqual([
      ['Assinatura corrente', true, [2025, 2024]],
      ['Coleção retrospectiva (fascículos avulsos)', false, [1984, 1978, 1970, 1968]],
    ]);
    expect(combo.anos).toEqual([2025, 2024, 1984, 1978, 1970, 1968]);
  });

  it('lists the issues of the latest year by default, with the one that never arrived', async () => {
    const id = await demoTitle(ctx, CADERNOS_SAUDE_PUBLICA);
    const data = KardexDataSchema.parse((await get(`/api/kardex/${id}/data`)).json());
    expect(data.ano).toBe(2025);
    expect(data.fasciculos).toHaveLength(12);
    expect(data.fasciculos.map((f) => f.numero)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    expect(new Set(data.fasciculos.map((f) => f.volume))).toEqual(new Set(['41']));
    expect(data.fasciculos[0]).toMatchObject({
      periodo: 'jan.',
      data_publicacao: '2025-01-01',
      desc_biblioteca: 'Biblioteca de Ciências da Saúde',
      possui_sumario: false,
    });
    const missing = data.fasciculos.filter((f) => f.data_recebimento === null).map((f) => f.numero);
    expect(missing).toEqual(['8']);
  });

  it('filters by year, library and holdings line, and numbers a three-a-year journal on', async () => {
    const id = await demoTitle(ctx, 'demo-0432');
    const combo = KardexComboboxSchema.parse((await get(`/api/kardex/${id}/combobox-data`)).json());
    const [line] = combo.colecoes;
    const data = KardexDataSchema.parse(
      (
        await get(
          `/api/kardex/${id}/data?codPeriod=${id}&codBib=${line!.cod_biblioteca}&codPar=${line!.cod_par}&year=2024`,
        )
      ).json(),
    );
    expect(data.fasciculos.map((f) => [f.volume, f.numero, f.periodo])).toEqual([
      ['38', '110', 'jan./abr.'],
      ['38', '111', 'maio/ago.'],
      ['38', '112', 'set./dez.'],
    ]);
    const otherLibrary = combo.bibliotecas[0]!.cod_biblioteca + 1000;
    expect(
      KardexDataSchema.parse((await get(`/api/kardex/${id}/data?codBib=${otherLibrary}`)).json()),
    ).toEqual({
      ano: null,
      fasciculos: [],
    });
    expect(KardexDataSchema.parse((await get(`/api/kardex/${id}/data?year=1990`)).json()).fasciculos).toEqual(
      [],
    );
    // codPeriod names the periodical: another title's code finds nothing.
    expect(
      KardexDataSchema.parse((await get(`/api/kardex/${id}/data?codPeriod=${id + 1}`)).json()).ano,
    ).toBeNull();
    expect((await get(`/api/kardex/${id}/data?year=abc`)).statusCode).toBe(400);
  });

  it('gives the contents of an issue by section, or one section', async () => {
    const id = await demoTitle(ctx, CACM);
    const back = KardexDataSchema.parse((await get(`/api/kardex/${id}/data?year=1968`)).json());
    const issue = back.fasciculos[0]!;
    expect(issue).toMatchObject({ volume: '11', numero: '3', possui_sumario: true });
    const item = KardexItemSchema.parse(
      (await get(`/api/kardex/${id}/item?codPar=${issue.cod_par}&seqPar=${issue.seq_par}`)).json(),
    );
    expect(item.fasciculo).toEqual(issue);
    expect(item.secoes).toEqual([
      {
        seq_sec: 1,
        nome: 'Letters to the Editor',
        artigos: [
          {
            seq: 1,
            titulo: 'Go to statement considered harmful',
            autores: 'Dijkstra, Edsger W.',
            paginas: '147-148',
          },
        ],
      },
    ]);
    const one = await get(`/api/kardex/${id}/item?codPar=${issue.cod_par}&seqPar=${issue.seq_par}&seqSec=1`);
    expect(KardexItemSchema.parse(one.json()).secoes).toHaveLength(1);
    expect(
      (await get(`/api/kardex/${id}/item?codPar=${issue.cod_par}&seqPar=${issue.seq_par}&seqSec=9`))
        .statusCode,
    ).toBe(404);
  });

  it('gives an issue without registered contents with no sections, and 404 for an issue of another title', async () => {
    const id = await demoTitle(ctx, CADERNOS_SAUDE_PUBLICA);
    const [issue] = KardexDataSchema.parse((await get(`/api/kardex/${id}/data`)).json()).fasciculos;
    const item = KardexItemSchema.parse(
      (await get(`/api/kardex/${id}/item?codPar=${issue!.cod_par}&seqPar=${issue!.seq_par}`)).json(),
    );
    expect(item.secoes).toEqual([]);
    const nature = await demoTitle(ctx, NATURE);
    expect(
      (await get(`/api/kardex/${nature}/item?codPar=${issue!.cod_par}&seqPar=${issue!.seq_par}`)).statusCode,
    ).toBe(404);
    expect((await get(`/api/kardex/${id}/item?codPar=${issue!.cod_par}&seqPar=999`)).statusCode).toBe(404);
    expect((await get(`/api/kardex/${id}/item?seqPar=1`)).statusCode).toBe(400);
  });

  it('shows an empty kardex for a book, and 404 for an unknown title', async () => {
    const book = await demoTitle(ctx, DOM_CASMURRO);
    const combo = KardexComboboxSchema.parse((await get(`/api/kardex/${book}/combobox-data`)).json());
    expect(combo).toEqual({ periodicos: [], bibliotecas: [], colecoes: [], anos: [] });
    expect(KardexDataSchema.parse((await get(`/api/kardex/${book}/data`)).json())).toEqual({
      ano: null,
      fasciculos: [],
    });
    for (const path of ['combobox-data', 'data', 'item?codPar=1&seqPar=1']) {
      expect((await get(`/api/kardex/99999999/${path}`)).statusCode, path).toBe(404);
    }
  });
});

describe('tables of contents (/sumario/{id}/dados)', () => {
  let ctx: Ctx;
  let headers: Record<string, string>;
  const summary = async (id: number) => {
    const response = await ctx.app.inject({ url: `/api/sumario/${id}/dados`, headers });
    expect(response.statusCode).toBe(200);
    return SummaryResponseSchema.parse(response.json());
  };
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = bearer(await publicToken(ctx.app));
  });
  afterAll(() => ctx.close());

  it("gives a book's basic 505, entry by entry", async () => {
    const result = await summary(await demoTitle(ctx, PAPEIS_AVULSOS));
    expect(result.tipo).toBe('livro');
    expect(result.sumarios).toHaveLength(1);
    const [contents] = result.sumarios;
    expect(contents!.fasciculo).toBeNull();
    expect(contents!.situacao).toBe('completo');
    const titles = contents!.secoes[0]!.itens.map((i) => i.titulo);
    expect(titles).toHaveLength(12);
    expect(titles.slice(0, 3)).toEqual(['O alienista', 'Teoria do medalhão', 'A chinela turca']);
    expect(titles.at(-1)).toBe('Verba testamentária');
  });

  it("gives a book's enhanced 505 with each chapter's number", async () => {
    const [contents] = (await summary(await demoTitle(ctx, DEEP_LEARNING))).sumarios;
    const items = contents!.secoes[0]!.itens;
    expect(items).toHaveLength(20);
    expect(items[0]).toEqual({
      ordem: '1.',
      titulo: 'Introduction',
      responsabilidade: null,
      complemento: null,
    });
    expect(items[9]).toMatchObject({
      ordem: '10.',
      titulo: 'Sequence modeling: recurrent and recursive nets',
    });
  });

  it("gives a periodical's issues with contents, newest first, articles with authors and pages", async () => {
    const result = await summary(await demoTitle(ctx, NATURE));
    expect(result.tipo).toBe('periodico');
    expect(result.sumarios.map((s) => [s.fasciculo?.ano, s.fasciculo?.volume, s.fasciculo?.numero])).toEqual([
      [2016, '529', '7587'],
      [2015, '521', '7553'],
      [2001, '409', '6822'],
      [1953, '171', '4356'],
    ]);
    const dna = result.sumarios.at(-1)!;
    expect(dna.secoes[0]!.itens[0]).toEqual({
      ordem: null,
      titulo: 'Molecular structure of nucleic acids: a structure for deoxyribose nucleic acid',
      responsabilidade: 'Watson, J. D.; Crick, F. H. C.',
      complemento: '737-738',
    });
    expect(dna.secoes[0]!.itens).toHaveLength(3);
  });

  it('answers an empty list for a title without contents, or with no MARC fields at all, and 404 for none', async () => {
    expect((await summary(await demoTitle(ctx, DOM_CASMURRO))).sumarios).toEqual([]);
    expect((await summary(await demoTitle(ctx, CADERNOS_SAUDE_PUBLICA))).sumarios).toEqual([]);
    const stub = await demoTitle(ctx, 'demo-0007');
    await ctx.db.query(
      `UPDATE title SET marc = '{"leader": "00000nam a2200000 a 4500", "fields": []}' WHERE id = $1`,
      [stub],
    );
    expect(await summary(stub)).toEqual({ cod_acervo: stub, tipo: 'livro', sumarios: [] });
    const permissions = await ctx.app.inject({ url: `/api/acervo/${stub}/permissoes`, headers });
    expect(permissions.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/sumario/99999999/dados', headers })).statusCode).toBe(404);
  });
});

describe('loan statistics (tab 74)', () => {
  let ctx: Ctx;
  let headers: Record<string, string>;
  const get = (url: string) => ctx.app.inject({ url, headers });
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = bearer(await publicToken(ctx.app));
  });
  afterAll(() => ctx.close());

  it('counts loans by year and by month in UTC, months without loans as zero', async () => {
    // A title with copies that nobody has borrowed yet: give it four loans.
    const unlent = await ctx.db.query<{ id: number }>(
      `SELECT t.id FROM title t WHERE EXISTS (SELECT 1 FROM copy c WHERE c.title_id = t.id)
          AND NOT EXISTS (SELECT 1 FROM loan ln JOIN copy c ON c.id = ln.copy_id WHERE c.title_id = t.id)
        ORDER BY t.id LIMIT 1`,
    );
    const id = unlent.rows[0]!.id;
    expect(LoanYearsSchema.parse((await get(`/api/acervo/${id}/dados-estatisticos/anos`)).json())).toEqual(
      [],
    );
    const { rows } = await ctx.db.query<{ copy: number; patron: number }>(
      `SELECT (SELECT id FROM copy WHERE title_id = $1 ORDER BY id LIMIT 1) AS copy,
              (SELECT id FROM patron WHERE login = 'ana') AS patron`,
      [id],
    );
    const { copy, patron } = rows[0]!;
    for (const [loaned, returned] of [
      ['2023-12-31T23:59:00Z', '2024-01-02T10:00:00Z'],
      ['2024-01-31T23:30:00Z', '2024-02-01T00:05:00Z'],
      ['2024-02-01T00:10:00Z', '2024-02-10T10:00:00Z'],
      ['2024-12-31T23:59:59Z', '2025-01-03T10:00:00Z'],
    ]) {
      await ctx.db.query(
        `INSERT INTO loan (copy_id, patron_id, loaned_at, due_on, returned_at)
         VALUES ($1, $2, $3::timestamptz, ($3::timestamptz + interval '14 days')::date, $4::timestamptz)`,
        [copy, patron, loaned, returned],
      );
    }
    expect(LoanYearsSchema.parse((await get(`/api/acervo/${id}/dados-estatisticos/anos`)).json())).toEqual([
      { ano: 2024, total: 3 },
      { ano: 2023, total: 1 },
    ]);
    const year = LoanYearSchema.parse((await get(`/api/acervo/${id}/dados-estatisticos/dados/2024`)).json());
    expect(year.total).toBe(3);
    expect(year.meses.map((m) => m.total)).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    const empty = LoanYearSchema.parse((await get(`/api/acervo/${id}/dados-estatisticos/dados/2019`)).json());
    expect(empty).toEqual({
      ano: 2019,
      total: 0,
      meses: Array.from({ length: 12 }, (_, i) => ({ mes: i + 1, total: 0 })),
    });
  });

  it("has two years of demo loans for Dom Casmurro, each year's months adding up to its total", async () => {
    const id = await demoTitle(ctx, DOM_CASMURRO);
    const years = LoanYearsSchema.parse((await get(`/api/acervo/${id}/dados-estatisticos/anos`)).json());
    expect(years.map((y) => y.ano)).toEqual([2026, 2025, 2024]);
    expect(years.every((y) => y.total > 0)).toBe(true);
    for (const { ano, total } of years) {
      const year = LoanYearSchema.parse(
        (await get(`/api/acervo/${id}/dados-estatisticos/dados/${ano}`)).json(),
      );
      expect(year.total).toBe(total);
      expect(year.meses.reduce((sum, m) => sum + m.total, 0)).toBe(total);
    }
  });

  it('lends more in term time than in the January and July holidays across the demo library', async () => {
    const { rows } = await ctx.db.query<{ month: number; n: number }>(
      `SELECT extract(month FROM loaned_at AT TIME ZONE 'UTC')::int AS month, count(*)::int AS n
         FROM loan WHERE loaned_at < '2026-01-01' GROUP BY 1`,
    );
    const count = new Map(rows.map((r) => [r.month, r.n]));
    expect(count.get(3)!).toBeGreaterThan(count.get(1)! * 2);
    expect(count.get(9)!).toBeGreaterThan(count.get(7)! * 2);
    // In the history (January 2024 to October 2026) no copy is lent twice at once, and every loan came back.
    const overlaps = await ctx.db.query(
      `SELECT 1 FROM loan a JOIN loan b ON a.copy_id = b.copy_id AND a.id < b.id
        WHERE a.loaned_at < '2026-11-01' AND b.loaned_at < '2026-11-01'
          AND a.loaned_at < coalesce(b.returned_at, 'infinity') AND b.loaned_at < coalesce(a.returned_at, 'infinity')
        LIMIT 1`,
    );
    expect(overlaps.rows).toEqual([]);
    const history = await ctx.db.query<{ n: number }>(
      // (Loans circulation makes or imports are recent; the history before October 2026 is the seed's.)
      "SELECT count(*)::int AS n FROM loan WHERE loaned_at < '2026-10-01' AND (returned_at IS NULL OR returned_at > '2026-11-01')",
    );
    expect(history.rows[0]!.n).toBe(0);
  });

  it('answers no years for an e-book, 404 for an unknown title and 400 for a bad year', async () => {
    const ebook = await demoTitle(ctx, EBOOK_DOM_CASMURRO);
    expect((await get(`/api/acervo/${ebook}/dados-estatisticos/anos`)).json()).toEqual([]);
    expect((await get('/api/acervo/99999999/dados-estatisticos/anos')).statusCode).toBe(404);
    expect((await get('/api/acervo/99999999/dados-estatisticos/dados/2024')).statusCode).toBe(404);
    expect((await get(`/api/acervo/${ebook}/dados-estatisticos/dados/24`)).statusCode).toBe(400);
  });
});

describe('closed collection (/acervo/{id}/dados-armazem, /gravar-armazem)', () => {
  let ctx: Ctx;
  let clock: ReturnType<typeof testClock>;
  let visitor: Record<string, string>;
  let domCasmurro: number;
  let central: number;
  let technological: number;
  beforeAll(async () => {
    clock = testClock(new Date('2026-03-02T12:00:00Z'));
    ctx = await buildTestApp({ clock });
    visitor = bearer(await publicToken(ctx.app));
    domCasmurro = await demoTitle(ctx, DOM_CASMURRO);
    const libraries = await ctx.db.query<{ id: number; code: string }>('SELECT id, code FROM library');
    central = libraries.rows.find((l) => l.code === 'BC')!.id;
    technological = libraries.rows.find((l) => l.code === 'BT')!.id;
  });
  afterAll(() => ctx.close());

  const closedStacks = async (id: number, query = '') =>
    ClosedStacksDataSchema.parse(
      (await ctx.app.inject({ url: `/api/acervo/${id}/dados-armazem${query}`, headers: visitor })).json(),
    );
  const request = (headers: Record<string, string>, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/gravar-armazem', headers, payload: payload as object });
  const patron = async (login: string) =>
    bearer((await signIn(ctx.app, login, `estante-${login}`)).access_token);

  it('shows a visitor the rare-books copy of Dom Casmurro, on the shelf and free to ask for', async () => {
    const data = await closedStacks(domCasmurro);
    expect(data.bibliotecas).toEqual([{ cod_biblioteca: central, desc_biblioteca: 'Biblioteca Central' }]);
    expect(data.exemplares).toEqual([
      expect.objectContaining({
        cod_acervo: domCasmurro,
        numero: '0003-OR',
        localizacao: 'Armazém — obras raras',
        situacao: 'consulta_local',
        solicitavel: true,
      }),
    ]);
    // The copies on the open shelves are not in the closed collection.
    const title = TitleSchema.parse(
      (await ctx.app.inject({ url: `/api/acervo/${domCasmurro}`, headers: visitor })).json(),
    );
    expect(title.bibliotecas.length).toBeGreaterThan(0);
    expect((await closedStacks(domCasmurro, `?cod_biblioteca=${technological}`)).exemplares).toEqual([]);
    expect((await closedStacks(domCasmurro, '?volume=v.%209')).exemplares).toEqual([]);
    expect((await closedStacks(await demoTitle(ctx, DEEP_LEARNING))).exemplares).toEqual([]);
  });

  it('asks a visitor to sign in before requesting', async () => {
    const { exemplares } = await closedStacks(domCasmurro);
    const response = await request(visitor, {
      cod_biblioteca: central,
      cesta: [{ cod_acervo: domCasmurro, cod_exemplar: exemplares[0]!.cod_exemplar }],
    });
    expect(response.statusCode).toBe(401);
  });

  it('records a request with the year and sequence as protocol, then the copy is no longer free', async () => {
    const [copy] = (await closedStacks(domCasmurro)).exemplares;
    const ana = await patron('ana');
    const response = await request(ana, {
      cod_biblioteca: central,
      cesta: [{ cod_acervo: domCasmurro, cod_exemplar: copy!.cod_exemplar }],
    });
    expect(response.statusCode).toBe(201);
    const protocol = ClosedStacksProtocolSchema.parse(response.json());
    expect(protocol).toEqual({
      protocolo: '2026-000001',
      data: '2026-03-02T12:00:00.000Z',
      cod_biblioteca: central,
      desc_biblioteca: 'Biblioteca Central',
      itens: [
        {
          cod_acervo: domCasmurro,
          cod_exemplar: copy!.cod_exemplar,
          titulo: 'Dom Casmurro',
          numero: '0003-OR',
        },
      ],
    });
    expect((await closedStacks(domCasmurro)).exemplares[0]!.solicitavel).toBe(false);
    const stored = await ctx.db.query<{ login: string; status: string }>(
      `SELECT p.login, r.status FROM closed_stack_request r JOIN patron p ON p.id = r.patron_id WHERE r.protocol = $1`,
      ['2026-000001'],
    );
    expect(stored.rows).toEqual([{ login: 'ana', status: 'aguardando' }]);

    // The same patron again: a duplicate; another patron: no copy left to ask for.
    const again = await request(ana, {
      cod_biblioteca: central,
      cesta: [{ cod_acervo: domCasmurro, cod_exemplar: copy!.cod_exemplar }],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'CLOSED_STACKS_DUPLICATE',
      message: 'record.closedCollection.errors.duplicate',
    });
    const other = await request(await patron('bruno'), {
      cod_biblioteca: central,
      cesta: [{ cod_acervo: domCasmurro, cod_exemplar: copy!.cod_exemplar }],
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('CLOSED_STACKS_UNAVAILABLE');
  });

  it('numbers the next request on, and starts again at 1 in a new year', async () => {
    const rare = await demoTitle(ctx, 'demo-0001');
    const [copy] = (await closedStacks(rare)).exemplares;
    const carla = await patron('carla');
    const second = await request(carla, {
      cod_biblioteca: central,
      cesta: [{ cod_acervo: rare, cod_exemplar: copy!.cod_exemplar }],
    });
    expect(ClosedStacksProtocolSchema.parse(second.json()).protocolo).toBe('2026-000002');
    clock.advance(365 * 86_400);
    // A year on, the visitor's token has long expired: a new one.
    visitor = bearer(await publicToken(ctx.app));
    const nextYear = await demoTitle(ctx, 'demo-0002');
    const [other] = (await closedStacks(nextYear)).exemplares;
    const third = await request(await patron('carla'), {
      cod_biblioteca: central,
      cesta: [{ cod_acervo: nextYear, cod_exemplar: other!.cod_exemplar }],
    });
    expect(ClosedStacksProtocolSchema.parse(third.json()).protocolo).toBe('2027-000001');
  });

  it('refuses copies on open shelves, of another library, unknown, or of another title', async () => {
    const diego = await patron('diego');
    const openShelf = await ctx.db.query<{ id: number; library_id: number }>(
      'SELECT id, library_id FROM copy WHERE title_id = $1 AND NOT is_closed_stacks ORDER BY id LIMIT 1',
      [domCasmurro],
    );
    const shelf = openShelf.rows[0]!;
    const notClosed = await request(diego, {
      cod_biblioteca: shelf.library_id,
      cesta: [{ cod_acervo: domCasmurro, cod_exemplar: shelf.id }],
    });
    expect(notClosed.json().code).toBe('CLOSED_STACKS_NOT_CLOSED');
    const rare = await demoTitle(ctx, PAPEIS_AVULSOS);
    const [copy] = (await closedStacks(rare)).exemplares;
    const elsewhere = await request(diego, {
      cod_biblioteca: technological,
      cesta: [{ cod_acervo: rare, cod_exemplar: copy!.cod_exemplar }],
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().code).toBe('CLOSED_STACKS_OTHER_LIBRARY');
    const wrongTitle = await request(diego, {
      cod_biblioteca: central,
      cesta: [{ cod_acervo: domCasmurro, cod_exemplar: copy!.cod_exemplar }],
    });
    expect(wrongTitle.statusCode).toBe(404);
    const unknown = await request(diego, {
      cod_biblioteca: central,
      cesta: [{ cod_acervo: rare, cod_exemplar: 99999999 }],
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await request(diego, { cod_biblioteca: central, cesta: [] });
    expect(empty.statusCode).toBe(400);
    // Nothing was recorded by the refusals.
    const { rows } = await ctx.db.query(
      "SELECT 1 FROM closed_stack_request r JOIN patron p ON p.id = r.patron_id WHERE p.login = 'diego'",
    );
    expect(rows).toEqual([]);
  });

  it('answers 404 for the closed collection of an unknown title', async () => {
    const response = await ctx.app.inject({ url: '/api/acervo/99999999/dados-armazem', headers: visitor });
    expect(response.statusCode).toBe(404);
  });
});
