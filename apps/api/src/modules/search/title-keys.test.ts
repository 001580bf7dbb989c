import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvancedRow, AppliedFilter } from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { searchRequest, type SearchRequest } from './engine.ts';
import { createPostgresSearchEngine } from './postgres-engine.ts';
import { rebuildSearchStats } from './search-stats.ts';
import { TitleKeys } from './title-keys.ts';
import { normalised, recorded } from './search-testing.ts';
import { buildFilterCountSql } from './query.ts';

// Searches of frequent words with filters, and of several frequent words, answered from the
// titles kept per word (search_term_titles) and every title's filter keys in the API's memory
// (decision 0032). Each must answer exactly what counting every match in the database answers,
// through loans, new, changed and deleted titles.

const f = (tipo: AppliedFilter['tipo'], valor: string): AppliedFilter => ({ tipo, valor });
const row = (operador: AdvancedRow['operador'], campo: AdvancedRow['campo'], termo: string): AdvancedRow => ({
  operador,
  campo,
  termo,
});

describe('word lists and filter keys in memory', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let statements: string[];
  /** Answers from the word lists and the keys in memory. */
  let memory: ReturnType<typeof createPostgresSearchEngine>;
  /** The same, every result set big: the page ordered in memory. */
  let memoryBig: ReturnType<typeof createPostgresSearchEngine>;
  /** Counts every match in the database. */
  let recount: ReturnType<typeof createPostgresSearchEngine>;
  let recountBig: ReturnType<typeof createPostgresSearchEngine>;
  let library: string;
  let year: string;

  /** Searches the lists answer: frequent words with filters, several frequent words. */
  const listed = (): SearchRequest[] => [
    searchRequest({ text: 'de', filters: [f('D', 'S')] }),
    searchRequest({ text: 'De', filters: [f('T', 'LIVRO'), f('T', 'TESE')] }),
    searchRequest({ text: 'de', filters: [f('D', 'S'), f('I', 'por')] }),
    searchRequest({ text: 'de', filters: [f('D', 'S'), f('I', 'por'), f('Y', year)] }),
    searchRequest({ text: 'de', filters: [f('I', 'por'), f('I', 'eng'), f('B', library)] }),
    // A selected value no result has is listed with 0.
    searchRequest({ text: 'de', filters: [f('Y', '1492'), f('D', 'S')] }),
    searchRequest({ text: 'brasil', type: 'titulo', filters: [f('I', 'por')] }),
    searchRequest({ text: 'Machado', type: 'autor', filters: [f('D', 'S')] }),
    searchRequest({ text: 'romance', type: 'assunto', filters: [f('I', 'por'), f('D', 'S')] }),
    searchRequest({ text: 'brasil', termType: 'exata', filters: [f('B', library)] }),
    searchRequest({ text: 'de brasil' }),
    searchRequest({ text: 'Brasil, de', filters: [f('D', 'S'), f('T', 'LIVRO')] }),
    searchRequest({ text: 'machado de assis' }),
    searchRequest({ text: 'ficção romance', type: 'assunto' }),
    // Advanced rows joined by E, OU, NAO: their word lists joined as sets.
    searchRequest({ text: 'de', rows: [row('NAO', 'livre', 'brasil')], filters: [f('D', 'S')] }),
    searchRequest({ text: 'romance', type: 'assunto', rows: [row('OU', 'titulo', 'brasil')] }),
    searchRequest({ text: 'de', rows: [row('E', 'autor', 'machado'), row('OU', 'assunto', 'ficção')] }),
    // Other orders, and later pages.
    searchRequest({ text: 'de', filters: [f('D', 'S')], ordering: 'T', page: 2, pageSize: 5 }),
    searchRequest({ text: 'de', filters: [f('I', 'por')], ordering: 'AD', page: 3, pageSize: 7 }),
    searchRequest({ text: 'de brasil', ordering: 'A' }),
    searchRequest({ text: 'de', filters: [f('D', 'S')], page: 4, pageSize: 3 }),
  ];
  /** Searches the lists cannot answer: a word not listed, a phrase, similar words, a tab's scope. */
  const notListed = (): SearchRequest[] => [
    searchRequest({ text: 'casmurro', filters: [f('D', 'S')] }),
    searchRequest({ text: 'de brasil', termType: 'exata' }),
    searchRequest({ text: 'de', similar: true, filters: [f('D', 'S')] }),
    searchRequest({ text: 'de', tab: 'ebooks', filters: [f('D', 'S')] }),
    searchRequest({ text: 'de', rows: [row('PROX', 'livre', 'brasil')] }),
    searchRequest({ text: 'de', rows: [row('OU', 'livre', 'casmurro')] }),
  ];

  /** Every list recomputed from the titles: rows where the two disagree. */
  const listDisagreements = async () =>
    (
      await ctx.db.query<{ lexeme: string; scope: string }>(
        `WITH recounted AS (
           SELECT u.lexeme, s.scope, array_agg(t.id ORDER BY t.id) AS ids
             FROM title t
             CROSS JOIN LATERAL unnest(t.search_vector) AS u(lexeme, positions, weights)
             JOIN search_term st ON st.lexeme = u.lexeme
             CROSS JOIN LATERAL (SELECT '*'::"char" UNION SELECT w::"char" FROM unnest(u.weights) w
                                  WHERE w IN ('A', 'B', 'C')) s(scope)
            GROUP BY 1, 2
         ), kept AS (
           SELECT lexeme, scope, array_agg(id ORDER BY chunk, place) AS ids
             FROM search_term_titles, unnest(ids) WITH ORDINALITY AS u(id, place)
            GROUP BY 1, 2
         )
         SELECT coalesce(r.lexeme, k.lexeme) AS lexeme, coalesce(r.scope, k.scope)::text AS scope
           FROM recounted r
           FULL JOIN kept k ON k.lexeme = r.lexeme AND k.scope = r.scope
          WHERE r.ids IS DISTINCT FROM k.ids`,
      )
    ).rows;

  const fromLists = (s: string) => s.includes('search_term_titles');
  const counting = (s: string) => s.includes("facet_keys || '{#}'");
  const countingWorks = (s: string) => s.includes('count(DISTINCT coalesce(t.work_key');
  /** One frequent word without filters: kept counts answer it, the keys in memory its works. */
  const keptWords = (): SearchRequest[] => [
    searchRequest({ text: 'de' }),
    searchRequest({ text: 'machado', type: 'autor' }),
    searchRequest({ text: 'brasil', type: 'titulo' }),
  ];

  /**
   * Grouped works (decision 0085): the works of every listed search and of the kept words, counted
   * over the keys in memory without a counting statement, are the works the database counts; and
   * some search holds fewer works than titles, or the test could not tell them apart.
   */
  const expectSameWorks = async () => {
    let grouped = 0;
    let fewerInWorks = 0;
    // No row for '#' and no row at all are alike when nothing passes every filter.
    const sorted = (rows: { key: string; count: number }[]) =>
      rows
        .filter((r) => r.count > 0)
        .map((r) => `${r.key}=${r.count}`)
        .sort();
    for (const request of [...listed(), ...keptWords()]) {
      const label = JSON.stringify(request);
      statements.length = 0;
      const answer = await memory.search({ ...request, countWorks: true });
      const truth = await recount.search({ ...request, countWorks: true });
      expect([answer.total, answer.works], label).toEqual([truth.total, truth.works]);
      expect(statements.filter(countingWorks), label).toEqual([]);
      if (truth.works! < truth.total) grouped++;
      // The filter counts in works, as the page of works counts them in the database.
      const byWork = buildFilterCountSql(request, { byWork: true });
      const inDatabase = (await ctx.db.query<{ key: string; count: number }>(byWork.sql, byWork.params)).rows;
      const inMemory = await memory.countByWork!(ctx.db, request);
      expect(inMemory && sorted(inMemory), label).toEqual(sorted(inDatabase));
      const byTitle = buildFilterCountSql(request);
      const titles = new Map(
        (await ctx.db.query<{ key: string; count: number }>(byTitle.sql, byTitle.params)).rows.map((r) => [
          r.key,
          r.count,
        ]),
      );
      fewerInWorks += inDatabase.filter((r) => r.key !== '#' && r.count < (titles.get(r.key) ?? 0)).length;
    }
    expect(grouped).toBeGreaterThan(2);
    expect(fewerInWorks).toBeGreaterThan(5);
    // A search the word lists do not answer is left to the database.
    expect(await memory.countByWork!(ctx.db, searchRequest({ text: 'casmurro' }))).toBeNull();
  };

  /** Both ways answer every search alike; the listed ones count nothing in the database. */
  const expectSameAnswers = async () => {
    for (const request of listed()) {
      const label = JSON.stringify(request);
      statements.length = 0;
      const answer = await memory.search(request);
      expect(normalised(answer), label).toEqual(normalised(await recount.search(request)));
      expect(statements.some(fromLists), label).toBe(true);
      expect(statements.filter(counting), label).toEqual([]);
      if (request.ordering === 'C')
        expect(normalised(await memoryBig.search(request)), label).toEqual(
          normalised(await recountBig.search(request)),
        );
    }
    for (const request of notListed()) {
      const label = JSON.stringify(request);
      statements.length = 0;
      expect(normalised(await memory.search(request)), label).toEqual(
        normalised(await recount.search(request)),
      );
      expect(statements.filter(counting), label).toHaveLength(1);
    }
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    const recording = recorded(ctx.db);
    statements = recording.statements;
    const options = { countCacheSize: 0, hintsTtlMs: 0, keysInMemory: 'wait' } as const;
    memory = createPostgresSearchEngine(recording.db, options);
    memoryBig = createPostgresSearchEngine(recording.db, { ...options, fullRankLimit: 0 });
    recount = createPostgresSearchEngine(ctx.db, {
      countCacheSize: 0,
      termCounts: false,
      keysInMemory: 'off',
    });
    recountBig = createPostgresSearchEngine(ctx.db, {
      countCacheSize: 0,
      termCounts: false,
      keysInMemory: 'off',
      fullRankLimit: 0,
    });
    library = String(
      (await ctx.db.query<{ id: number }>("SELECT id FROM library WHERE name = 'Biblioteca Central'"))
        .rows[0]!.id,
    );
    year = String(
      (
        await ctx.db.query<{ year: number }>(
          `SELECT year FROM title WHERE year IS NOT NULL AND search_vector @@ 'de'::tsquery
            GROUP BY year ORDER BY count(*) DESC, year LIMIT 1`,
        )
      ).rows[0]!.year,
    );
    await rebuildSearchStats(ctx.db, { minTitles: 10 });
  });
  afterAll(() => ctx.close());

  it('lists the titles of every frequent word in each field, as the titles hold them', async () => {
    const words = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM search_term')).rows[0]!
      .n;
    expect(words).toBeGreaterThan(5);
    const { rows } = await ctx.db.query<{ brasil: number }>(
      `SELECT sum(cardinality(ids))::int AS brasil FROM search_term_titles WHERE lexeme = 'brasil' AND scope = 'A'`,
    );
    const inTitles = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM title WHERE ts_filter(search_vector, '{a}') @@ 'brasil'::tsquery`,
    );
    expect(rows[0]!.brasil).toBe(inTitles.rows[0]!.n);
    expect(await listDisagreements()).toEqual([]);
  });

  it('answers frequent words with filters, and several frequent words, exactly as counting every match', async () => {
    await expectSameAnswers();
  });

  it('counts the works of those searches in memory, as the database counts them, through changed titles', async () => {
    await expectSameWorks();
    // An edition leaves its work when its title changes, another when its author does, and a new
    // title joins one (migration 0047: each takes a new keys version, read on the next search).
    const { rows } = await ctx.db.query<{ id: number; title: string }>(
      `SELECT id, title FROM title
        WHERE work_key IN (SELECT work_key FROM title WHERE search_vector @@ 'machado'::tsquery
                            GROUP BY work_key HAVING count(*) > 2)
        ORDER BY work_key, id LIMIT 2`,
    );
    const [renamed, reattributed] = rows as [{ id: number; title: string }, { id: number; title: string }];
    expect(reattributed).toBeDefined();
    const request = searchRequest({ text: 'machado', type: 'autor' });
    const before = (await memory.search({ ...request, countWorks: true })).works!;
    await ctx.db.query(`UPDATE title SET title = title || ' (adaptação)' WHERE id = $1`, [renamed.id]);
    expect((await memory.search({ ...request, countWorks: true })).works).toBe(before + 1);
    await ctx.db.query(`UPDATE title SET main_author = 'Machado, Outro' WHERE id = $1`, [reattributed.id]);
    expect((await memory.search({ ...request, countWorks: true })).works).toBe(before + 2);
    await ctx.db.query(
      `INSERT INTO title (control_number, title, main_author, authors_text, work_type, language, marc)
       SELECT 'works-1', title, main_author, authors_text, 'EBOOK', language, '{}' FROM title WHERE id = $1`,
      [renamed.id],
    );
    const joined = await memory.search({ ...request, countWorks: true });
    expect([joined.works, joined.total]).toEqual([before + 2, (await recount.search(request)).total]);
    await expectSameWorks();
    await ctx.db.query(`DELETE FROM title WHERE control_number = 'works-1'`);
    await ctx.db.query(`UPDATE title SET title = $2 WHERE id = $1`, [renamed.id, renamed.title]);
    await ctx.db.query(
      `UPDATE title SET main_author = (SELECT main_author FROM title WHERE id = $2) WHERE id = $1`,
      [reattributed.id, renamed.id],
    );
    expect((await memory.search({ ...request, countWorks: true })).works).toBe(before);
  });

  it('stays exact through loans, new, changed and deleted titles, each seen on the very next search', async () => {
    await expectSameAnswers();
    const availableNow = async () =>
      (await memory.search(searchRequest({ text: 'brasil', filters: [f('I', 'por')] }))).filters
        .find((g) => g.type === 'D')
        ?.values.find((v) => v.value === 'S')?.count ?? 0;
    const before = await availableNow();
    // Every copy on the shelf of three Portuguese titles holding "brasil", lent in one statement.
    const lent = await ctx.db.query<{ title_id: number }>(
      `UPDATE copy SET status = 'emprestado'
        WHERE status = 'disponivel'
          AND title_id IN (SELECT id FROM title WHERE search_vector @@ 'brasil'::tsquery AND language = 'por'
                            AND EXISTS (SELECT FROM copy c WHERE c.title_id = title.id AND c.status = 'disponivel')
                            ORDER BY id LIMIT 3)
       RETURNING title_id`,
    );
    expect(new Set(lent.rows.map((r) => r.title_id)).size).toBe(3);
    expect(await availableNow()).toBe(before - 3);
    // New titles with frequent words in every field, one with a copy on the shelf; the third far
    // past the others, in a chunk of ids of its own (id >> 14).
    const added = await ctx.db.query<{ id: number }>(
      `INSERT INTO title (id, control_number, title, main_author, authors_text, subjects_text, work_type, language, year, marc)
       VALUES (DEFAULT, 'memory-1', 'Brasil de ontem', 'Machado, Maria', 'Machado, Maria', 'Romance brasileiro', 'LIVRO', 'por', 2024, '{}'),
              (DEFAULT, 'memory-2', 'Outro Brasil', 'Brasil, Ana', 'Brasil, Ana', 'Ficção', 'TESE', 'por', NULL, '{}'),
              (40000, 'memory-3', 'O Brasil de longe', 'Machado, José', 'Machado, José', 'Romance', 'LIVRO', 'por', 1999, '{}')
       RETURNING id`,
    );
    const [first, second, far] = added.rows.map((r) => r.id) as [number, number, number];
    const chunks = await ctx.db.query<{ chunk: number }>(
      `SELECT DISTINCT chunk FROM search_term_titles WHERE lexeme = 'brasil' AND scope = 'A' ORDER BY chunk`,
    );
    expect(chunks.rows.map((r) => r.chunk)).toEqual([0, far >> 14]);
    await ctx.db.query(
      `INSERT INTO copy (title_id, library_id, number, loan_type, location, status)
       VALUES ($1, $2, 'memory-c1', 'Normal', 'Acervo geral', 'disponivel')`,
      [first, Number(library)],
    );
    expect(await availableNow()).toBe(before - 2);
    await expectSameAnswers();
    // A title that loses "brasil" from its title, one whose subjects change, one whose year changes.
    await ctx.db.query(
      `UPDATE title SET title = 'Sem aquela palavra'
        WHERE id = (SELECT min(id) FROM title WHERE ts_filter(search_vector, '{a}') @@ 'brasil'::tsquery AND id <> ALL ($1))`,
      [[first, second, far]],
    );
    await ctx.db.query(
      `UPDATE title SET subjects_text = subjects_text || ' ; Romance'
        WHERE id = (SELECT min(id) FROM title WHERE NOT search_vector @@ 'romance'::tsquery)`,
    );
    await ctx.db.query(
      `UPDATE title SET year = 1492 WHERE id = (SELECT min(id) FROM title WHERE search_vector @@ 'de'::tsquery)`,
    );
    await ctx.db.query('DELETE FROM title WHERE id = ANY ($1)', [[second, far]]);
    expect(await listDisagreements()).toEqual([]);
    await expectSameAnswers();
    const oldest = await memory.search(searchRequest({ text: 'de', filters: [f('Y', '1492'), f('D', 'S')] }));
    expect(oldest.filters.find((g) => g.type === 'Y')?.values.find((v) => v.value === '1492')?.count).toBe(1);
  });

  it('counts a search during an open write without the write, and with it once committed', async () => {
    if (ctx.db.kind !== 'postgres') {
      // PGlite runs one transaction at a time: no search can start inside a writer's transaction.
      expect(ctx.db.kind).toBe('pglite');
      return;
    }
    const request = searchRequest({ text: 'de', filters: [f('X', 'A'), f('I', 'por')] });
    const before = (await memory.search(request)).total;
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT min(id) AS id FROM title WHERE NOT is_accessible AND language = 'por' AND search_vector @@ 'de'::tsquery`,
    );
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE title SET is_accessible = true WHERE id = $1', [rows[0]!.id]);
      expect((await memory.search(request)).total).toBe(before);
    });
    expect((await memory.search(request)).total).toBe(before + 1);
    expect(normalised(await memory.search(request))).toEqual(normalised(await recount.search(request)));
  });

  it('loads the copy again once too many changed titles are kept apart, and stays exact', async () => {
    const copy = new TitleKeys(ctx.db, 2);
    const roomy = new TitleKeys(ctx.db);
    await copy.load();
    await roomy.load();
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM title ORDER BY id LIMIT 3');
    const ids = rows.map((r) => r.id);
    await ctx.db.query('UPDATE title SET year = 1500 + id % 7 WHERE id = ANY ($1)', [ids]);
    const read = () =>
      ctx.db.transaction(async (tx) => {
        const { rows: state } = await tx.query<{ version: string }>(
          'SELECT version::text AS version FROM public.search_catalogue_version()',
        );
        return { version: Number(state[0]!.version), ...(await copy.changedSince(tx)) };
      });
    const first = await read();
    expect([...first.changed.keys()].sort((a, b) => a - b)).toEqual(ids);
    // Three titles kept apart, over the bound of two: the copy is read again.
    copy.absorb(first.changed, first.complete, first.version, true);
    roomy.absorb(first.changed, first.complete, first.version, true);
    await copy.settled();
    expect(roomy.keptApart).toBe(3);
    expect(copy.keptApart).toBe(0);
    const after = await read();
    expect(after.changed.size).toBe(0);
    const years = Int32Array.from(ids);
    expect(copy.count(years, [], after.changed, 30).rows).toEqual(
      expect.arrayContaining(ids.map((id) => ({ key: `Y:${1500 + (id % 7)}`, count: 1 }))),
    );
  });
});
