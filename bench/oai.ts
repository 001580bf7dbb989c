// OAI-PMH benchmark (decision 0064): how long a ListRecords page takes against a search API page,
// on the demo catalogue, through the real server on loopback. Both are timed by an HTTP client
// (fetch), one request at a time, after a warm-up; p50 and p95 of each are printed.
//   npm run bench:oai [-- --rounds 40 --page 100] (BENCH_PG_URL=postgres://… for PostgreSQL)
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/api/src/app.ts';
import { migrate, type Db } from '../apps/api/src/lib/db/index.ts';
import { openPglite } from '../apps/api/src/lib/db/pglite.ts';
import { openPostgres } from '../apps/api/src/lib/db/postgres.ts';
import { seedDemoIfEmpty } from '../apps/api/src/modules/seed/index.ts';

process.env.TZ = 'UTC';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '40' }, page: { type: 'string', default: '100' } },
});
const rounds = Number(values.rounds);
const pageSize = Number(values.page);
const QUERIES = ['historia', 'brasil', 'direito', 'educação', 'literatura', 'ciência', 'saúde', 'arte'];

async function open(): Promise<Db> {
  const url = process.env.BENCH_PG_URL;
  return url ? openPostgres(url, { max: 4 }) : openPglite();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms (${times.length} requests)`;
};

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; body: string }> {
  const start = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} → ${response.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - start, body };
}

const db = await open();
await migrate(db);
await seedDemoIfEmpty(db);
const titles = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM title')).rows[0]!.n;
const app = await buildApp({ db, oai: { pageSize }, logLevel: 'silent' });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
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

/** Every ListRecords page of the catalogue in one format, following the tokens. */
async function harvestPages(prefix: string): Promise<number[]> {
  const times: number[] = [];
  let url = `${base}/oai?verb=ListRecords&metadataPrefix=${prefix}`;
  for (;;) {
    const { ms, body } = await timed(url);
    times.push(ms);
    const next = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(body)?.[1];
    if (!next) return times;
    url = `${base}/oai?verb=ListRecords&resumptionToken=${encodeURIComponent(next)}`;
  }
}

// Warm-up: one harvest and one pass of the queries.
await harvestPages('marc21');
for (const q of QUERIES) await timed(`${base}/api/consulta?termo=${encodeURIComponent(q)}`, { headers });

const oaiDc: number[] = [];
const marc21: number[] = [];
const search: number[] = [];
for (let round = 0; round < rounds; round++) {
  oaiDc.push(...(await harvestPages('oai_dc')));
  marc21.push(...(await harvestPages('marc21')));
  for (const q of QUERIES)
    search.push(
      (
        await timed(`${base}/api/consulta?termo=${encodeURIComponent(q)}&paginaAtiva=${(round % 3) + 1}`, {
          headers,
        })
      ).ms,
    );
}

console.log(
  `${db.kind}, ${titles} titles, ListRecords pages of ${pageSize}, search pages of 20 with filter counts`,
);
console.log(`ListRecords oai_dc:  ${summary(oaiDc)}`);
console.log(`ListRecords marc21:  ${summary(marc21)}`);
console.log(`search API /consulta: ${summary(search)}`);
await app.close();
await db.close();
