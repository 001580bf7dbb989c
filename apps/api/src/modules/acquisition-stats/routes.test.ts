import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcquisitionStatsSchema, LANGUAGE_HEADER, type AcquisitionStats } from '@estante/contract';
import { readMarcSync, toIso2709 } from '@estante/marc';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn } from '../identity/testing.ts';
import { makeLibrary, makePatron, makeTitle } from '../circulation/testing.ts';
import { importFile } from '../imports/service.ts';

// SPEC §7 GET /aquisicao/estatisticas (decision 0051). The test's own copies are acquired in 2001,
// years before anything of the demo library, so the figures below are exactly theirs.

const DATA = fileURLToPath(new URL('../../../../../../shared/data/marc/', import.meta.url));
const PERIOD = 'dataIni=2001-03-01&dataFim=2001-04-30';

describe('acquisition statistics', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let east: { id: number; code: string };
  let west: { id: number; code: string };
  let areaX: number;
  let areaY: number;
  let eastName: string;
  let westName: string;

  const call = (query: string, extra: Record<string, string> = {}) =>
    ctx.app.inject({ url: `/api/aquisicao/estatisticas?${query}`, headers: { ...headers, ...extra } });
  const stats = async (query: string): Promise<AcquisitionStats> => {
    const response = await call(query);
    expect(response.statusCode, response.body).toBe(200);
    return AcquisitionStatsSchema.parse(response.json());
  };

  /** A title of an area with copies acquired on the given days, in the given libraries and modes. */
  async function acquired(
    area: number | null,
    copies: { library: number; day: string | null; mode: string | null }[],
  ): Promise<number> {
    const { titleId, copyIds } = await makeTitle(
      ctx.db,
      'Título de teste de aquisição',
      copies.map((c) => ({ libraryId: c.library })),
    );
    await ctx.db.query('UPDATE title SET knowledge_area_id = $2 WHERE id = $1', [titleId, area]);
    for (const [i, copy] of copies.entries()) {
      await ctx.db.query('UPDATE copy SET acquired_on = $2::date, acquisition_mode = $3 WHERE id = $1', [
        copyIds[i],
        copy.day,
        copy.mode,
      ]);
    }
    return titleId;
  }

  beforeAll(async () => {
    ctx = await buildTestApp();
    const patron = await makePatron(ctx.db);
    headers = bearer((await signIn(ctx.app, patron.login, patron.password)).access_token);
    east = await makeLibrary(ctx.db, 'Biblioteca Leste');
    west = await makeLibrary(ctx.db, 'Biblioteca Oeste');
    eastName = `Biblioteca Leste ${east.code}`;
    westName = `Biblioteca Oeste ${west.code}`;
    const area = async (name: string) =>
      (
        await ctx.db.query<{ id: number }>('INSERT INTO knowledge_area (name) VALUES ($1) RETURNING id', [
          name,
        ])
      ).rows[0]!.id;
    areaX = await area('Área de Teste X');
    areaY = await area('Área de Teste Y');
    // Title 1 (area X): two purchases in March at Leste, a donation in April at Oeste, one copy with no day.
    await acquired(areaX, [
      { library: east.id, day: '2001-03-05', mode: 'compra' },
      { library: east.id, day: '2001-03-20', mode: 'compra' },
      { library: west.id, day: '2001-04-02', mode: 'doacao' },
      { library: east.id, day: null, mode: 'compra' },
    ]);
    // Title 2 (area Y): an exchange in April at Leste, and a donation the day before the period.
    await acquired(areaY, [
      { library: east.id, day: '2001-04-10', mode: 'permuta' },
      { library: east.id, day: '2001-02-28', mode: 'doacao' },
    ]);
    // Title 3 (no area): the period's last day, mode not recorded.
    await acquired(null, [{ library: west.id, day: '2001-04-30', mode: null }]);
    // Title 4 (area X): the day after the period.
    await acquired(areaX, [{ library: west.id, day: '2001-05-01', mode: 'compra' }]);
  });
  afterAll(() => ctx.close());

  it('counts titles and copies acquired in the period by month, library, knowledge area and mode', async () => {
    const s = await stats(PERIOD);
    expect(s.total).toEqual({ titulos: 3, exemplares: 5 });
    expect(s.por_periodo).toEqual([
      { periodo: '2001-03', titulos: 1, exemplares: 2 },
      { periodo: '2001-04', titulos: 3, exemplares: 3 },
    ]);
    expect(s.por_biblioteca).toEqual([
      { cod_biblioteca: east.id, desc_biblioteca: eastName, titulos: 2, exemplares: 3 },
      { cod_biblioteca: west.id, desc_biblioteca: westName, titulos: 2, exemplares: 2 },
    ]);
    expect(s.por_area).toEqual([
      { cod_area_conhecimento: areaX, desc_area_conhecimento: 'Área de Teste X', titulos: 1, exemplares: 3 },
      { cod_area_conhecimento: areaY, desc_area_conhecimento: 'Área de Teste Y', titulos: 1, exemplares: 1 },
      { cod_area_conhecimento: null, desc_area_conhecimento: null, titulos: 1, exemplares: 1 },
    ]);
    expect(s.por_modo).toEqual([
      { modo: 'compra', titulos: 1, exemplares: 2 },
      { modo: 'doacao', titulos: 1, exemplares: 1 },
      { modo: 'permuta', titulos: 1, exemplares: 1 },
      { modo: null, titulos: 1, exemplares: 1 },
    ]);
    expect(s.bibliotecas).toEqual(
      expect.arrayContaining([
        { cod_biblioteca: east.id, desc_biblioteca: eastName },
        { cod_biblioteca: west.id, desc_biblioteca: westName },
      ]),
    );
    expect([s.dataIni, s.dataFim, s.biblioteca]).toEqual(['2001-03-01', '2001-04-30', null]);
  });

  it('counts only the library asked for, and the days each end of the range gives', async () => {
    const s = await stats(`${PERIOD}&biblioteca=${west.id}`);
    expect(s.total).toEqual({ titulos: 2, exemplares: 2 });
    expect(s.por_periodo).toEqual([{ periodo: '2001-04', titulos: 2, exemplares: 2 }]);
    expect(s.por_biblioteca.map((row) => row.cod_biblioteca)).toEqual([west.id]);
    expect(s.por_area.map((row) => [row.desc_area_conhecimento, row.exemplares])).toEqual([
      ['Área de Teste X', 1],
      [null, 1],
    ]);
    expect(s.por_modo.map((row) => [row.modo, row.exemplares])).toEqual([
      ['doacao', 1],
      [null, 1],
    ]);
    expect(s.biblioteca).toBe(west.id);
    // One more day at each end takes in the donation of 28 February and the purchase of 1 May.
    const wider = await stats('dataIni=2001-02-28&dataFim=2001-05-01');
    expect(wider.total).toEqual({ titulos: 4, exemplares: 7 });
    // A single day is a valid period.
    expect((await stats('dataIni=2001-04-30&dataFim=2001-04-30')).total).toEqual({
      titulos: 1,
      exemplares: 1,
    });
    // Open at the start: everything up to the end day (nothing of the demo is that old).
    expect((await stats('dataFim=2001-04-30')).total).toEqual({ titulos: 3, exemplares: 6 });
    // Nothing acquired: zeros and empty breakdowns, not an error.
    const none = await stats('dataIni=1990-01-01&dataFim=1990-12-31');
    expect([none.total, none.por_periodo, none.por_modo]).toEqual([{ titulos: 0, exemplares: 0 }, [], []]);
  });

  it('answers the same figures as a CSV, headed in the reader’s language', async () => {
    const json = await stats(PERIOD);
    const expected = (names: Record<string, string>) => [
      [names.total!, '', String(json.total.titulos), String(json.total.exemplares)],
      ...json.por_periodo.map((r) => [names.month!, r.periodo, String(r.titulos), String(r.exemplares)]),
      ...json.por_biblioteca.map((r) => [
        names.library!,
        r.desc_biblioteca,
        String(r.titulos),
        String(r.exemplares),
      ]),
      ...json.por_area.map((r) => [
        names.area!,
        r.desc_area_conhecimento ?? names.noArea!,
        String(r.titulos),
        String(r.exemplares),
      ]),
      ...json.por_modo.map((r) => [
        names.mode!,
        r.modo ? names[r.modo]! : names.noMode!,
        String(r.titulos),
        String(r.exemplares),
      ]),
    ];
    const pt = await call(`${PERIOD}&formato=csv`);
    expect(pt.statusCode).toBe(200);
    expect(pt.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(pt.headers['content-disposition']).toBe('attachment; filename="estatisticas-aquisicao.csv"');
    const ptRows = parse(pt.body, { bom: true }) as string[][];
    expect(ptRows[0]).toEqual(['Agrupamento', 'Valor', 'Títulos', 'Exemplares']);
    expect(ptRows.slice(1)).toEqual(
      expected({
        total: 'Total',
        month: 'Mês',
        library: 'Biblioteca',
        area: 'Área do conhecimento',
        mode: 'Modo de aquisição',
        noArea: 'Sem área do conhecimento',
        noMode: 'Modo não informado',
        compra: 'Compra',
        doacao: 'Doação',
        permuta: 'Permuta',
      }),
    );
    // Accept: text/csv asks for it too; the language code 5 gives English.
    const en = await call(PERIOD, { accept: 'text/csv', [LANGUAGE_HEADER]: '5' });
    expect(en.headers['content-type']).toBe('text/csv; charset=utf-8');
    const enRows = parse(en.body, { bom: true }) as string[][];
    expect(enRows[0]).toEqual(['Breakdown', 'Value', 'Titles', 'Copies']);
    expect(enRows.slice(1)).toEqual(
      expected({
        total: 'Total',
        month: 'Month',
        library: 'Library',
        area: 'Knowledge area',
        mode: 'Acquisition mode',
        noArea: 'No knowledge area',
        noMode: 'Mode not recorded',
        compra: 'Purchase',
        doacao: 'Donation',
        permuta: 'Exchange',
      }),
    );
    // formato=json wins over the Accept header.
    expect((await call(`${PERIOD}&formato=json`, { accept: 'text/csv' })).json()).toEqual(json);
  });

  it('refuses a start after the end with a 422 key, and days that are not in the calendar', async () => {
    const reversed = await call('dataIni=2001-04-30&dataFim=2001-03-01');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json()).toMatchObject({
      code: 'DATE_RANGE',
      message: 'acquisitionStats.errors.dateRange',
    });
    expect((await call('dataIni=2001-02-29&dataFim=2001-03-31')).statusCode).toBe(400);
    expect((await call('dataIni=2001-13-01')).statusCode).toBe(400);
    expect((await call('biblioteca=abc')).statusCode).toBe(400);
    expect((await call(`${PERIOD}&biblioteca=999999`)).statusCode).toBe(404);
    expect((await call(`${PERIOD}&formato=pdf`)).statusCode).toBe(400);
  });

  it('is only for signed-in patrons whose category holds the acquisition statistics', async () => {
    const url = `/api/aquisicao/estatisticas?${PERIOD}`;
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    const visitor = await ctx.app.inject({ url, headers: bearer(await publicToken(ctx.app)) });
    expect(visitor.statusCode).toBe(401);
    const other = await makePatron(ctx.db, { category: '07' });
    const otherHeaders = bearer((await signIn(ctx.app, other.login, other.password)).access_token);
    expect((await ctx.app.inject({ url, headers: otherHeaders })).statusCode).toBe(200);
    await ctx.db.query("DELETE FROM category_permission WHERE category_code = '07' AND activity_code = 827");
    expect((await ctx.app.inject({ url, headers: otherHeaders })).statusCode).toBe(403);
    // The figures are the library's, the same whoever asks: nothing of a patron is in them.
    expect((await call(PERIOD)).json()).toEqual((await call(PERIOD)).json());
  });

  it('gives the demo library believable figures for the last year, whose breakdowns add up', async () => {
    const { rows } = await ctx.db.query<{ from: string; to: string }>(
      'SELECT (current_date - 365)::text AS from, current_date::text AS to',
    );
    const s = await stats(`dataIni=${rows[0]!.from}&dataFim=${rows[0]!.to}`);
    expect(s.total.exemplares).toBeGreaterThan(300);
    expect(s.por_modo.map((row) => row.modo)).toEqual(['compra', 'doacao', 'permuta']);
    const sum = (list: { exemplares: number }[]) => list.reduce((n, row) => n + row.exemplares, 0);
    for (const list of [s.por_periodo, s.por_biblioteca, s.por_area, s.por_modo]) {
      expect(sum(list)).toBe(s.total.exemplares);
    }
    const purchases = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM copy c JOIN library l ON l.id = c.library_id
        WHERE l.code IN ('BC', 'BT', 'BS') AND c.acquisition_mode = 'compra' AND c.acquisition_price IS NULL`,
    );
    // Every demo purchase has its price.
    expect(purchases.rows[0]!.n).toBe(0);
  });

  it('imports the acquisition a real MARC record gives its copies, and counts it', async () => {
    // PSU 122553: 541 "$3 Harrisburg copy: $c Gift and purchase of $a Alice Marshall $d 1991", and a
    // SirsiDynix 949 per copy whose $u is the day the item was created.
    const psu = readMarcSync(await readFile(join(DATA, 'psu-sample-catalog.mrc')));
    const record = [...psu]
      .flatMap((r) => (r.ok ? [r.record] : []))
      .find((r) => r.fields.some((f) => f.tag === '001' && f.value === '122553'))!;
    const dir = await mkdtemp(join(tmpdir(), 'estante-acquisition-'));
    try {
      const file = join(dir, 'one.mrc');
      await writeFile(file, toIso2709(record));
      expect((await importFile(ctx.db, file)).inserted).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const { rows } = await ctx.db.query(
      `SELECT l.code, c.acquired_on::text AS day, c.acquisition_mode AS mode, c.acquisition_source AS source
         FROM copy c JOIN library l ON l.id = c.library_id
        WHERE c.number IN ('000049866193', '60220504006') ORDER BY l.code`,
    );
    expect(rows).toEqual([
      { code: 'HARRISBURG', day: '2002-11-06', mode: 'doacao', source: 'Alice Marshall' },
      { code: 'UP-ANNEX', day: '2001-04-12', mode: null, source: null },
    ]);
    const harrisburg = (
      await ctx.db.query<{ id: number }>("SELECT id FROM library WHERE code = 'HARRISBURG'")
    ).rows[0]!.id;
    const s = await stats(`dataIni=2002-11-01&dataFim=2002-11-30&biblioteca=${harrisburg}`);
    expect(s.por_modo).toEqual([{ modo: 'doacao', titulos: 1, exemplares: 1 }]);
  });
});
