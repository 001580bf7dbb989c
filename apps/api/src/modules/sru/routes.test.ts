import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { SearchResponseSchema } from '@estante/contract';
import { writeSetting } from '../institution/index.ts';
import { GROUP_WORKS_SETTING } from '../search/work-groups.ts';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';

// Decision 0066: the SRU server, explain and searchRetrieve in 1.2 and 2.0, paging and each diagnostic.

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  removeNSPrefix: true,
  isArray: (name) =>
    ['record', 'diagnostic', 'index', 'schema', 'datafield', 'controlfield', 'set'].includes(name),
});

interface SruRecord {
  recordSchema: string;
  recordPacking?: string;
  recordXMLEscaping?: string;
  recordPosition: string;
  recordData: Record<string, unknown>;
}
interface Answer {
  version: string;
  numberOfRecords?: string;
  nextRecordPosition?: string;
  records?: { record: SruRecord[] };
  record?: SruRecord[];
  diagnostics?: { diagnostic: { uri: string; details?: string; message: string }[] };
}

const MAXIMUM = 20;

describe('the SRU server', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;

  const sru = async (query: string) => {
    const response = await ctx.app.inject({
      url: `/sru?${query}`,
      headers: { host: 'biblioteca.example.edu:8080' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    const document = parser.parse(response.body) as Record<string, Answer>;
    const [root] = Object.keys(document).filter((k) => k !== '?xml');
    return { root, answer: document[root!]!, body: response.body };
  };
  const retrieve = async (params: Record<string, string | number>) =>
    (
      await sru(
        new URLSearchParams(
          Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString(),
      )
    ).answer;
  const diagnosticOf = async (query: string) => {
    const { answer } = await sru(query);
    const [diagnostic] = answer.diagnostics?.diagnostic ?? [];
    return [diagnostic?.uri.replace('info:srw/diagnostic/1/', ''), diagnostic?.details];
  };
  const controlNumbers = (answer: Answer) =>
    (answer.records?.record ?? []).map((r) => {
      const [record] = r.recordData['record'] as { controlfield: { '@tag': string; '#text': string }[] }[];
      return record!.controlfield.find((f) => f['@tag'] === '001')?.['#text'];
    });

  beforeAll(async () => {
    ctx = await buildTestApp({ sru: { defaultRecords: 5, maximumRecords: MAXIMUM } });
    // SRU answers records, one per title; the catalogue API is compared with it ungrouped (decision 0071).
    await writeSetting(ctx.db, GROUP_WORKS_SETTING, false);
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('explains itself in 2.0 by default and in 1.2 when asked: indexes, schemas, limits', async () => {
    const bare = await sru('');
    expect(bare.root).toBe('explainResponse');
    expect(bare.body).toContain(
      '<explainResponse xmlns="http://docs.oasis-open.org/ns/search-ws/sruResponse">',
    );
    expect(bare.answer.version).toBe('2.0');
    const old = await sru('version=1.2&operation=explain');
    expect(old.root).toBe('explainResponse');
    expect(old.body).toContain('<explainResponse xmlns="http://www.loc.gov/zing/srw/">');
    const record = old.answer.record![0]!;
    expect(record.recordPacking).toBe('xml');
    const explain = record.recordData['explain'] as {
      serverInfo: { host: string; port: string; '@version': string };
      databaseInfo: { title: { '#text': string } };
      indexInfo: { index: { map: { name: { '@set': string; '#text': string } } }[] };
      schemaInfo: { schema: { '@identifier': string; '@name': string }[] };
      configInfo: { setting: { '@type': string; '#text': string } };
    };
    expect(explain.serverInfo).toMatchObject({
      host: 'biblioteca.example.edu',
      port: '8080',
      '@version': '1.2',
    });
    expect(explain.databaseInfo.title['#text']).toContain('Universidade Estante');
    expect(explain.indexInfo.index.map((i) => `${i.map.name['@set']}.${i.map.name['#text']}`)).toEqual([
      'cql.serverChoice',
      'cql.anywhere',
      'dc.title',
      'dc.creator',
      'dc.subject',
      'bath.isbn',
      'bath.issn',
      'rec.identifier',
    ]);
    expect(explain.schemaInfo.schema.map((s) => [s['@name'], s['@identifier']])).toEqual([
      ['marcxml', 'info:srw/schema/1/marcxml-v1.1'],
      ['dc', 'info:srw/schema/1/dc-v1.1'],
    ]);
    expect(explain.configInfo.setting).toMatchObject({ '@type': 'maximumRecords', '#text': String(MAXIMUM) });
  });

  it('pages through a search in the catalogue’s order, whatever the page boundaries', async () => {
    const query = { query: 'dc.creator = assis', recordSchema: 'info:srw/schema/1/marcxml-v1.1' };
    const catalogue = SearchResponseSchema.parse(
      (
        await ctx.app.inject({ url: '/api/consulta?termo=assis&tipoBusca=autor&quantPag=20', headers })
      ).json(),
    );
    expect(catalogue.total).toBeGreaterThan(8);
    const all = await retrieve({ ...query, maximumRecords: 100 });
    // Asked for more than the maximum: the maximum, and where to go on.
    expect(all.records!.record).toHaveLength(Math.min(MAXIMUM, catalogue.total));
    expect(all.numberOfRecords).toBe(String(catalogue.total));
    const numbers = controlNumbers(all);
    const ids = await ctx.db.query<{ id: number; control_number: string }>(
      'SELECT id, control_number FROM title WHERE id = ANY ($1::int[])',
      [catalogue.data.map((h) => h.cod_acervo)],
    );
    const byId = new Map(ids.rows.map((r) => [r.id, r.control_number]));
    expect(numbers).toEqual(catalogue.data.map((h) => byId.get(h.cod_acervo)).slice(0, MAXIMUM));

    // Pages of 3 from 2 on straddle the catalogue search's own pages.
    const pages: (string | undefined)[] = [];
    let next: string | undefined = '2';
    while (next && pages.length < 7) {
      const page = await retrieve({
        ...query,
        version: '1.2',
        operation: 'searchRetrieve',
        startRecord: next,
        maximumRecords: 3,
      });
      expect(page.records!.record.map((r) => r.recordPosition)).toEqual(
        Array.from({ length: page.records!.record.length }, (_, i) => String(Number(next) + i)),
      );
      pages.push(...controlNumbers(page));
      next = page.nextRecordPosition;
    }
    expect(pages).toEqual(numbers.slice(1, 1 + pages.length));
    expect(pages.length).toBeGreaterThanOrEqual(7);

    // Only the count.
    const none = await retrieve({ ...query, maximumRecords: 0 });
    expect([none.numberOfRecords, none.records, none.nextRecordPosition]).toEqual([
      String(catalogue.total),
      undefined,
      undefined,
    ]);
    // The last record has no next position.
    const last = await retrieve({ ...query, startRecord: catalogue.total, maximumRecords: 5 });
    expect([last.records!.record.length, last.nextRecordPosition]).toEqual([1, undefined]);
  });

  it('sends Dublin Core by its short name or URI, and a record by its identifier', async () => {
    const { rows } = await ctx.db.query<{ id: number; title: string }>(
      `SELECT id, title FROM title WHERE marc ? 'leader' ORDER BY id LIMIT 1`,
    );
    const title = rows[0]!;
    for (const recordSchema of ['dc', 'info:srw/schema/1/dc-v1.1']) {
      const answer = await retrieve({ query: `rec.identifier = ${title.id}`, recordSchema });
      expect(answer.numberOfRecords).toBe('1');
      const record = answer.records!.record[0]!;
      expect(record.recordSchema).toBe('info:srw/schema/1/dc-v1.1');
      expect(record.recordXMLEscaping).toBe('xml');
      const dc = record.recordData['dc'] as { title: string | string[] };
      expect([dc.title].flat().join(' ')).toContain(title.title.slice(0, 10));
    }
    expect((await retrieve({ query: 'rec.identifier = 999999999' })).numberOfRecords).toBe('0');
    // A title without a MARC record: a surrogate diagnostic in its place.
    const bare = await ctx.db.query<{ id: number }>(
      `INSERT INTO title (control_number, control_source, title, work_type, marc)
       VALUES ('SRU-NO-MARC', 'SRU', 'Sem MARC', 'LIVRO', '{}'::jsonb) RETURNING id`,
    );
    const surrogate = await retrieve({
      query: `rec.identifier = ${bare.rows[0]!.id}`,
      version: '1.2',
      operation: 'searchRetrieve',
    });
    expect(surrogate.records!.record[0]!.recordSchema).toBe('info:srw/schema/1/diagnostics-v1.1');
    expect(JSON.stringify(surrogate.records!.record[0]!.recordData)).toContain('info:srw/diagnostic/1/67');
  });

  it('answers each unsupported request with its diagnostic, in a 200', async () => {
    const sr = 'version=1.2&operation=searchRetrieve';
    expect(await diagnosticOf('version=1.2&query=dom')).toEqual(['7', 'operation']);
    expect(await diagnosticOf(`${sr}`)).toEqual(['7', 'query']);
    expect(await diagnosticOf('version=1.1&operation=explain')).toEqual(['5', '1.2']);
    expect(await diagnosticOf('version=1.2&operation=scan&scanClause=dom')).toEqual(['4', 'scan']);
    expect(await diagnosticOf('scanClause=dom')).toEqual(['4', 'scan']);
    expect(await diagnosticOf(`${sr}&query=dom&frobnicate=1`)).toEqual(['8', 'frobnicate']);
    expect(await diagnosticOf(`${sr}&query=dom&query=x`)).toEqual(['6', 'query']);
    expect(await diagnosticOf(`${sr}&query=dom&startRecord=0`)).toEqual(['6', 'startRecord']);
    expect(await diagnosticOf(`${sr}&query=dom&maximumRecords=ten`)).toEqual(['6', 'maximumRecords']);
    expect(await diagnosticOf('query=dom&queryType=pqf')).toEqual(['6', 'queryType']);
    expect(await diagnosticOf(`${sr}&query=dom&recordSchema=mods`)).toEqual(['66', 'mods']);
    expect(await diagnosticOf(`${sr}&query=dom&recordPacking=string`)).toEqual(['71', 'string']);
    expect(await diagnosticOf('query=dom&recordXMLEscaping=string')).toEqual(['71', 'string']);
    expect(await diagnosticOf(`${sr}&query=dom&sortKeys=title`)).toEqual(['80', 'sortKeys']);
    expect(await diagnosticOf(`${sr}&query=dom&recordXPath=/a`)).toEqual(['72', 'recordXPath']);
    expect(await diagnosticOf(`${sr}&query=dom&stylesheet=a.xsl`)).toEqual(['110', 'stylesheet']);
    expect(await diagnosticOf(`${sr}&query=${encodeURIComponent('dc.title = (dom')}`)).toEqual([
      '10',
      'dc.title = (dom',
    ]);
    expect(await diagnosticOf(`${sr}&query=${encodeURIComponent('dc.publisher = x')}`)).toEqual([
      '16',
      'dc.publisher',
    ]);
    expect(await diagnosticOf(`${sr}&query=${encodeURIComponent('dc.title > x')}`)).toEqual(['19', '>']);
    const beyond = await sru(`${sr}&query=dom&startRecord=100000`);
    expect(beyond.answer.diagnostics!.diagnostic[0]!.uri).toBe('info:srw/diagnostic/1/61');
    expect(Number(beyond.answer.numberOfRecords)).toBeGreaterThan(0);
    // Extensions (x-…) and parameters that change nothing are let through.
    expect(await diagnosticOf(`${sr}&query=dom&x-pquery=dom&resultSetTTL=60`)).toEqual([
      undefined,
      undefined,
    ]);
    // No hit is no diagnostic.
    const nothing = await sru(`${sr}&query=zzzqqqxxx`);
    expect([nothing.answer.numberOfRecords, nothing.answer.diagnostics]).toEqual(['0', undefined]);
  });
});
