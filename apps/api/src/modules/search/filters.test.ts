import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FiltersResponseSchema,
  LANGUAGE_HEADER,
  SearchResponseSchema,
  type FilterGroup,
  type SearchResponse,
} from '@estante/contract';
import { buildTestApp, createTestDb, publicToken } from '../../testing/build-test-app.ts';
import { writeSetting } from '../institution/index.ts';
import { GROUP_WORKS_SETTING } from './work-groups.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { importFile } from '../imports/service.ts';
import { loadDemoWorks, seedSynthetic } from '../seed/index.ts';
import { FILTER_VALUE_CAP } from './query.ts';

const LOC_FILE = fileURLToPath(
  new URL('../../../../../../shared/data/marc/lc-m2bf-loc-general.xml', import.meta.url),
);

type Query = Record<string, string | number | boolean | string[]>;

/** The term of the searches below: a word of most Portuguese and Spanish titles, authors and subjects. */
const TERM = 'de';

describe('result filters (SPEC §4) on the demo library and imported MARC records', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  /** Every title the unfiltered search finds. */
  let base: number[];

  const url = (query: Query) => {
    const qs = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      for (const v of Array.isArray(value) ? value : [value]) qs.append(key, String(v));
    return `/api/consulta?${qs}`;
  };
  const search = async (query: Query, extra: Record<string, string> = {}): Promise<SearchResponse> => {
    const response = await ctx.app.inject({ url: url(query), headers: { ...headers, ...extra } });
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json());
  };
  /** Every id a search finds, page by page. */
  const allIds = async (query: Query): Promise<number[]> => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const result = await search({ ...query, quantPag: 100, paginaAtiva: page });
      ids.push(...result.data.map((h) => h.cod_acervo));
      if (ids.length >= result.total || result.data.length === 0) break;
    }
    return ids.sort((a, b) => a - b);
  };
  const ids = async (sql: string, params: unknown[] = []) =>
    (await ctx.db.query<{ id: number }>(sql, params)).rows.map((r) => r.id).sort((a, b) => a - b);
  /** value → number of titles, from a query answering (v, n). */
  const counts = async (sql: string, params: unknown[]) =>
    new Map((await ctx.db.query<{ v: string; n: number }>(sql, params)).rows.map((r) => [r.v, Number(r.n)]));
  const group = (result: SearchResponse, tipo: string): FilterGroup | undefined =>
    result.filtros.find((g) => g.tipo === tipo);
  const shown = (result: SearchResponse, tipo: string) =>
    new Map((group(result, tipo)?.valores ?? []).map((v) => [v.valor, v.quantidade]));

  /**
   * The group shows the most frequent values with their counts over the whole result: at most
   * FILTER_VALUE_CAP of them, and none left out that is more frequent than one shown.
   */
  const expectGroup = (result: SearchResponse, tipo: string, expected: Map<string, number>) => {
    expect(expected.size, `${tipo} has values`).toBeGreaterThan(0);
    const values = group(result, tipo)?.valores ?? [];
    expect(values.length, tipo).toBe(Math.min(FILTER_VALUE_CAP, expected.size));
    for (const value of values)
      expect([tipo, value.valor, value.quantidade]).toEqual([tipo, value.valor, expected.get(value.valor)]);
    const least = Math.min(...values.map((v) => v.quantidade));
    const omitted = [...expected].filter(([v]) => !values.some((s) => s.valor === v));
    for (const [value, n] of omitted) expect([tipo, value, n <= least]).toEqual([tipo, value, true]);
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    // Titles, one a line, are checked here; the filters count them the same with grouped works
    // (decision 0071, work-groups.test.ts).
    await writeSetting(ctx.db, GROUP_WORKS_SETTING, false);
    // Records with name and geographic subjects (600/610/651), which the demo works do not have.
    await importFile(ctx.db, LOC_FILE);
    // One title without a publication year.
    await ctx.db.query(
      `UPDATE title SET year = NULL WHERE id = (SELECT min(id) FROM title WHERE title = 'Quincas Borba')`,
    );
    base = await allIds({ termo: TERM });
  });
  afterAll(() => ctx.close());

  it('counts each copy-based filter over every result: library, campus, available now, loan type, location', async () => {
    const result = await search({ termo: TERM });
    expect(result.total).toBe(base.length);
    expectGroup(
      result,
      'B',
      await counts(
        'SELECT library_id::text AS v, count(DISTINCT title_id) AS n FROM copy WHERE title_id = ANY($1) GROUP BY 1',
        [base],
      ),
    );
    expectGroup(
      result,
      'U',
      await counts(
        `SELECT l.campus_id::text AS v, count(DISTINCT c.title_id) AS n FROM copy c JOIN library l ON l.id = c.library_id
          WHERE c.title_id = ANY($1) GROUP BY 1`,
        [base],
      ),
    );
    expectGroup(
      result,
      'D',
      await counts(
        `SELECT 'S' AS v, count(DISTINCT title_id) AS n FROM copy WHERE status = 'disponivel' AND title_id = ANY($1)`,
        [base],
      ),
    );
    expectGroup(
      result,
      'O',
      await counts(
        'SELECT loan_type AS v, count(DISTINCT title_id) AS n FROM copy WHERE title_id = ANY($1) AND loan_type IS NOT NULL GROUP BY 1',
        [base],
      ),
    );
    expectGroup(
      result,
      'L',
      // MFHD holdings append the call number after a dash.
      await counts(
        `SELECT split_part(location, ' — ', 1) AS v, count(DISTINCT title_id) AS n FROM copy
          WHERE title_id = ANY($1) AND location IS NOT NULL GROUP BY 1`,
        [base],
      ),
    );
    // Library and campus are shown by name.
    const { rows } = await ctx.db.query<{ id: number; name: string }>('SELECT id, name FROM library');
    for (const value of group(result, 'B')!.valores)
      expect(value.descricao).toBe(rows.find((r) => String(r.id) === value.valor)?.name);
  });

  it('counts work type, year, language, knowledge area and only-with over every result', async () => {
    const result = await search({ termo: TERM });
    expectGroup(
      result,
      'T',
      await counts('SELECT work_type AS v, count(*) AS n FROM title WHERE id = ANY($1) GROUP BY 1', [base]),
    );
    expectGroup(
      result,
      'Y',
      await counts(
        `SELECT coalesce(year::text, 'sem-data') AS v, count(*) AS n FROM title WHERE id = ANY($1) GROUP BY 1`,
        [base],
      ),
    );
    expectGroup(
      result,
      'I',
      await counts(
        'SELECT language AS v, count(*) AS n FROM title WHERE id = ANY($1) AND language IS NOT NULL GROUP BY 1',
        [base],
      ),
    );
    expectGroup(
      result,
      'R',
      await counts(
        'SELECT knowledge_area_id::text AS v, count(*) AS n FROM title WHERE id = ANY($1) AND knowledge_area_id IS NOT NULL GROUP BY 1',
        [base],
      ),
    );
    const onlyWith = await counts(
      `SELECT v, count(*) AS n FROM (
         SELECT 'O' AS v, id FROM title t WHERE id = ANY($1)
            AND (remote_access = 'cr' OR EXISTS (SELECT 1 FROM online_link o WHERE o.title_id = t.id))
         UNION ALL SELECT 'A', id FROM title WHERE id = ANY($1) AND is_accessible
         UNION ALL SELECT 'C', id FROM title WHERE id = ANY($1) AND cover_url IS NOT NULL) s GROUP BY v`,
      [base],
    );
    expectGroup(result, 'X', onlyWith);
    expect(group(result, 'X')!.valores.find((v) => v.valor === 'O')?.descricao).toBe(
      'search.filterValue.X.O',
    );
  });

  it('counts authors, subjects, names and places as subjects, genres and forms by their authority records', async () => {
    const result = await search({ termo: TERM });
    const byType = (types: string[], titles = base) =>
      counts(
        `SELECT ta.authority_id::text AS v, count(DISTINCT ta.title_id) AS n
           FROM title_authority ta JOIN authority a ON a.id = ta.authority_id
          WHERE ta.title_id = ANY($1) AND ta.role = 'subject' AND a.type = ANY($2) GROUP BY 1`,
        [titles, types],
      );
    expectGroup(
      result,
      'A',
      await counts(
        `SELECT authority_id::text AS v, count(DISTINCT title_id) AS n FROM title_authority
          WHERE title_id = ANY($1) AND role = 'author' GROUP BY 1`,
        [base],
      ),
    );
    expectGroup(
      result,
      'S',
      await byType(['assunto', 'termo_cronologico', 'subdivisao_geral', 'subdivisao_cronologica']),
    );
    // Name and geographic subjects come with the imported (English) records.
    const english = await allIds({ termo: 'the' });
    const inEnglish = await search({ termo: 'the' });
    expectGroup(
      inEnglish,
      'N',
      await byType(['pessoa', 'instituicao', 'evento', 'titulo_uniforme'], english),
    );
    expectGroup(inEnglish, 'G', await byType(['assunto_geografico', 'subdivisao_geografica'], english));
    expectGroup(result, 'F', await byType(['genero_forma', 'subdivisao_genero_forma']));
    const { rows } = await ctx.db.query<{ heading: string }>(
      "SELECT heading FROM authority WHERE type = 'pessoa' AND heading LIKE 'Assis, Machado de%'",
    );
    expect(group(result, 'A')!.valores.map((v) => v.descricao)).toContain(rows[0]!.heading);
  });

  it('counts collection, place and publisher as written (no "[S.l.]"), and the classification area', async () => {
    const result = await search({ termo: TERM });
    const { rows } = await ctx.db.query<{
      id: number;
      series: string | null;
      publication_place: string | null;
      publisher: string | null;
      classification: string | null;
      call_number: string | null;
    }>(
      'SELECT id, series, publication_place, publisher, classification, call_number FROM title WHERE id = ANY($1)',
      [base],
    );
    const tally = (pick: (row: (typeof rows)[number]) => string | null | undefined) => {
      const map = new Map<string, number>();
      for (const row of rows) {
        const value = pick(row);
        if (value) map.set(value, (map.get(value) ?? 0) + 1);
      }
      return map;
    };
    const clean = (text: string | null) => text?.replace(/\s+/g, ' ').trim();
    // "[S.l.]", "[s.n.]", "place of publication not identified": no place or publisher to filter by.
    const noImprint =
      /^\[?\s*s\.?\s*[ln]\.?\s*\]?$|not identified|n[aã]o identificad|no identificad|sine (loco|nomine)/i;
    const imprint = (text: string | null) => (text && noImprint.test(text.trim()) ? null : clean(text));
    expectGroup(
      result,
      'C',
      tally((r) => clean(r.series?.split(/\s*;/)[0] ?? null)),
    );
    expectGroup(
      result,
      'P',
      tally((r) => imprint(r.publication_place)),
    );
    expectGroup(
      result,
      'E',
      tally((r) => imprint(r.publisher)),
    );
    // K: DDC hundreds from the classification or a call number that starts with three digits,
    // else the LC class letter.
    expectGroup(
      result,
      'K',
      tally((r) => {
        const cls = r.classification?.trim();
        const call = r.call_number?.trim() ?? '';
        if (cls && /^\d/.test(cls)) return `${cls[0]}00`;
        if (/^\d{3}/.test(call)) return `${call[0]}00`;
        if (/^[A-HJ-NP-VZ][A-Z]{0,2} ?\d/.test(call)) return call[0];
        return null;
      }),
    );
    expect(group(result, 'K')!.valores.find((v) => v.valor === '800')?.descricao).toBe(
      'search.filterValue.K.800',
    );
  });

  it('filters the medium by what the demo works are: Braille, large print, audio', async () => {
    const works = await loadDemoWorks();
    const demoIds = async (controlNumbers: string[]) =>
      ids("SELECT id FROM title WHERE control_source = 'ESTANTE' AND control_number = ANY($1)", [
        controlNumbers,
      ]);
    // The accessible reproductions are made by the library's accessibility service, as their notes say.
    const accessible = await allIds({ termo: 'acessibilidade' });
    const inResult = (list: number[]) => list.filter((id) => accessible.includes(id));
    const braille = inResult(
      await demoIds(works.filter((w) => w.accessibleFormat === 'Braille').map((w) => w.id)),
    );
    const large = inResult(
      await demoIds(works.filter((w) => w.accessibleFormat === 'Fonte ampliada').map((w) => w.id)),
    );
    const audio = inResult(await demoIds(works.filter((w) => w.type === 'audiobook').map((w) => w.id)));
    expect([braille.length, large.length, audio.length]).toEqual([
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(Math.min(braille.length, large.length, audio.length)).toBeGreaterThanOrEqual(2);
    expect(await allIds({ termo: 'acessibilidade', filtro: 'M:braille' })).toEqual(braille);
    expect(await allIds({ termo: 'acessibilidade', filtro: 'M:ampliado' })).toEqual(large);
    expect(await allIds({ termo: 'acessibilidade', filtro: 'M:audio' })).toEqual(audio);
    const result = await search({ termo: 'acessibilidade' });
    expect(group(result, 'M')!.valores.find((v) => v.valor === 'braille')).toMatchObject({
      quantidade: braille.length,
      descricao: 'search.filterValue.M.braille',
    });
  });

  it('applies each filter type: the results are the titles of the search that have the value', async () => {
    const cases: [string, string, string][] = [
      ['T', 'LIVRO', "work_type = 'LIVRO'"],
      ['I', 'spa', "language = 'spa'"],
      ['Y', 'sem-data', 'year IS NULL'],
      ['D', 'S', "EXISTS (SELECT 1 FROM copy c WHERE c.title_id = t.id AND c.status = 'disponivel')"],
      [
        'O',
        'Consulta local',
        "EXISTS (SELECT 1 FROM copy c WHERE c.title_id = t.id AND c.loan_type = 'Consulta local')",
      ],
      [
        'L',
        'Hemeroteca',
        "EXISTS (SELECT 1 FROM copy c WHERE c.title_id = t.id AND c.location = 'Hemeroteca')",
      ],
      ['X', 'A', 't.is_accessible'],
      // DDC 300 from the classification, or from a call number when there is no classification.
      [
        'K',
        '300',
        "(t.classification ~ '^\\s*3' OR (coalesce(t.classification, '') !~ '^\\s*[0-9]' AND t.call_number ~ '^\\s*3[0-9]{2}'))",
      ],
      ['P', 'Lisboa', "t.publication_place = 'Lisboa'"],
      [
        'M',
        'online',
        "(t.remote_access = 'cr' OR t.work_type = 'EBOOK' OR EXISTS (SELECT 1 FROM online_link o WHERE o.title_id = t.id))",
      ],
    ];
    for (const [tipo, valor, predicate] of cases) {
      const expected = await ids(`SELECT id FROM title t WHERE id = ANY($1) AND ${predicate}`, [base]);
      expect([tipo, valor, expected.length > 0]).toEqual([tipo, valor, true]);
      expect([tipo, valor, await allIds({ termo: TERM, filtro: `${tipo}:${valor}` })]).toEqual([
        tipo,
        valor,
        expected,
      ]);
    }
    // Filters by id: the library, campus, knowledge area, author and subject of Dom Casmurro.
    const { rows } = await ctx.db.query<Record<string, number>>(
      `SELECT c.library_id AS b, l.campus_id AS u, t.knowledge_area_id AS r,
              (SELECT authority_id FROM title_authority WHERE title_id = t.id AND role = 'author' LIMIT 1) AS a,
              (SELECT ta.authority_id FROM title_authority ta JOIN authority au ON au.id = ta.authority_id
                WHERE ta.title_id = t.id AND ta.role = 'subject' AND au.type = 'genero_forma' LIMIT 1) AS f
         FROM title t JOIN copy c ON c.title_id = t.id JOIN library l ON l.id = c.library_id
        WHERE t.title = 'Dom Casmurro' ORDER BY t.id, c.id LIMIT 1`,
    );
    const dom = rows[0]!;
    const byId: [string, number, string][] = [
      ['B', dom.b!, 'EXISTS (SELECT 1 FROM copy c WHERE c.title_id = t.id AND c.library_id = $2)'],
      [
        'U',
        dom.u!,
        'EXISTS (SELECT 1 FROM copy c JOIN library l ON l.id = c.library_id WHERE c.title_id = t.id AND l.campus_id = $2)',
      ],
      ['R', dom.r!, 't.knowledge_area_id = $2'],
      ['NA_A', dom.r!, 't.knowledge_area_id = $2'],
      [
        'A',
        dom.a!,
        "EXISTS (SELECT 1 FROM title_authority ta WHERE ta.title_id = t.id AND ta.role = 'author' AND ta.authority_id = $2)",
      ],
      [
        'F',
        dom.f!,
        "EXISTS (SELECT 1 FROM title_authority ta WHERE ta.title_id = t.id AND ta.role = 'subject' AND ta.authority_id = $2)",
      ],
    ];
    for (const [tipo, value, predicate] of byId) {
      const expected = await ids(`SELECT id FROM title t WHERE id = ANY($1) AND ${predicate}`, [base, value]);
      expect(expected.length).toBeGreaterThan(0);
      expect([tipo, await allIds({ termo: TERM, filtro: `${tipo}:${value}` })]).toEqual([tipo, expected]);
    }
  });

  it('applies the name, geographic subject, collection and publisher filters of imported records', async () => {
    const english = await allIds({ termo: 'the' });
    const { rows } = await ctx.db.query<{ n: number; g: number; series: string; publisher: string }>(
      `SELECT (SELECT ta.authority_id FROM title_authority ta JOIN authority a ON a.id = ta.authority_id
                WHERE ta.title_id = ANY($1) AND ta.role = 'subject' AND a.type = 'pessoa' ORDER BY ta.title_id LIMIT 1) AS n,
              (SELECT ta.authority_id FROM title_authority ta JOIN authority a ON a.id = ta.authority_id
                WHERE ta.title_id = ANY($1) AND a.type = 'assunto_geografico' ORDER BY ta.title_id LIMIT 1) AS g,
              (SELECT regexp_replace(series, '\\s*;.*$', '') FROM title
                WHERE id = ANY($1) AND series IS NOT NULL AND series !~ '\\s{2}' ORDER BY id LIMIT 1) AS series,
              (SELECT publisher FROM title WHERE id = ANY($1) AND publisher !~ '^\\s|\\s{2}|\\s$|\\[' ORDER BY id LIMIT 1) AS publisher`,
      [english],
    );
    const { n, g, series, publisher } = rows[0]!;
    const subject =
      "EXISTS (SELECT 1 FROM title_authority ta WHERE ta.title_id = t.id AND ta.role = 'subject' AND ta.authority_id = $2)";
    const cases: [string, string | number, string][] = [
      ['N', n, subject],
      ['G', g, subject],
      ['C', series, "regexp_replace(t.series, '\\s*;.*$', '') = $2"],
      ['E', publisher, 't.publisher = $2'],
    ];
    for (const [tipo, value, predicate] of cases) {
      const expected = await ids(`SELECT id FROM title t WHERE id = ANY($1) AND ${predicate}`, [
        english,
        value,
      ]);
      expect([tipo, value, expected.length > 0]).toEqual([tipo, value, true]);
      expect([tipo, await allIds({ termo: 'the', filtro: `${tipo}:${value}` })]).toEqual([tipo, expected]);
    }
  });

  it('ORs the values of one type and ANDs different types', async () => {
    const livro = await ids("SELECT id FROM title WHERE id = ANY($1) AND work_type = 'LIVRO'", [base]);
    const tese = await ids("SELECT id FROM title WHERE id = ANY($1) AND work_type = 'TESE'", [base]);
    expect(tese.length).toBeGreaterThan(0);
    expect(await allIds({ termo: TERM, filtro: ['T:LIVRO', 'T:TESE'] })).toEqual(
      [...livro, ...tese].sort((a, b) => a - b),
    );
    const english = await ids("SELECT id FROM title WHERE id = ANY($1) AND language = 'eng'", [base]);
    const both = livro.filter((id) => english.includes(id));
    expect(both.length).toBeGreaterThan(0);
    expect(await allIds({ termo: TERM, filtro: ['T:LIVRO', 'I:eng'] })).toEqual(both);
  });

  it("counts each type's values under the filters of the other types", async () => {
    const result = await search({ termo: TERM, filtro: ['T:LIVRO', 'I:eng'] });
    // Work types of the English results, languages of the books, everything else of both.
    expect(shown(result, 'T')).toEqual(
      await counts(
        "SELECT work_type AS v, count(*) AS n FROM title WHERE id = ANY($1) AND language = 'eng' GROUP BY 1",
        [base],
      ),
    );
    expect(shown(result, 'I')).toEqual(
      await counts(
        "SELECT language AS v, count(*) AS n FROM title WHERE id = ANY($1) AND work_type = 'LIVRO' AND language IS NOT NULL GROUP BY 1",
        [base],
      ),
    );
    expect(shown(result, 'D')).toEqual(
      await counts(
        `SELECT 'S' AS v, count(*) AS n FROM title t WHERE id = ANY($1) AND work_type = 'LIVRO' AND language = 'eng'
            AND EXISTS (SELECT 1 FROM copy c WHERE c.title_id = t.id AND c.status = 'disponivel')`,
        [base],
      ),
    );
    expect(group(result, 'T')!.valores.find((v) => v.valor === 'LIVRO')?.selecionado).toBe(true);
    expect(
      group(result, 'I')!
        .valores.filter((v) => v.selecionado)
        .map((v) => v.valor),
    ).toEqual(['eng']);
    expect(result.total).toBe(shown(result, 'I').get('eng'));
  });

  it('lists a selected value even when no result has it, and leaves out groups without values', async () => {
    const result = await search({ termo: TERM, filtro: ['T:PERIODICO', 'I:jpn'] });
    expect(result.total).toBe(0);
    expect(result.data).toEqual([]);
    expect(group(result, 'I')!.valores.find((v) => v.valor === 'jpn')).toMatchObject({
      quantidade: 0,
      selecionado: true,
    });
    expect(group(result, 'T')!.valores.find((v) => v.valor === 'PERIODICO')).toMatchObject({
      selecionado: true,
    });
    for (const g of result.filtros) expect(g.valores.length).toBeGreaterThan(0);
    // Machado de Assis's works have no name or geographic subjects and no cover.
    const machado = await search({ termo: 'machado', tipoBusca: 'autor' });
    expect(machado.filtros.map((g) => g.tipo)).not.toContain('G');
    expect(machado.filtros.map((g) => g.tipo)).not.toContain('N');
    expect(group(machado, 'X')?.valores.map((v) => v.valor) ?? []).not.toContain('C');
  });

  it('keeps a selected value beyond the most frequent ones in its group', async () => {
    const result = await search({ termo: TERM });
    const authors = await counts(
      `SELECT authority_id::text AS v, count(DISTINCT title_id) AS n FROM title_authority
        WHERE title_id = ANY($1) AND role = 'author' GROUP BY 1`,
      [base],
    );
    expect(authors.size).toBeGreaterThan(FILTER_VALUE_CAP);
    const hidden = [...authors.keys()].find((v) => !shown(result, 'A').has(v))!;
    const filtered = await search({ termo: TERM, filtro: `A:${hidden}` });
    const value = group(filtered, 'A')!.valores.find((v) => v.valor === hidden);
    expect(value).toMatchObject({ quantidade: authors.get(hidden), selecionado: true });
    expect(filtered.total).toBe(authors.get(hidden));
  });

  it('orders values by count, years newest first with "no date" last', async () => {
    const result = await search({ termo: TERM });
    for (const g of result.filtros.filter((x) => x.tipo !== 'Y')) {
      const n = g.valores.map((v) => v.quantidade);
      expect([g.tipo, n]).toEqual([g.tipo, [...n].sort((a, b) => b - a)]);
    }
    // Machado de Assis's works, one of them without a year: few enough years to show them all.
    const machado = await search({ termo: 'machado', tipoBusca: 'autor' });
    const years = group(machado, 'Y')!.valores.map((v) => v.valor);
    expect(years.at(-1)).toBe('sem-data');
    const numbers = years.slice(0, -1).map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(group(machado, 'Y')!.valores.at(-1)!.descricao).toBe('search.filterValue.Y.sem-data');
  });

  it('describes values in the language of the request and labels groups by translation key', async () => {
    const pt = await search({ termo: TERM });
    const en = await search({ termo: TERM }, { [LANGUAGE_HEADER]: '5' });
    const es = await search({ termo: TERM }, { [LANGUAGE_HEADER]: '3' });
    const book = (r: SearchResponse) => group(r, 'T')!.valores.find((v) => v.valor === 'LIVRO')?.descricao;
    const portuguese = (r: SearchResponse) =>
      group(r, 'I')!.valores.find((v) => v.valor === 'por')?.descricao;
    expect([book(pt), book(en), book(es)]).toEqual(['Livro', 'Book', 'Libro']);
    expect([portuguese(pt), portuguese(en), portuguese(es)]).toEqual([
      'Português',
      'Portuguese',
      'Portugués',
    ]);
    expect(group(en, 'T')!.descricao).toBe('search.filter.T');
    expect(group(en, 'D')!.valores[0]!.descricao).toBe('search.filterValue.D.S');
  });

  it('answers the filter types of each tab', async () => {
    const types = async (tab: string) => {
      const response = await ctx.app.inject({ url: `/api/consulta/filtros?search_tab=${tab}`, headers });
      expect(response.statusCode).toBe(200);
      return FiltersResponseSchema.parse(response.json()).map((f) => f.tipo);
    };
    const common = [
      'D',
      'B',
      'U',
      'T',
      'M',
      'X',
      'Y',
      'I',
      'A',
      'S',
      'N',
      'G',
      'F',
      'C',
      'E',
      'P',
      'K',
      'R',
      'O',
      'L',
    ];
    for (const tab of ['geral', 'ebooks', 'avancada', 'acessibilidade', 'plano-ensino', 'autoridades'])
      expect([tab, await types(tab)]).toEqual([tab, common]);
    const newAcquisitions = await types('novas-aquisicoes');
    expect(newAcquisitions.slice(0, 2)).toEqual(['NA_C', 'NA_A']);
    expect(newAcquisitions).not.toContain('R');
    // The network tab has its own set: the institution, then work type, year and language.
    expect(await types('rede-oai')).toEqual(['Z', 'T', 'Y', 'I']);
    const response = await ctx.app.inject({ url: '/api/consulta/filtros?search_tab=geral', headers });
    expect(response.json()[0]).toEqual({ tipo: 'D', descricao: 'search.filter.D' });
  });

  it("counts the new-acquisition course of the titles the courses' teaching plans list", async () => {
    const query = { termo: TERM, search_tab: 'novas-aquisicoes', opcao: 'dataIni:2000-01-01' };
    const result = await search(query);
    const titles = await allIds(query);
    const expected = await counts(
      `SELECT p.course_id::text AS v, count(DISTINCT pt.title_id) AS n
         FROM teaching_plan_title pt JOIN teaching_plan p ON p.id = pt.plan_id WHERE pt.title_id = ANY($1) GROUP BY 1`,
      [titles],
    );
    expectGroup(result, 'NA_C', expected);
    const { rows } = await ctx.db.query<{ id: number; name: string }>('SELECT id, name FROM course');
    for (const value of group(result, 'NA_C')!.valores)
      expect(value.descricao).toBe(rows.find((r) => String(r.id) === value.valor)?.name);
  });
});

describe('keeping the precomputed filter keys current', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  const found = async (termo: string, filtro: string) => {
    const response = await ctx.app.inject({
      url: `/api/consulta?${new URLSearchParams({ termo, filtro, quantPag: '100' })}`,
      headers,
    });
    return SearchResponseSchema.parse(response.json()).data.map((h) => h.cod_acervo);
  };
  const keysOf = async (id: number) =>
    (await ctx.db.query<{ facet_keys: string[] }>('SELECT facet_keys FROM title WHERE id = $1', [id]))
      .rows[0]!.facet_keys;
  /** Titles whose stored keys differ from the keys computed afresh (none when everything is current). */
  const stale = async (db: Queryable) =>
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM title x WHERE facet_keys IS DISTINCT FROM public.title_facet_keys(x)',
      )
    ).rows[0]!.n;

  it('the demo seed leaves every title with its current keys', async () => {
    expect(await stale(ctx.db)).toBe(0);
    expect(
      (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM title_facet_stale')).rows[0]!.n,
    ).toBe(0);
  });

  it('a copy lent or returned changes "available now" (D) at once', async () => {
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT t.id FROM title t WHERE t.title = 'Vidas secas'
          AND EXISTS (SELECT 1 FROM copy c WHERE c.title_id = t.id AND c.status = 'disponivel') ORDER BY t.id LIMIT 1`,
    );
    const id = rows[0]!.id;
    expect(await found('vidas secas', 'D:S')).toContain(id);
    await ctx.db.query("UPDATE copy SET status = 'emprestado' WHERE title_id = $1", [id]);
    expect(await keysOf(id)).not.toContain('D:S');
    expect(await found('vidas secas', 'D:S')).not.toContain(id);
    await ctx.db.query(
      "UPDATE copy SET status = 'disponivel' WHERE id = (SELECT min(id) FROM copy WHERE title_id = $1)",
      [id],
    );
    expect(await found('vidas secas', 'D:S')).toContain(id);
  });

  it('follows copies, links, plans, authorities, libraries and the title itself', async () => {
    const { rows } = await ctx.db.query<{ id: number }>(
      "SELECT id FROM title WHERE title = 'Dom Casmurro' ORDER BY id LIMIT 1",
    );
    const id = rows[0]!.id;
    // A cover link on the title (X:C), an online link (X:O).
    await ctx.db.query("UPDATE title SET cover_url = 'https://capas.example.org/dom.jpg' WHERE id = $1", [
      id,
    ]);
    expect(await found('dom casmurro', 'X:C')).toEqual([id]);
    await ctx.db.query(
      "INSERT INTO online_link (title_id, seq, url) VALUES ($1, 99, 'https://example.org/dom')",
      [id],
    );
    expect(await found('dom casmurro', 'X:O')).toContain(id);
    // A copy in a new library of a new campus (B, U); the library moved to another campus (U).
    const campus = await ctx.db.query<{ id: number }>(
      "INSERT INTO campus (name) VALUES ('Campus Teste') RETURNING id",
    );
    const library = await ctx.db.query<{ id: number }>(
      "INSERT INTO library (campus_id, code, name) VALUES ($1, 'TST', 'Biblioteca Teste') RETURNING id",
      [campus.rows[0]!.id],
    );
    const libraryId = library.rows[0]!.id;
    await ctx.db.query("INSERT INTO copy (title_id, library_id, number) VALUES ($1, $2, 'TST-1')", [
      id,
      libraryId,
    ]);
    expect(await found('dom casmurro', `B:${libraryId}`)).toEqual([id]);
    expect(await found('dom casmurro', `U:${campus.rows[0]!.id}`)).toEqual([id]);
    const other = await ctx.db.query<{ id: number }>(
      "INSERT INTO campus (name) VALUES ('Campus Outro') RETURNING id",
    );
    await ctx.db.query('UPDATE library SET campus_id = $1 WHERE id = $2', [other.rows[0]!.id, libraryId]);
    expect(await found('dom casmurro', `U:${other.rows[0]!.id}`)).toEqual([id]);
    expect(await found('dom casmurro', `U:${campus.rows[0]!.id}`)).toEqual([]);
    await ctx.db.query("DELETE FROM copy WHERE number = 'TST-1'");
    expect(await found('dom casmurro', `B:${libraryId}`)).toEqual([]);
    // A teaching plan listing the title (NA_C), in one transaction with its plan.
    const course = await ctx.db.query<{ id: number }>("SELECT id FROM course WHERE code = 'MED'");
    const courseId = course.rows[0]!.id;
    const before = await found('dom casmurro', `NA_C:${courseId}`);
    expect(before).not.toContain(id);
    await ctx.db.transaction(async (tx) => {
      const plan = await tx.query<{ id: number }>(
        `INSERT INTO teaching_plan (course_id, discipline_id, year, semester)
         SELECT $1, id, 2031, 1 FROM discipline ORDER BY id LIMIT 1 RETURNING id`,
        [courseId],
      );
      await tx.query("INSERT INTO teaching_plan_title (plan_id, title_id, kind) VALUES ($1, $2, 'basica')", [
        plan.rows[0]!.id,
        id,
      ]);
    });
    expect(await found('dom casmurro', `NA_C:${courseId}`)).toContain(id);
    // An authority whose type changes moves between the subject filters (S → G).
    const subject = await ctx.db.query<{ id: number }>(
      `SELECT a.id FROM title_authority ta JOIN authority a ON a.id = ta.authority_id
        WHERE ta.title_id = $1 AND a.type = 'assunto' ORDER BY a.id LIMIT 1`,
      [id],
    );
    const subjectId = subject.rows[0]!.id;
    expect(await keysOf(id)).toContain(`S:${subjectId}`);
    await ctx.db.query("UPDATE authority SET type = 'assunto_geografico' WHERE id = $1", [subjectId]);
    expect(await keysOf(id)).toContain(`G:${subjectId}`);
    expect(await keysOf(id)).not.toContain(`S:${subjectId}`);
    expect(await stale(ctx.db)).toBe(0);
  });

  it('the synthetic seed (titles, copies, links in bulk) leaves every title with its current keys', async () => {
    const db: Db = await createTestDb({ empty: true });
    try {
      await seedSynthetic(db, { records: 300, batchSize: 120 });
      expect(await stale(db)).toBe(0);
      const wrong = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM title t WHERE t.facet_keys IS DISTINCT FROM public.title_facet_keys(t)',
      );
      expect(wrong.rows[0]!.n).toBe(0);
      // Each title was written once, with its keys, by the statement that wrote its links: the refresh
      // at commit found nothing to change. A title it rewrote would be a row version made by a later
      // command of the transaction (the same xmin, another cmin than its author link's).
      const rewritten = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM title t
          WHERE NOT EXISTS (SELECT 1 FROM title_authority ta
                             WHERE ta.title_id = t.id AND ta.xmin = t.xmin AND ta.cmin = t.cmin)`,
      );
      expect(rewritten.rows[0]!.n).toBe(0);
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM title WHERE 'T:LIVRO' = ANY (facet_keys)",
      );
      expect(rows[0]!.n).toBeGreaterThan(100);
    } finally {
      await db.close();
    }
  });
});

describe('a failed search', () => {
  /** The demo database, except that statements matching `fails` throw. */
  const failing = async (fails: RegExp): Promise<Db> => {
    const db = await createTestDb();
    const guard = <T extends Queryable>(handle: T): T => ({
      ...handle,
      query: (sql: string, params?: unknown[]) => {
        if (fails.test(sql)) return Promise.reject(new Error('connection reset'));
        return handle.query(sql, params);
      },
    });
    return { ...guard(db), transaction: (fn, options) => db.transaction((tx) => fn(guard(tx)), options) };
  };

  it.each([
    ['the filter counts', /unnest\(t\.facet_keys/],
    ['the result page', /^SELECT t\.id\s/],
  ])('answers a clear error and nothing of the search when %s fail', async (_, fails) => {
    const ctx = await buildTestApp({ db: await failing(fails) });
    try {
      const headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
      const response = await ctx.app.inject({ url: '/api/consulta?termo=casmurro', headers });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        message: 'Não foi possível concluir a pesquisa. Tente novamente.',
        code: 'SEARCH_FAILED',
      });
      const english = await ctx.app.inject({
        url: '/api/consulta?termo=casmurro',
        headers: { ...headers, [LANGUAGE_HEADER]: '5' },
      });
      expect(english.json().message).toBe('The search could not be completed. Please try again.');
    } finally {
      await ctx.close();
    }
  });
});
