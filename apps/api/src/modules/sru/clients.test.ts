import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '@estante/contract';
import { writeSetting } from '../institution/index.ts';
import { GROUP_WORKS_SETTING } from '../search/work-groups.ts';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

/**
 * The SRU server and the Z39.50 gateway in front of it, used by clients we did not write, from
 * Debian's packages that `npm test` installs: yaz-client and zoomsh (package "yaz") over SRU, and
 * Debian's simple2zoom (package "libnet-z3950-simple2zoom-perl") with the gateway configuration
 * the repository ships, reached by yaz-client over Z39.50. Hit counts must be the catalogue
 * API's for the same searches; records must be MARC that yaz-marcdump reads.
 */
const run = promisify(execFile);
const GATEWAY_CONFIG = fileURLToPath(new URL('../../../../../docs/z3950/simple2zoom.xml', import.meta.url));

function requireClients(): void {
  const missing = [
    ['yaz-client', 'yaz'],
    ['zoomsh', 'yaz'],
    ['yaz-marcdump', 'yaz'],
    ['simple2zoom', 'libnet-z3950-simple2zoom-perl'],
  ].filter(([command]) => spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0);
  if (missing.length > 0)
    throw new Error(
      `${missing.map(([c]) => c).join(', ')} missing: the SRU and Z39.50 client test needs them. Install them with \`apt-get install ${[...new Set(missing.map(([, p]) => p))].join(' ')}\`.`,
    );
}

/** A loopback port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The hit counts a client printed, in order ("Number of hits: N" or "URL: N hits"). */
const hitCounts = (output: string) =>
  [...output.matchAll(/Number of hits: (\d+)|: (\d+) hits/g)].map((m) => Number(m[1] ?? m[2]));

describe('the SRU server and the Z39.50 gateway, through Debian’s clients', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  let headers: Record<string, string>;
  let work: string;
  let gateway: ChildProcess | undefined;
  let isbn: string;

  /** The catalogue API's total for a search. */
  const catalogueTotal = async (params: Record<string, string | string[]>) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) for (const v of [value].flat()) query.append(key, v);
    const response = await ctx.app.inject({ url: `/api/consulta?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json()).total;
  };
  /** yaz-client reading its commands from standard input, as a person types them. */
  const yazClient = async (target: string, commands: string[]) => {
    const child = spawn('yaz-client', [target], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stdin.end(`${[...commands, 'quit'].join('\n')}\n`);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, output).toBe(0);
    return output;
  };

  beforeAll(async () => {
    requireClients();
    ctx = await buildTestApp();
    // SRU answers records, one per title; the catalogue API is compared with it ungrouped (decision 0071).
    await writeSetting(ctx.db, GROUP_WORKS_SETTING, false);
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    work = await mkdtemp(join(tmpdir(), 'estante-sru-'));
    const { rows } = await ctx.db.query<{ isbn: string }>(
      `SELECT isbn[1] AS isbn FROM title WHERE cardinality(isbn) > 0 ORDER BY id LIMIT 1`,
    );
    isbn = rows[0]!.isbn;
  });
  afterAll(async () => {
    gateway?.kill();
    await ctx?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  // The same searches in CQL, as catalogue API parameters, and (for the gateway) in Bib-1 PQF.
  const searches = (): { cql: string; api: Record<string, string | string[]>; pqf?: string }[] => [
    {
      cql: 'dc.title = casmurro',
      api: { termo: 'casmurro', tipoBusca: 'titulo' },
      pqf: '@attr 1=4 casmurro',
    },
    { cql: 'dc.creator = assis', api: { termo: 'assis', tipoBusca: 'autor' }, pqf: '@attr 1=1003 assis' },
    { cql: 'dc.subject = romance', api: { termo: 'romance', tipoBusca: 'assunto' } },
    { cql: `bath.isbn = ${isbn}`, api: { termo: isbn }, pqf: `@attr 1=7 ${isbn}` },
    {
      cql: 'dc.creator = assis not (dc.title = casmurro or dc.title = memorias)',
      api: { termo: 'assis', tipoBusca: 'autor', linha: ['NAO|titulo|casmurro', 'NAO|titulo|memorias'] },
    },
    { cql: 'dc.title = "dom casm*"', api: { termo: 'dom casm', tipoBusca: 'titulo', tipoTermo: 'inicio' } },
  ];

  it('zoomsh and yaz-client over SRU count what the catalogue API counts, and get MARCXML yaz-marcdump reads', async () => {
    const expected = await Promise.all(searches().map((s) => catalogueTotal(s.api)));
    expect(expected.every((n) => n > 0)).toBe(true);
    const url = `${base}/sru`;

    const zoom = await run('zoomsh', [
      'set sru get',
      `connect ${url}`,
      ...searches().map((s) => `search cql:${s.cql}`),
      'show 0 2',
      'quit',
    ]);
    expect(hitCounts(zoom.stdout)).toEqual(expected);
    // The last search's first two records as zoomsh shows them: MARCXML.
    const shown = [
      ...zoom.stdout.matchAll(/<record xmlns="http:\/\/www\.loc\.gov\/MARC21\/slim">[\s\S]*?<\/record>/g),
    ];
    expect(shown).toHaveLength(2);

    const dump = join(work, 'sru.xml');
    const yaz = await yazClient(url, [
      'sru get 1.2',
      'querytype cql',
      `set_marcdump ${dump}`,
      ...searches().map((s) => `find ${s.cql}`),
      'show 1+3',
    ]);
    expect(hitCounts(yaz).filter((_, i) => i < expected.length)).toEqual(expected);
    // yaz-marcdump reads the records the last search sent, as MARCXML.
    const collection = join(work, 'collection.xml');
    await writeFile(
      collection,
      `<collection xmlns="http://www.loc.gov/MARC21/slim">\n${await readFile(dump, 'utf8')}</collection>\n`,
    );
    const read = await run('yaz-marcdump', ['-i', 'marcxml', '-o', 'line', collection]);
    const titles = read.stdout.split('\n').filter((l) => l.startsWith('245 '));
    expect(titles).toHaveLength(3);
    for (const title of titles) expect(title).toMatch(/\$a Dom Casm/i);
  });

  it('yaz-client over Z39.50 through simple2zoom: the same counts, and MARC 21 records', async () => {
    const port = await freePort();
    const config = join(work, 'simple2zoom.xml');
    const shipped = await readFile(GATEWAY_CONFIG, 'utf8');
    expect(shipped).toContain('<zurl>http://127.0.0.1:8080/sru</zurl>');
    await writeFile(config, shipped.replace('http://127.0.0.1:8080/sru', `${base}/sru`));
    const started = spawn('simple2zoom', ['-c', config, '--', `tcp:127.0.0.1:${port}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    gateway = started;
    // Listening once it says so; its exit before that is the failure.
    await new Promise<void>((resolve, reject) => {
      let log = '';
      const read = (chunk: Buffer) => {
        log += chunk.toString('utf8');
        if (/Adding dynamic listener/.test(log)) resolve();
      };
      started.stdout!.on('data', read);
      started.stderr!.on('data', read);
      started.on('exit', (code) => reject(new Error(`simple2zoom exited (${code}): ${log}`)));
    });

    const z3950 = searches().filter((s) => s.pqf);
    const expected = await Promise.all(z3950.map((s) => catalogueTotal(s.api)));
    const dump = join(work, 'z3950.mrc');
    const output = await yazClient(`tcp:127.0.0.1:${port}/estante`, [
      'format usmarc',
      `set_marcdump ${dump}`,
      ...z3950.map((s) => `find ${s.pqf}`),
      'show 1',
      'find @attr 1=1003 assis',
      'show 1+3',
    ]);
    expect(hitCounts(output).slice(0, expected.length)).toEqual(expected);
    // ISO 2709 records, MARC 21 in UTF-8 (leader 09 "a"), that yaz-marcdump reads.
    const read = await run('yaz-marcdump', ['-o', 'line', dump]);
    const leaders = read.stdout.split('\n').filter((l) => /^\d{5}[a-z]{3}/.test(l));
    expect(leaders).toHaveLength(4);
    for (const leader of leaders) expect(leader[9]).toBe('a');
    const authors = read.stdout.split('\n').filter((l) => l.startsWith('100 '));
    expect(authors.slice(1).every((l) => /Assis/.test(l))).toBe(true);
    const isbns = read.stdout.split('\n').filter((l) => l.startsWith('020 '));
    expect(isbns[0]!.replace(/[-\s]/g, '')).toContain(isbn.slice(3, 12));
  });
});
