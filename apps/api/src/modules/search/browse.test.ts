import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IndexBrowseResponseSchema,
  IndexedTitlesResponseSchema,
  IndexOptionsSchema,
  SearchResponseSchema,
  type IndexBrowseResponse,
  type IndexedTitlesResponse,
  type IndexEntry,
  type IndexType,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import type { Queryable } from '../../lib/db/index.ts';
import { loadDemoWorks } from '../seed/index.ts';
import { importFile } from '../imports/service.ts';

const DATA = fileURLToPath(new URL('../../../../../../shared/data/marc/', import.meta.url));

/** Letters that lose no mark but are written out without accents ("mœurs" is filed as "moeurs"). */
const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'OE', æ: 'ae', Æ: 'AE', ß: 'ss', ø: 'o', Ø: 'O' };

/**
 * The filing form worked out here, independently of the database: accents, case and punctuation
 * ignored (the demo library's keys are all plain Latin letters and digits once accents go; the
 * compatibility decomposition turns "2º" into "2o").
 */
function filing(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[œŒæÆßøØ]/g, (c) => LIGATURES[c] ?? c)
    .toLowerCase()
    .replace(/[\s!-/:-@[-`{-~«»“”‘’„‚‹›–—¿¡…·]+/gu, ' ')
    .trim();
}

/** Filing order: byte order of the UTF-8 keys, then the authority. */
function compareKeys(a: { key: string; authority: number }, b: { key: string; authority: number }) {
  return Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)) || a.authority - b.authority;
}

interface ExpectedEntry {
  key: string;
  authority: number;
  titles: Set<number>;
}

/** Every entry of an index as the stored titles and their authority links make it, in filing order. */
async function expectedIndex(db: Queryable, type: IndexType): Promise<ExpectedEntry[]> {
  const entries = new Map<string, ExpectedEntry>();
  const add = (key: string, authority: number, titleId: number) => {
    if (key === '') return;
    const id = `${key}\u0000${authority}`;
    const entry = entries.get(id) ?? { key, authority, titles: new Set<number>() };
    entry.titles.add(titleId);
    entries.set(id, entry);
  };
  if (type === 'autor' || type === 'assunto') {
    const { rows } = await db.query<{ title_id: number; authority_id: number; heading: string }>(
      `SELECT ta.title_id, a.id AS authority_id, a.heading FROM title_authority ta
         JOIN authority a ON a.id = ta.authority_id WHERE ta.role = $1`,
      [type === 'autor' ? 'author' : 'subject'],
    );
    for (const row of rows) add(filing(row.heading), row.authority_id, row.title_id);
  } else {
    const { rows } = await db.query<{
      id: number;
      title: string;
      series: string | null;
      call_number: string | null;
      isbn: string[];
      issn: string[];
    }>('SELECT id, title, series, call_number, isbn, issn FROM title');
    for (const row of rows) {
      if (type === 'titulo') add(filing(row.title), 0, row.id);
      if (type === 'serie' && row.series) add(filing(row.series), 0, row.id);
      if (type === 'numero_chamada' && row.call_number) add(filing(row.call_number), 0, row.id);
      if (type === 'isbn') for (const isbn of row.isbn) add(isbn, 0, row.id);
      if (type === 'issn') for (const issn of row.issn) add(issn.replace('-', ''), 0, row.id);
    }
  }
  return [...entries.values()].sort(compareKeys);
}

const summary = (entry: IndexEntry) => [entry.chave, entry.cod_autoridade ?? 0, entry.quantidade];

describe('index browse (SPEC §3 index types) on the demo library', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  const get = async (path: string, query: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return ctx.app.inject({ url: `/api${path}?${qs}`, headers });
  };
  const browse = async (query: Record<string, string | number>): Promise<IndexBrowseResponse> => {
    const response = await get('/consulta/indice', query);
    expect(response.statusCode, response.body).toBe(200);
    return IndexBrowseResponseSchema.parse(response.json());
  };
  const titlesUnder = async (query: Record<string, string | number>): Promise<IndexedTitlesResponse> => {
    const response = await get('/consulta/acervos-indexados', query);
    expect(response.statusCode, response.body).toBe(200);
    return IndexedTitlesResponseSchema.parse(response.json());
  };
  /** Every title under an entry, read page after page. */
  const allTitlesUnder = async (query: Record<string, string | number>) => {
    const ids: number[] = [];
    for (let paginaAtiva = 1; ; paginaAtiva++) {
      const page = await titlesUnder({ ...query, paginaAtiva, quantPag: 100 });
      ids.push(...page.data.map((h) => h.cod_acervo));
      if (ids.length >= page.total || page.data.length === 0) return { ids, total: page.total };
    }
  };
  /** Every entry of an index, read page after page from its start. */
  const wholeIndex = async (tipo: IndexType): Promise<IndexEntry[]> => {
    const entries: IndexEntry[] = [];
    for (let pagina = 1; ; pagina++) {
      const page = await browse({ tipo, pagina, quantPag: 100 });
      entries.push(...page.itens);
      if (!page.proxima) return entries;
      expect(pagina).toBeLessThan(50);
    }
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('lists the seven index types of SPEC §3 with their translation keys', async () => {
    const response = await ctx.app.inject({ url: '/api/consulta/opcoes-indice', headers });
    expect(IndexOptionsSchema.parse(response.json())).toEqual(
      ['titulo', 'serie', 'autor', 'assunto', 'numero_chamada', 'isbn', 'issn'].map((codigo) => ({
        codigo,
        descricao: `search.index.type.${codigo}`,
      })),
    );
  });

  it.each(['titulo', 'serie', 'autor', 'assunto', 'numero_chamada', 'isbn', 'issn'] as const)(
    'lists every %s entry in filing order with the number of its titles, and jumps to exactly those titles',
    async (tipo) => {
      const expected = await expectedIndex(ctx.db, tipo);
      expect(expected.length).toBeGreaterThan(5);
      const entries = await wholeIndex(tipo);
      expect(entries.map(summary)).toEqual(expected.map((e) => [e.key, e.authority, e.titles.size]));
      // The entry with most titles, and the last one, lead to their own titles and no others.
      const busiest = expected.reduce((a, b) => (b.titles.size > a.titles.size ? b : a));
      for (const entry of [busiest, expected.at(-1)!]) {
        const titles = await allTitlesUnder({
          tipo,
          chave: entry.key,
          ...(entry.authority ? { cod_autoridade: entry.authority } : {}),
        });
        expect(titles.total).toBe(entry.titles.size);
        expect(titles.ids).toHaveLength(entry.titles.size);
        expect(new Set(titles.ids)).toEqual(entry.titles);
      }
    },
  );

  it('starts the author index at the typed term and shows the page before it', async () => {
    const expected = await expectedIndex(ctx.db, 'autor');
    const at = expected.findIndex((e) => e.key >= 'mach');
    const page = await browse({ tipo: 'autor', termo: 'Mach', quantPag: 5 });
    expect(page.itens.map((e) => e.chave)).toEqual(expected.slice(at, at + 5).map((e) => e.key));
    expect(page.itens[0]?.descricao).toMatch(/^Machado, Ana Maria/);
    expect(page).toMatchObject({ anterior: true, proxima: true, pagina: 1 });
    const before = await browse({ tipo: 'autor', termo: 'Mach', quantPag: 5, pagina: 0 });
    expect(before.itens.map((e) => e.chave)).toEqual(expected.slice(at - 5, at).map((e) => e.key));
    const further = await browse({ tipo: 'autor', termo: 'Mach', quantPag: 5, pagina: -1 });
    expect(further.itens.map((e) => e.chave)).toEqual(expected.slice(at - 10, at - 5).map((e) => e.key));
    const next = await browse({ tipo: 'autor', termo: 'Mach', quantPag: 5, pagina: 2 });
    expect(next.itens.map((e) => e.chave)).toEqual(expected.slice(at + 5, at + 10).map((e) => e.key));
  });

  it('files Machado de Assis under A with every demo work of his, and jumps to them', async () => {
    const works = await loadDemoWorks();
    const his = works.filter((w) => w.authors.some((a) => a.name === 'Assis, Machado de'));
    expect(his.length).toBeGreaterThan(10);
    const page = await browse({ tipo: 'autor', termo: 'assis, machado' });
    const entry = page.itens[0]!;
    expect(entry).toMatchObject({ descricao: 'Assis, Machado de, 1839-1908', quantidade: his.length });
    const titles = await titlesUnder({
      tipo: 'autor',
      chave: entry.chave,
      cod_autoridade: entry.cod_autoridade!,
    });
    expect(titles.data.map((h) => h.titulo).sort()).toEqual(
      his.map((w) => (w.subtitle ? `${w.title} : ${w.subtitle}` : w.title)).sort(),
    );
    // Titles come in title order, with the result-list fields of a search hit.
    const names = titles.data.map((h) => filing(h.titulo));
    expect(names).toEqual([...names].sort());
    expect(titles.data[0]).toMatchObject({ autor: 'Assis, Machado de, 1839-1908' });
  });

  it('ignores accents, case and punctuation in the starting term', async () => {
    const plain = await browse({ tipo: 'titulo', termo: 'grande sertao', quantPag: 3 });
    const typed = await browse({ tipo: 'titulo', termo: '  GRANDE   Sertão: ', quantPag: 3 });
    expect(typed.itens).toEqual(plain.itens);
    expect(plain.itens[0]).toMatchObject({
      descricao: 'Grande sertão : veredas',
      chave: 'grande sertao veredas',
    });
  });

  it('gathers the editions of "Dom Casmurro" under one title entry', async () => {
    const works = await loadDemoWorks();
    const count = works.filter((w) => w.title === 'Dom Casmurro' && !w.subtitle).length;
    expect(count).toBeGreaterThan(1);
    const page = await browse({ tipo: 'titulo', termo: 'dom casmurro', quantPag: 1 });
    expect(page.itens).toEqual([
      { chave: 'dom casmurro', descricao: 'Dom Casmurro', quantidade: count, cod_autoridade: null },
    ]);
    const titles = await titlesUnder({ tipo: 'titulo', chave: 'Dom Casmurro' });
    expect(titles.data.map((h) => h.titulo)).toEqual(Array(count).fill('Dom Casmurro'));
  });

  it('browses ISBNs from an ISBN typed with hyphens or as ISBN-10, and ISSNs with or without the hyphen', async () => {
    const { rows } = await ctx.db.query<{ isbn: string; issn: string }>(
      `SELECT (SELECT isbn[1] FROM title WHERE isbn[1] LIKE '978%' ORDER BY isbn[1] LIMIT 1 OFFSET 3) AS isbn,
              (SELECT issn[1] FROM title WHERE cardinality(issn) > 0 ORDER BY issn[1] LIMIT 1 OFFSET 2) AS issn`,
    );
    const { isbn, issn } = rows[0]!;
    const hyphenated = `${isbn.slice(0, 3)}-${isbn.slice(3, 5)}-${isbn.slice(5, 9)}-${isbn.slice(9, 12)}-${isbn.slice(12)}`;
    const core = isbn.slice(3, 12);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(core[i]) * (10 - i);
    const check = (11 - (sum % 11)) % 11;
    const isbn10 = `${core}${check === 10 ? 'X' : check}`;
    for (const termo of [hyphenated, isbn10]) {
      const page = await browse({ tipo: 'isbn', termo, quantPag: 2 });
      expect(page.itens[0]).toMatchObject({ chave: isbn, descricao: isbn, quantidade: 1 });
      expect(page.anterior).toBe(true);
    }
    for (const termo of [issn, issn.replace('-', '')]) {
      const page = await browse({ tipo: 'issn', termo, quantPag: 2 });
      expect(page.itens[0]).toMatchObject({ chave: issn.replace('-', ''), descricao: issn });
    }
    const titles = await titlesUnder({ tipo: 'issn', chave: issn });
    expect(titles.total).toBe(1);
    expect(titles.data[0]?.cod_acervo).toBeGreaterThan(0);
  });

  it('answers an empty page past the end of an index, with the way back', async () => {
    const page = await browse({ tipo: 'serie', termo: 'zzzz' });
    expect(page).toMatchObject({ itens: [], anterior: true, proxima: false });
    const start = await browse({ tipo: 'serie', termo: '', pagina: 0 });
    expect(start).toMatchObject({ itens: [], anterior: false, proxima: true });
  });

  it('lists every title under an authority, and the titles named by id, in title order', async () => {
    const { rows } = await ctx.db.query<{ id: number; heading: string; titles: number[] }>(
      `SELECT a.id, a.heading, array_agg(DISTINCT ta.title_id ORDER BY ta.title_id) AS titles
         FROM authority a JOIN title_authority ta ON ta.authority_id = a.id
        WHERE a.heading = 'Ficção brasileira' GROUP BY a.id`,
    );
    const authority = rows[0]!;
    expect(authority.titles.length).toBeGreaterThan(25);
    const first = await titlesUnder({ cod_autoridade: authority.id, quantPag: 20 });
    const second = await titlesUnder({ cod_autoridade: authority.id, quantPag: 20, paginaAtiva: 2 });
    expect(first.total).toBe(authority.titles.length);
    const seen = [...first.data, ...second.data].map((h) => h.cod_acervo);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of seen) expect(authority.titles).toContain(id);
    const byIds = await titlesUnder({ acervos: authority.titles.slice(0, 3).join(',') });
    expect(byIds.data.map((h) => h.cod_acervo).sort((a, b) => a - b)).toEqual(authority.titles.slice(0, 3));
  });

  it('refuses a jump that names no entry, authority or titles', async () => {
    const response = await get('/consulta/acervos-indexados', { tipo: 'titulo' });
    expect(response.statusCode).toBe(400);
    expect((await get('/consulta/indice', { tipo: 'editora' })).statusCode).toBe(400);
  });

  it('a subject entry finds the same titles as the subject search of the catalogue', async () => {
    const page = await browse({ tipo: 'assunto', termo: 'Ciúme - Ficção', quantPag: 1 });
    const entry = page.itens[0]!;
    expect(entry.descricao).toBe('Ciúme - Ficção');
    const titles = await titlesUnder({ tipo: 'assunto', chave: entry.chave });
    const search = await ctx.app.inject({
      url: `/api/consulta?${new URLSearchParams({ termo: 'ciúme ficção', tipoBusca: 'assunto', tipoTermo: 'exata' })}`,
      headers,
    });
    const found = SearchResponseSchema.parse(search.json());
    expect(titles.total).toBe(entry.quantidade);
    // The search shows the editions of one work as one result (decision 0071).
    expect(new Set(titles.data.map((h) => h.cod_acervo))).toEqual(
      new Set(found.data.flatMap((h) => h.edicoes ?? [h]).map((h) => h.cod_acervo)),
    );
  });
});

describe('index entries and vocabulary stay current as records are imported', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  /** The index and the vocabulary as kept by the database, and as a rebuild from scratch makes them. */
  const compareWithRebuild = async () => {
    const read = async () => ({
      entries: (
        await ctx.db.query<{ line: string }>(
          "SELECT kind || '|' || norm || '|' || authority_id || '|' || title_count AS line FROM browse_entry ORDER BY 1",
        )
      ).rows.map((r) => r.line),
      words: (
        await ctx.db.query<{ line: string }>(
          "SELECT word || '|' || title_count AS line FROM search_word ORDER BY 1",
        )
      ).rows.map((r) => r.line),
    });
    const kept = await read();
    await ctx.db.query('SELECT public.rebuild_search_aids()');
    const rebuilt = await read();
    expect(kept.entries).toEqual(rebuilt.entries);
    expect(kept.words).toEqual(rebuilt.words);
    return kept;
  };

  it('counts imported titles and authorities, a re-import once, and a deleted title no more', async () => {
    const before = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM browse_entry WHERE kind = 'titulo'",
    );
    const summary = await importFile(ctx.db, join(DATA, 'evergreen-rda-samples.mrc'));
    expect(summary.inserted).toBeGreaterThan(5);
    const afterImport = await compareWithRebuild();
    expect(afterImport.entries.filter((l) => l.startsWith('titulo|')).length).toBeGreaterThan(
      before.rows[0]!.n,
    );
    // The same file again updates the same records: nothing is counted twice.
    const again = await importFile(ctx.db, join(DATA, 'evergreen-rda-samples.mrc'));
    expect(again.updated).toBe(summary.inserted);
    expect((await compareWithRebuild()).entries).toEqual(afterImport.entries);
    // Authority records of their own (with see-from references) keep the links' counts.
    await importFile(ctx.db, join(DATA, 'evergreen-auth-iish-17.mrc'));
    await compareWithRebuild();
    const { rows } = await ctx.db.query<{ id: number }>(
      "SELECT id FROM title WHERE control_source <> 'ESTANTE' ORDER BY id LIMIT 2",
    );
    await ctx.db.query('DELETE FROM title WHERE id = ANY($1::int[])', [rows.map((r) => r.id)]);
    const afterDelete = await compareWithRebuild();
    expect(afterDelete.entries.length).toBeLessThan(afterImport.entries.length);
  });
});
