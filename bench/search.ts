// Search speed through the real API: GET /api/consulta (first page of 20 with every filter count)
// over a fixed list of realistic queries, sent over HTTP on loopback to the API server running in
// its own process, with p50/p95/max; the same queries run straight through the search engine in
// the server process (its SQL, no HTTP), so the API's overhead shows as a ratio; then a sustained
// run with N concurrent clients for requests per second.
//
//   npm run bench:search                                   # PostgreSQL, 1,000,000 titles, throwaway cluster
//   npm run bench:search -- --engine pglite                # PGlite, 100,000 titles, throwaway directory
//   npm run bench:search -- --pg-url postgresql://…/db     # reuse a database (loads what is missing)
//   npm run bench:search -- --engine pglite --data-dir DIR # reuse a PGlite directory
//   other flags: --records N --concurrency 16 --duration 20 (seconds) --queries N (first N of the list)
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { SearchRequest } from '../apps/api/src/modules/search/index.ts';
import { findPostgresBin, startPostgres } from '../scripts/lib.mjs';
import { percentile } from './engines.ts';
import { buildQueries, type BenchQuery, type Wire } from './search-queries.ts';
import type { FromServer, ToServer } from './search-server.ts';

process.env.TZ = 'UTC';
const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pg' },
    records: { type: 'string' },
    'pg-url': { type: 'string' },
    'data-dir': { type: 'string' },
    concurrency: { type: 'string', default: '16' },
    duration: { type: 'string', default: '20' },
    queries: { type: 'string' },
  },
});
const ENGINE = values.engine === 'pglite' ? 'pglite' : 'pg';
const RECORDS = Number(values.records ?? (ENGINE === 'pglite' ? 100_000 : 1_000_000));
const CONCURRENCY = Number(values.concurrency);
const DURATION_S = Number(values.duration);
/** The targets (2-core machine). */
const TARGETS =
  ENGINE === 'pg'
    ? { p50: 15, p95: 50, rps: 300, overhead: 0.3 }
    : { p50: Infinity, p95: 40, rps: 0, overhead: 0.3 };

// ---------------------------------------------------------------------------------------------
// The server process and the HTTP client.

function startServer(env: Record<string, string>): Promise<{
  child: ChildProcess;
  ready: Extract<FromServer, { type: 'ready' }>;
  sql: (requests: SearchRequest[]) => Promise<{ times: number[]; totals: number[]; failures: string[] }>;
  stop: () => Promise<void>;
}> {
  const child = fork(fileURLToPath(new URL('./search-server.ts', import.meta.url)), {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let waiting: ((m: FromServer) => void) | null = null;
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`search server exited with ${code}`)));
    child.on('message', (message: FromServer) => {
      if (message.type === 'progress') console.log(`  ${message.line}`);
      else if (message.type === 'error') {
        console.error(message.message);
        reject(new Error(message.message));
        process.exitCode = 1;
      } else if (message.type === 'ready')
        resolve({
          child,
          ready: message,
          sql: (requests) =>
            new Promise((done) => {
              waiting = (m) => {
                if (m.type === 'sql') done(m);
              };
              child.send({ type: 'sql', requests } satisfies ToServer);
            }),
          stop: () =>
            new Promise((done) => {
              child.removeAllListeners('exit');
              child.on('exit', () => done());
              child.send({ type: 'stop' } satisfies ToServer);
            }),
        });
      else waiting?.(message);
    });
  });
}

function queryString(wire: Wire): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(wire))
    for (const v of Array.isArray(value) ? value : [value]) qs.append(key, v);
  return qs.toString();
}

// ---------------------------------------------------------------------------------------------

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
const stats = (times: number[]) => ({
  p50: percentile(times, 50),
  p95: percentile(times, 95),
  max: Math.max(...times),
  sum: times.reduce((a, b) => a + b, 0),
});

let cluster: { url: string; stop(): void } | null = null;
let pgliteDir: string | null = null;
const env: Record<string, string> = { BENCH_RECORDS: String(RECORDS) };
if (ENGINE === 'pg') {
  let url = values['pg-url'];
  if (!url) {
    const bin = await findPostgresBin();
    cluster = bin ? await startPostgres(bin) : null;
    if (!cluster) throw new Error('PostgreSQL server programs not found; pass --pg-url');
    url = cluster.url;
  }
  env.BENCH_PG_URL = url;
} else {
  pgliteDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'estante-bench-pglite-'));
  env.BENCH_PGLITE_DIR = pgliteDir;
}

console.log(`Search benchmark: ${ENGINE === 'pg' ? 'PostgreSQL' : 'PGlite'}, ${RECORDS} synthetic titles`);
const server = await startServer(env);
try {
  const { port, engine, titles, libraries, areas } = server.ready;
  const base = `http://127.0.0.1:${port}`;
  const all = buildQueries(libraries, areas);
  const list = values.queries ? all.slice(0, Number(values.queries)) : all;
  console.log(`${engine}, ${titles} titles, API on ${base}, ${list.length} queries`);

  const token = (
    (await (
      await fetch(`${base}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: '4' }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const headers = { authorization: `Bearer ${token}` };
  let errors = 0;
  let firstError = '';
  const get = async (q: BenchQuery): Promise<number> => {
    const t0 = performance.now();
    const response = await fetch(`${base}/api/consulta?${queryString(q.wire)}`, { headers });
    const body = await response.text();
    const elapsed = performance.now() - t0;
    if (response.status !== 200) {
      errors++;
      firstError ||= `${response.status} ${body.slice(0, 200)} for ${queryString(q.wire)}`;
    }
    return elapsed;
  };

  // Warm-up on queries outside the list (the server's code paths and the database buffers, not any result cache).
  const warm = buildQueries(libraries, areas).map((q, i) => ({
    ...q,
    wire: { ...q.wire, paginaAtiva: String(2 + (i % 3)) },
  }));
  for (const q of warm.slice(0, 60)) await get(q);

  const cold: number[] = [];
  for (const q of list) cold.push(await get(q));
  const sql = await server.sql(list.map((q) => q.request));
  const repeat: number[] = [];
  for (const q of list) repeat.push(await get(q));

  // Sustained load: N clients, each walking the list from its own starting point.
  const loaded: number[] = [];
  const deadline = performance.now() + DURATION_S * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, c) => {
      for (let i = Math.floor((c * list.length) / CONCURRENCY); performance.now() < deadline; i++)
        loaded.push(await get(list[i % list.length]!));
    }),
  );
  const rps = loaded.length / ((performance.now() - started) / 1000);

  const c = stats(cold);
  const r = stats(repeat);
  const s = stats(sql.times);
  const l = stats(loaded);
  const overhead = r.sum / s.sum - 1;
  const mark = (ok: boolean) => (ok ? 'yes' : 'NO');
  console.log(`\n| run | p50 ms | p95 ms | max ms | target | met |`);
  console.log(`| --- | ---: | ---: | ---: | --- | --- |`);
  const target = `p50 < ${TARGETS.p50}, p95 < ${TARGETS.p95}`;
  console.log(
    `| API, first time each query (${list.length}) | ${fmt(c.p50)} | ${fmt(c.p95)} | ${fmt(c.max)} | ${target} | ${mark(c.p50 < TARGETS.p50 && c.p95 < TARGETS.p95)} |`,
  );
  console.log(
    `| API, same queries again | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.max)} | ${target} | ${mark(r.p50 < TARGETS.p50 && r.p95 < TARGETS.p95)} |`,
  );
  console.log(
    `| search engine SQL only (baseline) | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.max)} | — | — |`,
  );
  console.log(
    `| API overhead over SQL (total time, again / SQL) | +${(overhead * 100).toFixed(0)} % | | | ≤ +${TARGETS.overhead * 100} % | ${mark(overhead <= TARGETS.overhead)} |`,
  );
  console.log(
    `| ${CONCURRENCY} clients for ${DURATION_S} s: ${Math.round(rps)} requests/s | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(l.max)} | ≥ ${TARGETS.rps}/s | ${mark(rps >= TARGETS.rps)} |`,
  );
  if (errors) console.log(`\n${errors} requests failed; first: ${firstError}`);
  if (sql.failures.length)
    console.log(`\n${sql.failures.length} engine searches failed; first: ${sql.failures[0]}`);

  // Per category: latency and how many titles the queries match.
  console.log(`\n| category | queries | matches (median) | API p50 | API p95 | SQL p50 | SQL p95 |`);
  console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
  const categories = [...new Set(list.map((q) => q.category))];
  for (const category of categories) {
    const idx = list.flatMap((q, i) => (q.category === category ? [i] : []));
    const api = idx.map((i) => cold[i]!);
    const db = idx.map((i) => sql.times[i]!);
    console.log(
      `| ${category} | ${idx.length} | ${percentile(
        idx.map((i) => sql.totals[i]!),
        50,
      )} | ${fmt(percentile(api, 50))} | ${fmt(percentile(api, 95))} | ${fmt(percentile(db, 50))} | ${fmt(percentile(db, 95))} |`,
    );
  }
  console.log('\nSlowest ten (API, first time):');
  for (const i of cold
    .map((t, i) => [t, i] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, 10)
    .map(([, i]) => i))
    console.log(
      `  ${fmt(cold[i]!)} ms (SQL ${fmt(sql.times[i]!)} ms, ${sql.totals[i]} matches) ${list[i]!.category}: ${queryString(list[i]!.wire)}`,
    );
} finally {
  await server.stop();
  cluster?.stop();
  if (pgliteDir && !values['data-dir']) rmSync(pgliteDir, { recursive: true, force: true });
}
