// p50/p95 search latency over a fixed list of queries on a 100,000-record synthetic catalogue,
// on PGlite and on PostgreSQL. Baseline in the same run: the same queries as an unindexed
// accent-insensitive substring scan (what a catalogue without full-text search does).
import { parseArgs } from 'node:util';
import type { SearchRequest } from '../apps/api/src/modules/search/index.ts';
import { createPostgresSearchEngine } from '../apps/api/src/modules/search/index.ts';
import { seedSynthetic, syntheticTitle } from '../apps/api/src/modules/seed/index.ts';
import { engines, percentile } from './engines.ts';

process.env.TZ = 'UTC';
const { values } = parseArgs({
  options: { records: { type: 'string', default: '100000' }, queries: { type: 'string', default: '200' } },
});
const RECORDS = Number(values.records);
const QUERY_COUNT = Number(values.queries);

/** Fixed queries: words and word pairs taken from the synthetic catalogue itself, typed without accents half the time. */
function queries(): SearchRequest[] {
  const list: SearchRequest[] = [];
  const types = ['livre', 'livre', 'titulo', 'autor', 'assunto'] as const;
  for (let i = 0; list.length < QUERY_COUNT; i++) {
    const t = syntheticTitle(1 + ((i * 7919) % RECORDS));
    const type = types[i % types.length]!;
    // Patrons type content words: the short function words of a title are left out of the queries.
    const words = (
      type === 'autor' ? t.author.split(', ')[0]! : type === 'assunto' ? t.subjects.split(' ; ')[0]! : t.title
    )
      .split(' ')
      .filter((w) => w.length > 3);
    if (words.length === 0) continue;
    let text = words.slice(0, 1 + (i % 2)).join(' ');
    if (i % 2 === 0) text = text.normalize('NFD').replace(/\p{M}/gu, '');
    list.push({
      text,
      type,
      termType: 'qualquer',
      similar: i % 10 === 0,
      ordering: 'C',
      page: 1,
      pageSize: 20,
      tab: 'geral',
      options: {},
      filters: [],
      rows: [],
    });
  }
  return list;
}

const fixed = queries();
for await (const engine of engines()) {
  const started = performance.now();
  await seedSynthetic(engine.db, { records: RECORDS });
  console.log(
    `${engine.name}: loaded ${RECORDS} synthetic records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const search = createPostgresSearchEngine(engine.db);
  for (const q of fixed.slice(0, 10)) await search.search(q); // warm the caches
  const times: number[] = [];
  for (const q of fixed) {
    const t0 = performance.now();
    await search.search(q);
    times.push(performance.now() - t0);
  }
  const baseline: number[] = [];
  for (const q of fixed.slice(0, 40)) {
    const t0 = performance.now();
    await engine.db.query(
      `SELECT id FROM title WHERE public.f_unaccent(lower(title || ' ' || authors_text || ' ' || subjects_text))
         LIKE '%' || public.f_unaccent(lower($1)) || '%' ORDER BY year DESC NULLS LAST LIMIT 20`,
      [q.text],
    );
    baseline.push(performance.now() - t0);
  }
  const fmt = (v: number) => v.toFixed(1);
  console.log(
    `  full-text search (${times.length} queries): p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms, max ${fmt(Math.max(...times))} ms`,
  );
  console.log(
    `  baseline substring scan (${baseline.length} queries): p50 ${fmt(percentile(baseline, 50))} ms, p95 ${fmt(percentile(baseline, 95))} ms`,
  );
  await engine.dispose();
}
