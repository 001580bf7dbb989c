import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NetworkRecordSchema,
  NetworkSourcesSchema,
  SearchResponseSchema,
  STAFF_PATHS,
  type SearchResponse,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn } from '../identity/testing.ts';
import { runNetworkCommand } from './cli.ts';
import { harvestDueSources } from './jobs.ts';
import { claimSource } from './repository.ts';

// Decision 0067: the OAI-PMH harvester of the library network, against real servers on loopback.

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const PAGE = 10;
const DATA = new URL('./test-data/', import.meta.url);
/** Retries without waiting long: the flaky repository asks for none (Retry-After: 0) anyway. */
const RETRY = { retries: 3, baseDelayMs: 1, maxDelayMs: 10, timeoutMs: 30_000 };

/** A DSpace repository's stored answers, and one that answers 503 twice before it answers. */
async function startRepositories() {
  const [identify, page1, page2] = await Promise.all(
    ['dspace-identify.xml', 'dspace-list-records-1.xml', 'dspace-list-records-2.xml'].map((f) =>
      readFile(new URL(f, DATA), 'utf8'),
    ),
  );
  const requests: string[] = [];
  let flakyFailures = 0;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    const send = (body: string) => response.writeHead(200, { 'content-type': 'text/xml' }).end(body);
    if (url.pathname === '/flaky/oai' && flakyFailures < 2) {
      flakyFailures++;
      response.writeHead(503, { 'retry-after': '0' }).end('busy');
      return;
    }
    const verb = url.searchParams.get('verb');
    if (verb === 'Identify') return send(identify!);
    if (verb === 'ListRecords' && url.pathname === '/flaky/oai') return send(page2!);
    if (verb === 'ListRecords' && url.searchParams.get('resumptionToken') === 'oai_dc////3')
      return send(page2!);
    if (verb === 'ListRecords' && url.searchParams.get('metadataPrefix') === 'oai_dc') return send(page1!);
    send(
      `<?xml version="1.0"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-11-20T10:15:42Z</responseDate><request>x</request><error code="badArgument">not here</error></OAI-PMH>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, requests, server };
}

describe('harvesting the library network by OAI-PMH', () => {
  let source: Ctx;
  let ctx: Ctx;
  let sourceBase: string;
  let repositories: Awaited<ReturnType<typeof startRepositories>>;
  let token: string;
  const sourceLog: string[] = [];
  const out: string[] = [];
  const err: string[] = [];

  const estante = async (...args: string[]) => {
    out.length = 0;
    err.length = 0;
    const code = await runNetworkCommand(
      ctx.db,
      args,
      { out: (line) => out.push(line), err: (line) => err.push(line) },
      { retry: RETRY },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const search = async (termo: string, tab?: string, filters: string[] = []): Promise<SearchResponse> => {
    const qs = new URLSearchParams({ termo, ...(tab ? { search_tab: tab } : {}) });
    for (const f of filters) qs.append('filtro', f);
    const response = await ctx.app.inject({
      url: `/api/consulta?${qs}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json());
  };
  const sourceTitles = async () =>
    (await source.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM title WHERE marc ? 'leader'`))
      .rows[0]!.n;
  const networkCount = async (code: number) =>
    (
      await ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM network_record r JOIN network_institution i ON i.id = r.institution_id
          WHERE i.code = $1`,
        [code],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    // Another Estante, with the demo library, serving /oai on loopback in small pages.
    [source, ctx, repositories] = await Promise.all([
      buildTestApp({
        oai: { pageSize: PAGE },
        logLevel: 'info',
        logStream: { write: (line: string) => void sourceLog.push(line) },
      }),
      buildTestApp(),
      startRepositories(),
    ]);
    sourceBase = `${await source.app.listen({ port: 0, host: '127.0.0.1' })}/oai`;
    token = await publicToken(ctx.app);
  });
  afterAll(async () => {
    repositories?.server.close();
    await Promise.all([source?.close(), ctx?.close()]);
  });

  it('harvests another Estante in marc21 page by page: its titles are in the network tab under that institution, not in the local catalogue', async () => {
    const localTitles = async () =>
      (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM title')).rows[0]!.n;
    const before = await localTitles();
    const count = await sourceTitles();
    const run = await estante(
      'harvest',
      sourceBase,
      '--institution',
      '501',
      '--name',
      'Biblioteca Vizinha',
      '--format',
      'marc21',
    );
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('Network institution 501 (Biblioteca Vizinha) added.');
    expect(run.out).toContain(
      `${Math.ceil(count / PAGE)} pages, added ${count}, updated 0, deleted 0, skipped 0`,
    );
    expect(await networkCount(501)).toBe(count);
    expect(await localTitles()).toBe(before);

    // A word of a source title finds it in the network tab, under the institution harvested.
    const sample = (
      await source.db.query<{ title: string }>(
        `SELECT title FROM title WHERE marc ? 'leader' ORDER BY id LIMIT 1`,
      )
    ).rows[0]!.title;
    const found = await search(sample, 'rede-oai', ['Z:501']);
    expect(found.total).toBeGreaterThan(0);
    expect(found.data.every((hit) => hit.instituicao?.cod_empresa === 501)).toBe(true);
    expect(found.data.map((hit) => hit.titulo)).toContain(sample);
  });

  it('harvests it in oai_dc, one set page by page, into another institution: theses stay theses', async () => {
    const { rows } = await source.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM title WHERE marc ? 'leader' AND work_type = 'TESE'`,
    );
    const theses = rows[0]!.n;
    expect(theses).toBeGreaterThan(0);
    const run = await estante(
      'harvest',
      sourceBase,
      '--institution',
      '502',
      '--name',
      'Biblioteca Vizinha (Dublin Core)',
      '--format',
      'oai_dc',
      '--set',
      'tipo:TESE',
    );
    expect(run.err).toBe('');
    expect(theses).toBeGreaterThan(PAGE);
    expect(run.out).toContain(
      `${Math.ceil(theses / PAGE)} pages, added ${theses}, updated 0, deleted 0, skipped 0`,
    );
    const types = await ctx.db.query<{ work_type: string; source_format: string }>(
      `SELECT DISTINCT r.work_type, r.source_format FROM network_record r
         JOIN network_institution i ON i.id = r.institution_id WHERE i.code = 502`,
    );
    // dc:type "Thesis" (the provider's crosswalk) comes back as a thesis.
    expect(types.rows).toEqual([{ work_type: 'TESE', source_format: 'oai_dc' }]);
  });

  it('applies a deletion on the source at the next harvest, which asks only for what changed since the last', async () => {
    // The last title without copies that nothing else refers to, deleted on the source.
    const { rows: candidates } = await source.db.query<{ id: number }>(
      `SELECT t.id FROM title t WHERE marc ? 'leader' AND NOT EXISTS (SELECT 1 FROM copy c WHERE c.title_id = t.id)
        ORDER BY t.id DESC LIMIT 20`,
    );
    let deleted = false;
    for (const { id } of candidates) {
      deleted = await source.db.query('DELETE FROM title WHERE id = $1', [id]).then(
        () => true,
        () => false,
      );
      if (deleted) break;
    }
    expect(deleted).toBe(true);
    const count = await networkCount(501);
    const requestsBefore = sourceLog.length;

    const run = await estante('harvest', sourceBase, '--institution', '501', '--format', 'marc21');
    expect(run.err).toBe('');
    expect(run.out).toContain('1 pages, added 0, updated 0, deleted 1, skipped 0');
    expect(await networkCount(501)).toBe(count - 1);
    const asked = sourceLog.slice(requestsBefore).filter((line) => line.includes('verb=ListRecords'));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/from=\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}%3A\d{2}Z/);
  });

  it('asks again a repository that answers 503 twice, then harvests it', async () => {
    const run = await estante(
      'harvest',
      `${repositories.base}/flaky/oai`,
      '--institution',
      '602',
      '--name',
      'Repositório Instável',
      '--format',
      'oai_dc',
    );
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out.match(/HTTP 503/g)).toHaveLength(2);
    expect(run.out).toContain('added 1, updated 0, deleted 0, skipped 1');
    expect(repositories.requests.filter((r) => r.startsWith('/flaky/'))).toHaveLength(4);
  });

  it("harvests an institutional repository's oai_dc in two pages: the network tab finds its works, the local catalogue does not", async () => {
    const run = await estante(
      'harvest',
      `${repositories.base}/dspace/oai`,
      '--institution',
      '601',
      '--name',
      'Universidade Federal do Sul',
      '--format',
      'oai_dc',
    );
    expect(run.err).toBe('');
    expect(run.out).toContain('2 pages, added 3, updated 0, deleted 0, skipped 1');
    expect(run.out).toContain('skipped oai:repositorio.ufsul.example.br:123456789/1040: no title (dc:title)');
    expect(run.out).toContain('from 2026-11-20T10:15:42Z');

    const found = await search('Camaquã', 'rede-oai');
    expect(found.data.map((h) => [h.titulo, h.instituicao?.cod_empresa, h.cod_tipo_obra])).toEqual([
      ['Gestão participativa de recursos hídricos na bacia do rio Camaquã', 601, 'TESE'],
    ]);
    expect((await search('Camaquã')).total).toBe(0);
    // The flaky repository served the same page: one book, twice in the network, each under its institution.
    const book = await search('pomeranos', 'rede-oai');
    expect(book.data.map((h) => [h.ano_publicacao, h.instituicao?.cod_empresa]).sort()).toEqual([
      [2019, 601],
      [2019, 602],
    ]);

    const article = (await search('salinidade arroz', 'rede-oai')).data[0]!;
    const record = NetworkRecordSchema.parse(
      (
        await ctx.app.inject({
          url: `/api/rede-pergamum/acervo/${article.cod_acervo}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(record).toMatchObject({
      tipo_obra: 'ARTIGO',
      autores: ['Oliveira, Rafael Nunes', 'Lima, Beatriz Costa'],
      assuntos: ['Arroz irrigado', 'Salinidade do solo'],
      ano_publicacao: 2022,
      idioma: 'por',
      instituicao: { cod_empresa: 601, desc_empresa: 'Universidade Federal do Sul' },
    });
    expect(record.links.map((l) => l.url)).toEqual([
      'https://doi.org/10.18539/rba.v28i2.4471',
      'http://repositorio.ufsul.example.br/handle/123456789/1033',
    ]);
  });

  it('harvests every source daily, one process at a time, and lists and removes sources', async () => {
    const list = await estante('sources');
    expect(list.out.split('\n')).toHaveLength(4);
    const dspace = list.out.split('\n').find((line) => line.includes('/dspace/oai'))!;
    expect(dspace).toMatch(
      /^\d+\t601 Universidade Federal do Sul\t.*\toai_dc\t3 records\tlast run .*: ok\tnext from 2026-11-20T10:15:42Z$/,
    );

    // A day later: another process holds the flaky source, so the job harvests the three others.
    const later = new Date(Date.now() + 25 * 3600_000);
    const flakyId = Number(
      list.out
        .split('\n')
        .find((line) => line.includes('/flaky/'))!
        .split('\t')[0],
    );
    expect(
      await claimSource(ctx.db, { id: flakyId, now: later, until: new Date(later.getTime() + 3600_000) }),
    ).not.toBeNull();
    const busy = await estante(
      'harvest',
      `${repositories.base}/flaky/oai`,
      '--institution',
      '602',
      '--format',
      'oai_dc',
    );
    expect(busy.code).toBe(1);
    expect(busy.err).toContain('is being harvested by another process');

    const seen = repositories.requests.length;
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), error: (e: unknown) => lines.push(String(e)) };
    expect(await harvestDueSources({ db: ctx.db, clock: { now: () => later }, log, retry: RETRY })).toBe(3);
    expect(lines.filter((l) => l.includes(': 1 pages') || l.includes(': 2 pages'))).toHaveLength(3);
    // The repository is asked only for what changed since its last responseDate.
    expect(repositories.requests.slice(seen)).toContain(
      '/dspace/oai?verb=ListRecords&metadataPrefix=oai_dc&from=2026-11-20T10%3A15%3A42Z',
    );
    // Nothing is due any more.
    expect(await harvestDueSources({ db: ctx.db, clock: { now: () => later }, log, retry: RETRY })).toBe(0);

    // The cataloguers see the sources in the staff workspace; a patron does not.
    const sources = async (login: string) =>
      ctx.app.inject({
        url: `/api${STAFF_PATHS.networkSources}`,
        headers: bearer((await signIn(ctx.app, login, `estante-${login.replace('.', '-')}`)).access_token),
      });
    expect((await sources('ana')).statusCode).toBe(403);
    const listed = NetworkSourcesSchema.parse((await sources('equipe.catalogacao')).json()).data;
    expect(
      listed.map((s) => [s.instituicao.cod_empresa, s.formato, s.conjunto, s.ultima_coleta?.ok]),
    ).toEqual([
      [501, 'marc21', null, true],
      [502, 'oai_dc', 'tipo:TESE', true],
      [601, 'oai_dc', null, true],
      [602, 'oai_dc', null, true],
    ]);
    expect(listed.find((s) => s.instituicao.cod_empresa === 601)).toMatchObject({
      registros: 3,
      data_ultima_coleta: later.toISOString(),
      ultima_coleta: { incluidos: 0, atualizados: 3, excluidos: 0, ignorados: 1, erro: null },
    });

    const id = dspace.split('\t')[0]!;
    const removed = await estante('remove', id);
    expect(removed.out).toBe(`Source ${id} removed, with its 3 records.`);
    expect((await search('Camaquã', 'rede-oai')).total).toBe(0);
  });
});
