// The search benchmark's server process (started by bench/search.ts, never on its own): opens the
// database (PostgreSQL URL or embedded PGlite directory), migrates it, loads the synthetic catalogue
// when it holds fewer titles than asked, and serves the real API on loopback. Over the IPC channel
// it also runs search requests straight through the engine (its SQL, no HTTP, no JSON, no hit
// details), timed in this process, so the benchmark can show what the API adds.
import { buildApp } from '../apps/api/src/app.ts';
import { migrate, type Db } from '../apps/api/src/lib/db/index.ts';
import { openPglite } from '../apps/api/src/lib/db/pglite.ts';
import { openPostgres } from '../apps/api/src/lib/db/postgres.ts';
import { createPostgresSearchEngine, type SearchRequest } from '../apps/api/src/modules/search/index.ts';
import { seedSynthetic } from '../apps/api/src/modules/seed/index.ts';

process.env.TZ = 'UTC';

/** Messages from the benchmark. */
export type ToServer = { type: 'sql'; requests: SearchRequest[] } | { type: 'stop' };
/** Messages to the benchmark. */
export type FromServer =
  | { type: 'progress'; line: string }
  | { type: 'ready'; port: number; engine: string; titles: number; libraries: number[]; areas: number[] }
  | { type: 'sql'; times: number[]; totals: number[]; failures: string[] }
  | { type: 'error'; message: string };

const send = (message: FromServer) => process.send?.(message);

async function open(): Promise<Db> {
  const url = process.env.BENCH_PG_URL;
  if (url) return openPostgres(url, { max: Number(process.env.BENCH_POOL ?? 10) });
  const dir = process.env.BENCH_PGLITE_DIR;
  if (!dir) throw new Error('BENCH_PG_URL or BENCH_PGLITE_DIR must be set');
  return openPglite({ dataDir: dir });
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
  const engine = create(db);
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
      const times: number[] = [];
      const totals: number[] = [];
      const failures: string[] = [];
      for (const request of message.requests) {
        const t0 = performance.now();
        try {
          const result = await engine.search(request);
          totals.push(result.total);
        } catch (error) {
          totals.push(NaN);
          failures.push(`${String(error)} for ${JSON.stringify(request)}`);
        }
        times.push(performance.now() - t0);
      }
      send({ type: 'sql', times, totals, failures });
    })().catch((error: unknown) => send({ type: 'error', message: String(error) }));
  });
}

main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
