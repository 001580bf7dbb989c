import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema, type AppliedFilter, type SearchResponse } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { searchRequest, type SearchRequest } from './engine.ts';
import { createPostgresSearchEngine } from './postgres-engine.ts';
import { rebuildSearchStats } from './search-stats.ts';
import { normalised, recorded } from './search-testing.ts';

// The ways a search is answered fast (docs/search.md "How a search is answered"): counts kept per
// frequent word, the page of a big result set through indexes, and the count cache with its
// catalogue version. Each must answer exactly what counting every match answers.

const f = (tipo: AppliedFilter['tipo'], valor: string): AppliedFilter => ({ tipo, valor });

describe('counts kept per frequent word', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  /** Reads kept counts (recording its statements); counts nothing it can read. */
  let kept: ReturnType<typeof createPostgresSearchEngine>;
  let statements: string[];
  /** Counts every search's matches. */
  let recount: ReturnType<typeof createPostgresSearchEngine>;
  let library: string;

  /** Searches the kept-count engine must answer from search_term_count, and others it must count. */
  const oneWord = (): SearchRequest[] => [
    searchRequest({ text: 'de' }),
    searchRequest({ text: 'Brasil' }),
    searchRequest({ text: 'brasil', type: 'titulo' }),
    searchRequest({ text: 'brasil', type: 'autor' }),
    searchRequest({ text: 'brasil', type: 'assunto', termType: 'exata' }),
    searchRequest({ text: 'Machado', type: 'autor' }),
    searchRequest({ text: 'ficção', type: 'assunto' }),
    searchRequest({ text: 'romance', type: 'assunto' }),
    searchRequest({ text: 'de', filters: [f('D', 'S')] }),
    searchRequest({ text: 'de', filters: [f('T', 'LIVRO'), f('T', 'TESE')] }),
    searchRequest({ text: 'romance', type: 'assunto', filters: [f('I', 'por')] }),
    searchRequest({ text: 'brasil', filters: [f('B', library)] }),
    // A selected value no result has is listed with 0.
    searchRequest({ text: 'de', filters: [f('Y', '1492')] }),
  ];
  const counted = (): SearchRequest[] => [
    searchRequest({ text: 'de', filters: [f('D', 'S'), f('I', 'por')] }),
    searchRequest({ text: 'machado assis' }),
    searchRequest({ text: 'de', similar: true }),
    searchRequest({ text: 'de', tab: 'ebooks' }),
    searchRequest({ text: 'de de', termType: 'exata' }),
  ];

  /** Every kept count recounted from the titles: rows where the two disagree. */
  const disagreements = async () =>
    (
      await ctx.db.query<{
        lexeme: string;
        scope: string;
        key: string;
        kept: number | null;
        recounted: number | null;
      }>(
        `WITH recounted AS (
           SELECT u.lexeme, s.scope, k.key, count(*)::int AS n
             FROM title t
             CROSS JOIN LATERAL unnest(t.search_vector) AS u(lexeme, positions, weights)
             JOIN search_term st ON st.lexeme = u.lexeme
             CROSS JOIN LATERAL (SELECT '*'::"char" UNION SELECT w::"char" FROM unnest(u.weights) w
                                  WHERE w IN ('A', 'B', 'C')) s(scope)
             CROSS JOIN LATERAL unnest(t.facet_keys || '{#}'::text[]) AS k(key)
            GROUP BY 1, 2, 3
           UNION ALL
           SELECT '', '*', k.key, count(*)::int FROM title t, unnest(t.facet_keys || '{#}'::text[]) AS k(key) GROUP BY 3
         )
         SELECT coalesce(r.lexeme, c.lexeme) AS lexeme, coalesce(r.scope, c.scope)::text AS scope,
                coalesce(r.key, c.key) AS key, c.n AS kept, r.n AS recounted
           FROM recounted r
           FULL JOIN (SELECT * FROM search_term_count WHERE n <> 0) c
             ON c.lexeme = r.lexeme AND c.scope = r.scope AND c.key = r.key
          WHERE r.n IS DISTINCT FROM c.n`,
      )
    ).rows;

  /** Both engines answer every search alike; the one-word searches come from the kept counts. */
  const expectSameAnswers = async () => {
    const counting = (s: string) => s.includes("facet_keys || '{#}'");
    for (const request of oneWord()) {
      const label = JSON.stringify(request);
      statements.length = 0;
      const answer = await kept.search(request);
      expect(normalised(answer), label).toEqual(normalised(await recount.search(request)));
      if (request.filters.length === 0) {
        expect(answer.total, label).toBeGreaterThan(0);
        // Nothing counted: all from the kept counts.
        expect(statements.filter(counting), label).toEqual([]);
      } else {
        // Only the other types counted, over the titles that pass the filter.
        expect(statements.filter(counting), label).toHaveLength(1);
        expect(
          statements.some((s) => s.includes('misses')),
          label,
        ).toBe(false);
      }
      expect(
        statements.some((s) => s.includes('FROM search_term_count')),
        label,
      ).toBe(true);
    }
    for (const request of counted()) {
      statements.length = 0;
      expect(normalised(await kept.search(request)), JSON.stringify(request)).toEqual(
        normalised(await recount.search(request)),
      );
      expect(statements.filter(counting), JSON.stringify(request)).toHaveLength(1);
    }
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    const recording = recorded(ctx.db);
    statements = recording.statements;
    // The frequent words change from one test to the next: read them for every search.
    // The keys in memory answer some of these searches otherwise (title-keys.test.ts).
    kept = createPostgresSearchEngine(recording.db, {
      countCacheSize: 0,
      hintsTtlMs: 0,
      keysInMemory: 'off',
    });
    recount = createPostgresSearchEngine(ctx.db, { countCacheSize: 0, termCounts: false });
    library = String(
      (await ctx.db.query<{ id: number }>("SELECT id FROM library WHERE name = 'Biblioteca Central'"))
        .rows[0]!.id,
    );
  });
  afterAll(() => ctx.close());

  it('lists no word as frequent in the demo library, whose words are each held by fewer than 500 titles', async () => {
    const stats = await rebuildSearchStats(ctx.db);
    expect(stats).toMatchObject({ words: 0, minTitles: 500 });
    expect(stats.titles).toBeGreaterThan(500);
    // The whole catalogue is counted all the same (it tells which filter values are common).
    expect(await disagreements()).toEqual([]);
    for (const request of oneWord())
      expect(normalised(await kept.search(request))).toEqual(normalised(await recount.search(request)));
  });

  it('answers a word made frequent from its kept counts, exactly as counting its matches', async () => {
    const stats = await rebuildSearchStats(ctx.db, { minTitles: 10 });
    expect(stats.minTitles).toBe(10);
    const words = (await ctx.db.query<{ lexeme: string }>('SELECT lexeme FROM search_term')).rows.map(
      (r) => r.lexeme,
    );
    expect(words).toEqual(expect.arrayContaining(['de', 'brasil', 'machado', 'ficcao', 'romance']));
    expect(words).toHaveLength(stats.words);
    expect(await disagreements()).toEqual([]);
    await expectSameAnswers();
  });

  it('keeps the counts of frequent words current through loans, new, changed and deleted titles', async () => {
    await rebuildSearchStats(ctx.db, { minTitles: 10 });
    // A loan of every copy on the shelf of three titles holding "brasil" (one statement).
    const lent = await ctx.db.query<{ id: number }>(
      `UPDATE copy SET status = 'emprestado'
        WHERE status = 'disponivel'
          AND title_id IN (SELECT id FROM title WHERE search_vector @@ 'brasil'::tsquery ORDER BY id LIMIT 3)
       RETURNING id`,
    );
    expect(lent.rows.length).toBeGreaterThan(0);
    // Two new titles with frequent words in every field, one with a copy on the shelf.
    const added = await ctx.db.query<{ id: number }>(
      `INSERT INTO title (control_number, title, main_author, authors_text, subjects_text, work_type, language, year, marc)
       VALUES ('kept-1', 'Brasil de ontem', 'Machado, Maria', 'Machado, Maria', 'Romance brasileiro', 'LIVRO', 'por', 2024, '{}'),
              ('kept-2', 'Outro Brasil', 'Brasil, Ana', 'Brasil, Ana', 'Ficção', 'TESE', 'por', NULL, '{}')
       RETURNING id`,
    );
    const [first, second] = added.rows.map((r) => r.id) as [number, number];
    await ctx.db.query(
      `INSERT INTO copy (title_id, library_id, number, loan_type, location, status)
       VALUES ($1, $2, 'kept-c1', 'Normal', 'Acervo geral', 'disponivel')`,
      [first, Number(library)],
    );
    // A title that loses "brasil" from its title, and one whose subjects change.
    await ctx.db.query(
      `UPDATE title SET title = 'Sem aquela palavra'
        WHERE id = (SELECT min(id) FROM title WHERE ts_filter(search_vector, '{a}') @@ 'brasil'::tsquery AND id <> ALL ($1))`,
      [[first, second]],
    );
    await ctx.db.query(
      `UPDATE title SET subjects_text = subjects_text || ' ; Romance'
        WHERE id = (SELECT min(id) FROM title WHERE NOT search_vector @@ 'romance'::tsquery)`,
    );
    await ctx.db.query('DELETE FROM title WHERE id = $1', [second]);
    expect(await disagreements()).toEqual([]);
    await expectSameAnswers();
  });
});

describe('the page of a big result set', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  /** Every result set counts as big: the page comes through the indexes. */
  let big: ReturnType<typeof createPostgresSearchEngine>;
  let all: ReturnType<typeof createPostgresSearchEngine>;

  beforeAll(async () => {
    ctx = await buildTestApp();
    big = createPostgresSearchEngine(ctx.db, { fullRankLimit: 0, countCacheSize: 0 });
    all = createPostgresSearchEngine(ctx.db, { countCacheSize: 0 });
  });
  afterAll(() => ctx.close());

  /**
   * The order docs/search.md gives above FULL_RANK_LIMIT, worked out here from the titles:
   * exact title, exact title proper, exact author, then newest first (no year last), then id.
   */
  const expectedOrder = async (request: SearchRequest): Promise<number[]> => {
    const every = await all.search({ ...request, pageSize: 1000 });
    expect(every.ids).toHaveLength(every.total);
    const { rows } = await ctx.db.query<{
      id: number;
      e1: boolean;
      e2: boolean;
      e3: boolean;
      year: number | null;
    }>(
      `SELECT t.id, coalesce(t.title_key = k.key, false) AS e1, coalesce(t.title_proper_key = k.key, false) AS e2,
              coalesce(k.key = ANY (t.author_keys), false) AS e3, t.year
         FROM title t, (SELECT public.f_match_key($2) AS key) k WHERE t.id = ANY ($1)`,
      [every.ids, request.text],
    );
    const rank = (r: (typeof rows)[number]) => [Number(r.e1), Number(r.e2), Number(r.e3)];
    return rows
      .sort((a, b) => {
        const [ra, rb] = [rank(a), rank(b)];
        for (let i = 0; i < 3; i++) if (ra[i] !== rb[i]) return rb[i]! - ra[i]!;
        if (a.year !== b.year) return a.year === null ? 1 : b.year === null ? -1 : b.year - a.year;
        return a.id - b.id;
      })
      .map((r) => r.id);
  };

  it.each([
    ['a frequent word', searchRequest({ text: 'de' })],
    ['an exact title, with other editions', searchRequest({ text: 'Dom Casmurro' })],
    ['an exact title proper', searchRequest({ text: 'iracema' })],
    ['an exact author in direct order', searchRequest({ text: 'Machado de Assis' })],
    ['a word with a filter', searchRequest({ text: 'de', filters: [f('D', 'S')] })],
    ['a subject word', searchRequest({ text: 'romance', type: 'assunto' })],
  ])('orders %s by exact matches, then newest first, page after page', async (_, request) => {
    const expected = await expectedOrder(request);
    expect(expected.length).toBeGreaterThan(2);
    // Pages of two, so the offsets of the later pages matter even for three results.
    const size = 2;
    const pages: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await big.search({ ...request, page, pageSize: size });
      expect(answer.total).toBe(expected.length);
      pages.push(...answer.ids);
    }
    expect(pages).toEqual(expected.slice(0, 3 * size));
    const last = Math.ceil(expected.length / size);
    expect((await big.search({ ...request, page: last, pageSize: size })).ids).toEqual(
      expected.slice((last - 1) * size),
    );
  });

  it('puts the exact title first, then its other editions by title proper', async () => {
    const [top] = await expectedOrder(searchRequest({ text: 'Dom Casmurro' }));
    const { rows } = await ctx.db.query<{ title: string }>('SELECT title FROM title WHERE id = $1', [top]);
    expect(rows[0]!.title).toBe('Dom Casmurro');
    expect((await big.search(searchRequest({ text: 'Dom Casmurro' }))).ids[0]).toBe(top);
  });
});

describe('the count cache and the catalogue version', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  const query = 'termo=romance&tipoBusca=assunto';

  const search = async (qs = query): Promise<SearchResponse> => {
    const response = await ctx.app.inject({ url: `/api/consulta?${qs}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json());
  };
  const availableNow = (answer: SearchResponse) =>
    answer.filtros.find((g) => g.tipo === 'D')?.valores.find((v) => v.valor === 'S')?.quantidade ?? 0;

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('answers a repeated search from the cache while the catalogue has not changed', async () => {
    const engine = createPostgresSearchEngine(ctx.db);
    const request = searchRequest({ text: 'romance', type: 'assunto' });
    const first = await engine.search(request);
    const again = await engine.search({ ...request, page: 2, ordering: 'T' });
    // The same counts object: nothing was counted again.
    expect(again.filters).toBe(first.filters);
    await ctx.db.query(
      "UPDATE library SET name = name || ' (renomeada)' WHERE id = (SELECT min(id) FROM library)",
    );
    expect((await engine.search(request)).filters).not.toBe(first.filters);
  });

  it('answers a repeated page from the cache, with the copies on the shelf read afresh', async () => {
    const recording = recorded(ctx.db);
    const engine = createPostgresSearchEngine(recording.db);
    const request = searchRequest({ text: 'romance', type: 'assunto', hitsLanguage: 'pt' });
    const first = await engine.search(request);
    // A title of the page with two copies or more on the shelf: one of them lent. The title keeps
    // a copy on the shelf, so no count changes.
    const { rows } = await ctx.db.query<{ title_id: number; id: number }>(
      `SELECT title_id, min(id) AS id FROM copy WHERE status = 'disponivel' AND title_id = ANY ($1)
        GROUP BY title_id HAVING count(*) >= 2 ORDER BY title_id LIMIT 1`,
      [first.ids],
    );
    const { title_id: title, id: copy } = rows[0]!;
    const shelved = first.hits!.find((h) => h.id === title)!.copies_available;
    await ctx.db.query(`UPDATE copy SET status = 'emprestado' WHERE id = $1`, [copy]);
    recording.statements.length = 0;
    const again = await engine.search(request);
    // Nothing counted or ranked again: no search transaction at all.
    expect(recording.statements).toEqual([]);
    expect(again.ids).toEqual(first.ids);
    expect(again.filters).toBe(first.filters);
    expect(again.hits!.find((h) => h.id === title)!.copies_available).toBe(shelved - 1);
    // Another page is ranked, from the kept counts.
    const second = await engine.search({ ...request, page: 2, pageSize: 5 });
    expect(second.ids).toEqual((await engine.search({ ...request, pageSize: 10 })).ids.slice(5));
    await ctx.db.query(`UPDATE copy SET status = 'disponivel' WHERE id = $1`, [copy]);
  });

  it('describes a filter value by its new name on the very next search after a rename', async () => {
    const group = (answer: SearchResponse) => answer.filtros.find((g) => g.tipo === 'B')!.valores;
    const before = group(await search());
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM library WHERE id = $1', [
      Number(before[0]!.valor),
    ]);
    expect(before[0]!.descricao).toBe(rows[0]!.name);
    await ctx.db.query('UPDATE library SET name = $2 WHERE id = $1', [
      Number(before[0]!.valor),
      'Biblioteca Nova',
    ]);
    expect(group(await search()).find((v) => v.valor === before[0]!.valor)?.descricao).toBe(
      'Biblioteca Nova',
    );
  });

  it('shows a copy lent or returned in "available now" on the very next search', async () => {
    const before = await search();
    expect(await search()).toEqual({ ...before, id: expect.any(String) });
    // A title of the result with copies on the shelf: all of them lent.
    const { rows } = await ctx.db.query<{ title_id: number }>(
      `SELECT c.title_id FROM copy c
        WHERE c.status = 'disponivel' AND c.title_id = ANY ($1)
        ORDER BY c.title_id LIMIT 1`,
      [before.data.map((h) => h.cod_acervo)],
    );
    const title = rows[0]!.title_id;
    const lent = await ctx.db.query<{ id: number }>(
      `UPDATE copy SET status = 'emprestado' WHERE title_id = $1 AND status = 'disponivel' RETURNING id`,
      [title],
    );
    const after = await search();
    expect(availableNow(after)).toBe(availableNow(before) - 1);
    expect(after.data.find((h) => h.cod_acervo === title)?.exemplares_disponiveis).toBe(0);
    await ctx.db.query(`UPDATE copy SET status = 'disponivel' WHERE id = ANY ($1)`, [
      lent.rows.map((r) => r.id),
    ]);
    expect(availableNow(await search())).toBe(availableNow(before));
  });

  it('counts the network tab again once a network record changes', async () => {
    const { rows } = await ctx.db.query<{ id: number; title: string }>(
      'SELECT id, title FROM network_record ORDER BY id LIMIT 1',
    );
    const qs = new URLSearchParams({ search_tab: 'rede-oai', termo: rows[0]!.title }).toString();
    const years = (answer: SearchResponse) =>
      answer.filtros.find((g) => g.tipo === 'Y')?.valores.map((v) => v.valor);
    const before = await search(qs);
    expect(before.total).toBeGreaterThan(0);
    expect(years(before)).not.toContain('1492');
    expect(await search(qs)).toEqual({ ...before, id: expect.any(String) });
    await ctx.db.query('UPDATE network_record SET year = 1492 WHERE id = $1', [rows[0]!.id]);
    expect(years(await search(qs))).toContain('1492');
  });

  it('keeps nothing counted while a change is being written, so the change shows once committed', async () => {
    const request = 'termo=de&filtro=X:A';
    const before = (await search(request)).total;
    const { rows } = await ctx.db.query<{ id: number }>(
      // A title alone in its work (decision 0071), so that it adds a result of its own.
      `SELECT min(id) AS id FROM title x WHERE NOT is_accessible AND search_vector @@ 'de'::tsquery
          AND NOT EXISTS (SELECT 1 FROM title o WHERE o.work_key = x.work_key AND o.id <> x.id)`,
    );
    const title = rows[0]!.id;
    if (ctx.db.kind === 'postgres') {
      // Another connection writes; a search during its transaction sees the catalogue without it.
      await ctx.db.transaction(async (tx) => {
        await tx.query('UPDATE title SET is_accessible = true WHERE id = $1', [title]);
        const version = await ctx.db.query<{ keepable: boolean }>(
          'SELECT keepable FROM public.search_catalogue_version()',
        );
        expect(version.rows[0]!.keepable).toBe(false);
        expect((await search(request)).total).toBe(before);
      });
    } else {
      // PGlite runs one transaction at a time: no search can start inside a writer's transaction.
      await ctx.db.query('UPDATE title SET is_accessible = true WHERE id = $1', [title]);
    }
    expect((await search(request)).total).toBe(before + 1);
    const version = await ctx.db.query<{ keepable: boolean }>(
      'SELECT keepable FROM public.search_catalogue_version()',
    );
    expect(version.rows[0]!.keepable).toBe(true);
  });
});
