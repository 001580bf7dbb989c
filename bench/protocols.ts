// Protocols benchmark (decisions 0064, 0066): in one run, on the demo catalogue, through the real
// server on loopback, the search API's page, an SRU searchRetrieve of the same searches and as
// many records, OAI-PMH ListRecords and ListIdentifiers pages and GetRecord, and (when Debian's simple2zoom is installed) the same
// searches over Z39.50 through the gateway. HTTP requests are timed by fetch, one at a time, after
// a warm-up; Z39.50 by yaz-client's own "Elapsed" (search plus present); p50 and p95 are printed.
//   npm run bench:protocols [-- --rounds 40 --page 100] (BENCH_PG_URL=postgres://… for PostgreSQL)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
/** Results per search page, SRU searchRetrieve and Z39.50 present. */
const SEARCH_PAGE = 20;
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
const app = await buildApp({
  db,
  oai: { pageSize },
  sru: { maximumRecords: SEARCH_PAGE },
  logLevel: 'silent',
});
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

/** Every ListRecords (or ListIdentifiers) page of the catalogue in one format, following the tokens. */
async function harvestPages(prefix: string, verb = 'ListRecords'): Promise<number[]> {
  const times: number[] = [];
  let url = `${base}/oai?verb=${verb}&metadataPrefix=${prefix}`;
  for (;;) {
    const { ms, body } = await timed(url);
    times.push(ms);
    const next = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(body)?.[1];
    if (!next) return times;
    url = `${base}/oai?verb=${verb}&resumptionToken=${encodeURIComponent(next)}`;
  }
}

/** GetRecord of titles spread over the catalogue, a different one each round. */
const ids = (
  await db.query<{ id: number }>(`SELECT id FROM title WHERE marc ? 'leader' ORDER BY id`)
).rows.map((r) => r.id);
const host = new URL(base).hostname;
const getRecordUrl = (round: number, i: number) =>
  `${base}/oai?verb=GetRecord&metadataPrefix=${i % 2 ? 'marc21' : 'oai_dc'}&identifier=oai:${host}:${ids[(round * 37 + i * 53) % ids.length]}`;

/** SRU searchRetrieve of the word as the search page's free search, records from the page's first. */
const sruUrl = (q: string, page: number) =>
  `${base}/sru?query=${encodeURIComponent(`cql.serverChoice = "${q}"`)}&startRecord=${(page - 1) * SEARCH_PAGE + 1}&maximumRecords=${SEARCH_PAGE}`;

// Warm-up: one harvest and one pass of the queries.
await harvestPages('marc21');
for (const q of QUERIES) {
  await timed(`${base}/api/consulta?termo=${encodeURIComponent(q)}`, { headers });
  await timed(sruUrl(q, 1));
}

// The warm-up harvested marc21 only: the first round's oai_dc harvest writes every record.
const oaiDcFirst: number[] = [];
const oaiDc: number[] = [];
const marc21: number[] = [];
const identifiers: number[] = [];
const getRecord: number[] = [];
const search: number[] = [];
const sru: number[] = [];
for (let round = 0; round < rounds; round++) {
  (round === 0 ? oaiDcFirst : oaiDc).push(...(await harvestPages('oai_dc')));
  marc21.push(...(await harvestPages('marc21')));
  identifiers.push(...(await harvestPages('oai_dc', 'ListIdentifiers')));
  for (let i = 0; i < QUERIES.length; i++) getRecord.push((await timed(getRecordUrl(round, i))).ms);
  const page = (round % 3) + 1;
  for (const q of QUERIES) {
    search.push(
      (await timed(`${base}/api/consulta?termo=${encodeURIComponent(q)}&paginaAtiva=${page}`, { headers }))
        .ms,
    );
    sru.push((await timed(sruUrl(q, page))).ms);
  }
}

/** The same searches over Z39.50 through simple2zoom, timed by yaz-client; null without simple2zoom. */
async function z3950(): Promise<number[] | null> {
  if (spawnSync('sh', ['-c', 'command -v simple2zoom && command -v yaz-client']).status !== 0) return null;
  const work = await mkdtemp(join(tmpdir(), 'estante-bench-'));
  const config = join(work, 'simple2zoom.xml');
  const shipped = await readFile(new URL('../docs/z3950/simple2zoom.xml', import.meta.url), 'utf8');
  await writeFile(config, shipped.replace('http://127.0.0.1:8080/sru', `${base}/sru`));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const gateway = spawn('simple2zoom', ['-c', config, '--', `tcp:127.0.0.1:${port}`], { stdio: 'pipe' });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Adding dynamic listener')) resolve();
    };
    gateway.stdout.on('data', read);
    gateway.stderr.on('data', read);
    gateway.on('exit', () => reject(new Error(`simple2zoom stopped: ${log}`)));
  });
  const commands = ['format usmarc'];
  for (let round = 0; round <= rounds; round++)
    for (const q of QUERIES) commands.push(`find @attr 1=1016 "${q}"`, `show 1+${SEARCH_PAGE}`);
  // Not spawnSync: the server answering the gateway runs in this process.
  const client = spawn('yaz-client', [`tcp:127.0.0.1:${port}/estante`], { stdio: 'pipe' });
  let stdout = '';
  client.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  client.stdin.end(`${commands.join('\n')}\nquit\n`);
  await new Promise((resolve) => client.on('close', resolve));
  gateway.kill();
  await rm(work, { recursive: true, force: true });
  const elapsed = [...stdout.matchAll(/Elapsed: ([\d.]+)/g)].map((m) => Number(m[1]) * 1000);
  // The first Elapsed is the connection; then a search and its present per query. Round 0 warms up.
  const pairs = elapsed.slice(1);
  const times: number[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) times.push(pairs[i]! + pairs[i + 1]!);
  return times.slice(QUERIES.length);
}
const viaGateway = await z3950();

console.log(
  `${db.kind}, ${titles} titles, ListRecords pages of ${pageSize}, searches of ${SEARCH_PAGE} results (the API with filter counts)`,
);
console.log(`search API /consulta:       ${summary(search)}`);
console.log(`SRU searchRetrieve marcxml: ${summary(sru)}`);
console.log(`ListRecords oai_dc, first:  ${summary(oaiDcFirst)}`);
console.log(`ListRecords oai_dc:         ${summary(oaiDc)}`);
console.log(`ListRecords marc21:         ${summary(marc21)}`);
console.log(`ListIdentifiers:            ${summary(identifiers)}`);
console.log(`GetRecord:                  ${summary(getRecord)}`);
console.log(
  `Z39.50 via simple2zoom:     ${viaGateway ? `${summary(viaGateway)} (search + present of ${SEARCH_PAGE} USMARC)` : 'not run (simple2zoom or yaz-client missing)'}`,
);
await app.close();
await db.close();
