// The search benchmark's server process (started by bench/search.ts, never on its own): opens the
// database (PostgreSQL URL or embedded PGlite directory), migrates it, loads the synthetic catalogue
// when it holds fewer titles than asked, and serves the real API on loopback. Over the IPC channel
// it also runs search requests straight through the engine (the statements the API runs, the hits
// read with the page, but no HTTP and no JSON), timed in this process, so the benchmark can show
// what the API adds, and reports the CPU time this process and the database have used.
import { readdirSync, readFileSync } from 'node:fs';
import { buildApp } from '../apps/api/src/app.ts';
import { migrate, type Db } from '../apps/api/src/lib/db/index.ts';
import { openPglite } from '../apps/api/src/lib/db/pglite.ts';
import { openPostgres } from '../apps/api/src/lib/db/postgres.ts';
import {
  createPostgresSearchEngine,
  searchRequest,
  type SearchRequest,
} from '../apps/api/src/modules/search/index.ts';
import { titleKeysOf } from '../apps/api/src/modules/search/title-keys.ts';
import { seedSynthetic } from '../apps/api/src/modules/seed/index.ts';

process.env.TZ = 'UTC';

/** Messages from the benchmark. */
export type ToServer =
  | { type: 'sql'; requests: SearchRequest[]; cached: boolean }
  | { type: 'forget-lists' }
  | { type: 'cpu' }
  | { type: 'stop' };
/** Messages to the benchmark. */
export type FromServer =
  | { type: 'progress'; line: string }
  | { type: 'ready'; port: number; engine: string; titles: number; libraries: number[]; areas: number[] }
  /** Per request: wall time, CPU time of the database (of this process for PGlite), matches. */
  | { type: 'sql'; times: number[]; cpu: number[]; totals: number[]; failures: string[] }
  /** CPU time used so far (ms): this process, and the database's client backends (PostgreSQL only). */
  | { type: 'cpu'; server: number; database: number | null; cluster: number | null }
  /** The word lists read so far are dropped (decision 0032), so two passes start alike. */
  | { type: 'lists-forgotten' }
  | { type: 'error'; message: string };

const send = (message: FromServer) => process.send?.(message);

async function open(): Promise<Db> {
  const url = process.env.BENCH_PG_URL;
  if (url) return openPostgres(url, { max: Number(process.env.BENCH_POOL ?? 10) });
  const dir = process.env.BENCH_PGLITE_DIR;
  if (!dir) throw new Error('BENCH_PG_URL or BENCH_PGLITE_DIR must be set');
  return openPglite({ dataDir: dir });
}

/**
 * The server processes serving this database's connections (null for PGlite, which runs inside
 * this process), and their CPU time (ms) from
 * /proc/<pid>/schedstat (the database runs on this machine; parallel workers, which come and go,
 * are left out).
 */
async function backendPids(db: Db): Promise<number[] | null> {
  if (db.kind !== 'postgres') return null;
  const { rows } = await db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'",
  );
  return rows.map((r) => r.pid);
}

function databaseCpu(pids: number[] | null): number | null {
  if (pids === null) return null;
  let nanoseconds = 0;
  for (const pid of pids) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A connection that has just ended.
    }
  }
  return nanoseconds / 1e6;
}

/**
 * The CPU time (ms) of the whole PostgreSQL server, ended connections included: the postmaster's
 * own and its reaped children's (cutime, cstime), and its live children's, from /proc (null for
 * PGlite). Unlike databaseCpu, a connection the pool closes between two readings is not lost.
 */
async function clusterCpu(db: Db): Promise<number | null> {
  if (db.kind !== 'postgres') return null;
  try {
    const dir = (await db.query<{ d: string }>("SELECT current_setting('data_directory') AS d")).rows[0]!.d;
    const postmaster = Number(readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]);
    // Fields after the command's closing parenthesis: state is field 3; utime 14, stime 15, cutime 16, cstime 17.
    const fields = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const own = fields(postmaster);
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const f = fields(Number(entry));
        if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
      } catch {
        // A process that has just ended.
      }
    }
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    // The server runs elsewhere (not readable here).
    return null;
  }
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/** This process's CPU time (ms). */
function ownCpu(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function main(): Promise<void> {
  const records = Number(process.env.BENCH_RECORDS);
  const db = await open();
  await migrate(db);
  const count = async () =>
    (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM title WHERE control_source = 'SYNTH'"))
      .rows[0]!.n;
  const before = await count();
  if (before < records) {
    const started = performance.now();
    send({ type: 'progress', line: `loading ${records - before} synthetic titles …` });
    await seedSynthetic(db, {
      records,
      onProgress: (done) => {
        if (done % 100_000 === 0) send({ type: 'progress', line: `  ${done}/${records}` });
      },
    });
    send({
      type: 'progress',
      line: `loaded to ${records} titles in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    });
  }
  // A variant engine to compare (BENCH_ENGINE_MODULE: a module exporting createPostgresSearchEngine).
  const variant = process.env.BENCH_ENGINE_MODULE;
  const create: typeof createPostgresSearchEngine = variant
    ? ((await import(variant)) as { createPostgresSearchEngine: typeof createPostgresSearchEngine })
        .createPostgresSearchEngine
    : createPostgresSearchEngine;
  // Both engines share the process's copy of the titles' filter keys (decision 0032); it is
  // loaded before the clock starts, as a running catalogue has it after its first search.
  const engine = create(db, { keysInMemory: 'wait' });
  const uncached = create(db, { countCacheSize: 0, keysInMemory: 'wait' });
  const loadStarted = performance.now();
  await engine.search(searchRequest({ text: '' }));
  const memory = process.memoryUsage();
  send({
    type: 'progress',
    line: `filter keys of every title in memory in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s (heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MB, array buffers ${(memory.arrayBuffers / 2 ** 20).toFixed(0)} MB)`,
  });
  const app = await buildApp({ db, searchEngine: engine, logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const version = (await db.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v;
  const libraries = (
    await db.query<{ id: number }>("SELECT id FROM library WHERE code LIKE 'SYN-%' ORDER BY id")
  ).rows.map((r) => r.id);
  const areas = (await db.query<{ id: number }>('SELECT id FROM knowledge_area ORDER BY id')).rows.map(
    (r) => r.id,
  );
  send({
    type: 'ready',
    port,
    engine: db.kind === 'pglite' ? `PGlite (PostgreSQL ${version}, embedded)` : `PostgreSQL ${version}`,
    titles: await count(),
    libraries,
    areas,
  });

  process.on('message', (message: ToServer) => {
    void (async () => {
      if (message.type === 'stop') {
        await app.close();
        await db.close();
        process.exit(0);
      }
      if (message.type === 'forget-lists') {
        titleKeysOf(db).forgetLists();
        send({ type: 'lists-forgotten' });
        return;
      }
      if (message.type === 'cpu') {
        send({
          type: 'cpu',
          server: ownCpu(),
          database: databaseCpu(await backendPids(db)),
          cluster: await clusterCpu(db),
        });
        return;
      }
      const times: number[] = [];
      const cpu: number[] = [];
      const totals: number[] = [];
      const failures: string[] = [];
      // The API's engine, whose caches the API's first pass filled, or one that keeps nothing.
      const searcher = message.cached ? engine : uncached;
      const pids = await backendPids(db);
      for (const request of message.requests) {
        const cpu0 = databaseCpu(pids) ?? ownCpu();
        const t0 = performance.now();
        try {
          // The statements the API runs: the page statement also reads the hits' columns.
          const result = await searcher.search({ ...request, hitsLanguage: 'pt' });
          totals.push(result.total);
        } catch (error) {
          totals.push(NaN);
          failures.push(`${String(error)} for ${JSON.stringify(request)}`);
        }
        times.push(performance.now() - t0);
        cpu.push((databaseCpu(pids) ?? ownCpu()) - cpu0);
      }
      send({ type: 'sql', times, cpu, totals, failures });
    })().catch((error: unknown) => send({ type: 'error', message: String(error) }));
  });
}

main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
