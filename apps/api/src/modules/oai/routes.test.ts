import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { API_PATHS, API_PREFIX, type DublinCore } from '@estante/contract';
import type { MarcRecord } from '@estante/marc';
import { buildApp } from '../../app.ts';
import { buildTestApp, publicToken, TEST_TOKEN_SECRET } from '../../testing/build-test-app.ts';

// Decision 0064: the OAI-PMH 2.0 provider, each verb and each error code of the protocol.

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  removeNSPrefix: false,
  isArray: (name) => ['record', 'header', 'setSpec', 'set', 'error', 'metadataFormat'].includes(name),
});

interface Header {
  '@status'?: string;
  identifier: string;
  datestamp: string;
  setSpec?: string[];
}
interface Token {
  '#text'?: string;
  '@completeListSize'?: string;
  '@cursor'?: string;
  '@expirationDate'?: string;
}
interface Answer {
  responseDate: string;
  request: { '#text': string } & Record<string, string>;
  error?: { '@code': string; '#text': string }[];
  Identify?: Record<string, string>;
  ListMetadataFormats?: { metadataFormat: { metadataPrefix: string }[] };
  ListSets?: { set: { setSpec: string[]; setName: string }[] };
  ListIdentifiers?: { header: Header[]; resumptionToken?: Token | string };
  ListRecords?: {
    record: { header: Header[]; metadata?: Record<string, unknown> }[];
    resumptionToken?: Token | string;
  };
  GetRecord?: { record: { header: Header[]; metadata?: Record<string, unknown> }[] };
}

const PAGE = 7;
const MINIMAL_MARC: MarcRecord = {
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '001', value: 'OAI-TEST-1' },
    { tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: 'Um título & <outro>' }] },
  ],
};

describe('the OAI-PMH provider', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let now = new Date('2030-01-01T12:00:00Z');
  let titleCount: number;

  const oai = async (query: string, app = ctx.app) => {
    const response = await app.inject({
      method: 'GET',
      url: `/oai?${query}`,
      headers: { host: 'biblioteca.example.edu' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    return (parser.parse(response.body) as { 'OAI-PMH': Answer })['OAI-PMH'];
  };
  const errorOf = async (query: string) => (await oai(query)).error?.map((e) => e['@code']);
  const tokenText = (token: Token | string | undefined) =>
    typeof token === 'string' ? token : token?.['#text'];
  const insertTitle = async (
    controlNumber: string,
    marc: MarcRecord | Record<string, never> = MINIMAL_MARC,
  ) =>
    (
      await ctx.db.query<{ id: number }>(
        `INSERT INTO title (control_number, control_source, title, work_type, series, marc)
         VALUES ($1, 'OAI', 'Um título', 'LIVRO', 'Coleção Ção Teste', $2::jsonb) RETURNING id`,
        [controlNumber, JSON.stringify(marc)],
      )
    ).rows[0]!.id;
  /** Every header of a list, following the resumption tokens; checks cursor and completeListSize on the way. */
  const harvestHeaders = async (query: string) => {
    const headers: Header[] = [];
    let answer = await oai(`verb=ListIdentifiers&${query}`);
    for (;;) {
      if (answer.error) return { headers, error: answer.error[0]!['@code'] };
      const list = answer.ListIdentifiers!;
      const token = list.resumptionToken as Token | undefined;
      if (token && typeof token === 'object') expect(Number(token['@cursor'])).toBe(headers.length);
      headers.push(...list.header);
      const next = tokenText(list.resumptionToken);
      if (!next) {
        if (token) expect(Number(token['@completeListSize'])).toBe(headers.length);
        return { headers, error: null };
      }
      answer = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(next)}`);
    }
  };

  beforeAll(async () => {
    ctx = await buildTestApp({ clock: { now: () => now }, oai: { pageSize: PAGE, tokenTtlSeconds: 3600 } });
    titleCount = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM title`)).rows[0]!.n;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('identifies the repository: persistent deletions, seconds, its base URL and identifier scheme', async () => {
    const answer = await oai('verb=Identify');
    const identify = answer.Identify!;
    expect(identify['baseURL']).toBe('http://biblioteca.example.edu/oai');
    expect(identify['protocolVersion']).toBe('2.0');
    expect(identify['deletedRecord']).toBe('persistent');
    expect(identify['granularity']).toBe('YYYY-MM-DDThh:mm:ssZ');
    expect(identify['repositoryName']).toContain('Universidade Estante');
    expect(identify['earliestDatestamp']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(answer.responseDate).toBe('2030-01-01T12:00:00Z');
    expect(answer.request).toMatchObject({
      '@verb': 'Identify',
      '#text': 'http://biblioteca.example.edu/oai',
    });
    expect(JSON.stringify(identify)).toContain('oai:biblioteca.example.edu:1');
  });

  it('answers a POSTed form as it answers the query string', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/oai',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'verb=ListMetadataFormats',
    });
    const answer = (parser.parse(response.body) as { 'OAI-PMH': Answer })['OAI-PMH'];
    expect(answer.ListMetadataFormats!.metadataFormat.map((f) => f.metadataPrefix)).toEqual([
      'oai_dc',
      'marc21',
    ]);
  });

  it('refuses a missing, unknown or repeated verb with badVerb, and echoes only the base URL', async () => {
    expect(await errorOf('')).toEqual(['badVerb']);
    expect(await errorOf('verb=Harvest')).toEqual(['badVerb']);
    expect(await errorOf('verb=Identify&verb=Identify')).toEqual(['badVerb']);
    const answer = await oai('verb=Harvest');
    expect(answer.request).toBe('http://biblioteca.example.edu/oai');
  });

  it('refuses illegal, repeated, missing and malformed arguments with badArgument', async () => {
    expect(await errorOf('verb=Identify&set=tipo')).toEqual(['badArgument']);
    expect(await errorOf('verb=ListRecords')).toEqual(['badArgument']);
    expect(await errorOf('verb=GetRecord&metadataPrefix=oai_dc')).toEqual(['badArgument']);
    expect(await errorOf('verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=marc21')).toEqual([
      'badArgument',
    ]);
    expect(await errorOf('verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=x')).toEqual([
      'badArgument',
    ]);
    expect(await errorOf('verb=ListRecords&metadataPrefix=oai_dc&from=2024-02-30')).toEqual(['badArgument']);
    expect(await errorOf('verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01T10:00:00')).toEqual([
      'badArgument',
    ]);
    // The two dates in different granularities, or from after until.
    expect(
      await errorOf('verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01&until=2024-01-02T00:00:00Z'),
    ).toEqual(['badArgument']);
    expect(await errorOf('verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-02&until=2024-01-01')).toEqual([
      'badArgument',
    ]);
  });

  it('lists the metadata formats of an item, and refuses an unknown one or one without a MARC record', async () => {
    const answer = await oai('verb=ListMetadataFormats&identifier=oai:biblioteca.example.edu:1');
    expect(answer.ListMetadataFormats!.metadataFormat).toHaveLength(2);
    expect(await errorOf('verb=ListMetadataFormats&identifier=oai:biblioteca.example.edu:999999')).toEqual([
      'idDoesNotExist',
    ]);
    expect(await errorOf('verb=ListMetadataFormats&identifier=oai:other.example.org:1')).toEqual([
      'idDoesNotExist',
    ]);
    const empty = await insertTitle('OAI-NO-MARC', {});
    expect(await errorOf(`verb=ListMetadataFormats&identifier=oai:biblioteca.example.edu:${empty}`)).toEqual([
      'noMetadataFormats',
    ]);
    expect(
      await errorOf(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:biblioteca.example.edu:${empty}`),
    ).toEqual(['cannotDisseminateFormat']);
    await ctx.db.query('DELETE FROM title WHERE id = $1', [empty]);
  });

  it('lists sets by library, work type and collection, and no resumption token of its own', async () => {
    const answer = await oai('verb=ListSets');
    const specs = answer.ListSets!.set.map((s) => s.setSpec[0]);
    expect(specs).toEqual(expect.arrayContaining(['biblioteca', 'tipo', 'colecao', 'tipo:LIVRO']));
    expect(specs.some((s) => s!.startsWith('biblioteca:'))).toBe(true);
    for (const spec of specs) expect(spec).toMatch(/^([A-Za-z0-9\-_.!~*'()])+(:[A-Za-z0-9\-_.!~*'()]+)*$/);
    expect(await errorOf('verb=ListSets&resumptionToken=abc')).toEqual(['badResumptionToken']);
  });

  it('gives a record in oai_dc as the Dublin Core tab shows it, and in MARCXML', async () => {
    const headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    const tab = await ctx.app.inject({ url: `${API_PREFIX}${API_PATHS.titleDublinCore(1)}`, headers });
    const shown = tab.json<DublinCore>();
    const answer = await oai('verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:biblioteca.example.edu:1');
    const dc = answer.GetRecord!.record[0]!.metadata!['oai_dc:dc'] as Record<string, string | string[]>;
    const titles = ([] as string[]).concat(dc['dc:title'] ?? []);
    expect(titles).toEqual(shown.filter((e) => e.element === 'title').map((e) => e.value));
    expect(Object.keys(dc).filter((k) => k.startsWith('dc:')).length).toBeGreaterThan(1);

    const marc = await oai('verb=GetRecord&metadataPrefix=marc21&identifier=oai:biblioteca.example.edu:1');
    const record = marc.GetRecord!.record[0]!.metadata!['record'] as { '@xmlns': string; leader: string }[];
    expect(record[0]!['@xmlns']).toBe('http://www.loc.gov/MARC21/slim');
    expect(record[0]!.leader).toHaveLength(24);
    expect(
      await errorOf('verb=GetRecord&metadataPrefix=mods&identifier=oai:biblioteca.example.edu:1'),
    ).toEqual(['cannotDisseminateFormat']);
    expect(await errorOf('verb=ListRecords&metadataPrefix=mods')).toEqual(['cannotDisseminateFormat']);
  });

  it('escapes what a record holds', async () => {
    const id = await insertTitle('OAI-ESCAPE');
    const response = await ctx.app.inject({
      url: `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:biblioteca.example.edu:${id}`,
      headers: { host: 'biblioteca.example.edu' },
    });
    expect(response.body).toContain('<dc:title>Um título &amp; &lt;outro&gt;</dc:title>');
    expect(response.body).toContain('<setSpec>colecao:colecao-cao-teste</setSpec>');
    await ctx.db.query('DELETE FROM title WHERE id = $1', [id]);
  });

  it('pages the whole catalogue with resumption tokens: cursor, size, expiry, and an empty last token', async () => {
    const first = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc');
    const token = first.ListIdentifiers!.resumptionToken as Token;
    expect(first.ListIdentifiers!.header).toHaveLength(PAGE);
    expect(token['@expirationDate']).toBe('2030-01-01T13:00:00Z');
    const { headers } = await harvestHeaders('metadataPrefix=oai_dc');
    const live = headers.filter((h) => h['@status'] !== 'deleted');
    expect(live).toHaveLength(
      titleCount - (await ctx.db.query(`SELECT 1 FROM title WHERE NOT marc ? 'leader'`)).rows.length,
    );
    expect(new Set(headers.map((h) => h.identifier)).size).toBe(headers.length);
  });

  it('keeps a resumption token across a restart, and refuses it forged, for another verb or expired', async () => {
    const first = await oai('verb=ListRecords&metadataPrefix=marc21');
    const token = tokenText(first.ListRecords!.resumptionToken)!;
    const restarted = await buildApp({
      db: ctx.db,
      tokenSecret: TEST_TOKEN_SECRET,
      clock: { now: () => now },
      oai: { pageSize: PAGE },
    });
    const resumed = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`, restarted);
    await restarted.close();
    const firstIds = first.ListRecords!.record.map((r) => r.header[0]!.identifier);
    const nextIds = resumed.ListRecords!.record.map((r) => r.header[0]!.identifier);
    expect(nextIds).toHaveLength(PAGE);
    expect(nextIds.some((id) => firstIds.includes(id))).toBe(false);

    const [body, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), after: 0 })).toString('base64url')}.${signature}`;
    expect(await errorOf(`verb=ListRecords&resumptionToken=${encodeURIComponent(forged)}`)).toEqual([
      'badResumptionToken',
    ]);
    expect(await errorOf(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`)).toEqual([
      'badResumptionToken',
    ]);
    now = new Date(now.getTime() + 3601_000);
    expect(await errorOf(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`)).toEqual([
      'badResumptionToken',
    ]);
  });

  it('selects by set: a leaf set, a top set, and noRecordsMatch for a set it does not have', async () => {
    const books = (
      await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM title WHERE work_type = 'LIVRO'`)
    ).rows[0]!.n;
    const { headers } = await harvestHeaders('metadataPrefix=oai_dc&set=tipo:LIVRO');
    expect(headers.filter((h) => h['@status'] !== 'deleted')).toHaveLength(books);
    for (const h of headers) expect(h.setSpec).toContain('tipo:LIVRO');
    const library = (await oai('verb=ListSets'))
      .ListSets!.set.map((s) => s.setSpec[0]!)
      .find((s) => s.startsWith('biblioteca:'))!;
    const inLibrary = await harvestHeaders(`metadataPrefix=oai_dc&set=${library}`);
    for (const h of inLibrary.headers) expect(h.setSpec).toContain(library);
    expect(await errorOf('verb=ListIdentifiers&metadataPrefix=oai_dc&set=tipo:NADA')).toEqual([
      'noRecordsMatch',
    ]);
  });

  it('announces a deleted title as deleted, in the lists and by GetRecord, with the sets it was in', async () => {
    const id = await insertTitle('OAI-DELETED');
    await ctx.db.query('DELETE FROM title WHERE id = $1', [id]);
    const answer = await oai(
      `verb=GetRecord&metadataPrefix=marc21&identifier=oai:biblioteca.example.edu:${id}`,
    );
    const record = answer.GetRecord!.record[0]!;
    expect(record.header[0]!['@status']).toBe('deleted');
    expect(record.metadata).toBeUndefined();
    expect(record.header[0]!.setSpec).toEqual(['tipo:LIVRO', 'colecao:colecao-cao-teste']);
    const { headers } = await harvestHeaders('metadataPrefix=oai_dc&set=colecao:colecao-cao-teste');
    expect(headers.find((h) => h.identifier === `oai:biblioteca.example.edu:${id}`)?.['@status']).toBe(
      'deleted',
    );
  });

  it('pages live and deleted items together in id order, each once, whatever page they fall on', async () => {
    // Deletions between live titles, across several page boundaries.
    const ids: number[] = [];
    for (let i = 0; i < 3 * PAGE; i++) ids.push(await insertTitle(`OAI-MIXED-${i}`));
    const gone = ids.filter((_, i) => i % 3 !== 1);
    for (const id of gone) await ctx.db.query('DELETE FROM title WHERE id = $1', [id]);
    const expected = (
      await ctx.db.query<{ id: number; deleted: boolean }>(
        `SELECT id, false AS deleted FROM title WHERE marc ? 'leader'
         UNION ALL SELECT id, true FROM oai_deleted_title ORDER BY id`,
      )
    ).rows.map((r) => `${r.id}${r.deleted ? ' deleted' : ''}`);
    const { headers } = await harvestHeaders('metadataPrefix=oai_dc');
    expect(
      headers.map((h) => `${h.identifier.split(':').pop()}${h['@status'] === 'deleted' ? ' deleted' : ''}`),
    ).toEqual(expected);
    expect(expected.filter((e) => e.endsWith(' deleted')).length).toBeGreaterThanOrEqual(gone.length);
    for (const id of ids.filter((id) => !gone.includes(id)))
      await ctx.db.query('DELETE FROM title WHERE id = $1', [id]);
  });

  it('gives a changed record as changed, in lists and by GetRecord, though the provider keeps written records', async () => {
    const id = await insertTitle('OAI-CHANGED');
    const identifier = `oai:biblioteca.example.edu:${id}`;
    const listed = async (prefix: string) => {
      const { headers } = await harvestHeaders(`metadataPrefix=${prefix}&set=colecao:colecao-cao-teste`);
      expect(headers.some((h) => h.identifier === identifier)).toBe(true);
      // The list's records come in pages too: follow them to the title's.
      let url = `/oai?verb=ListRecords&metadataPrefix=${prefix}&set=colecao:colecao-cao-teste`;
      for (;;) {
        const body = (await ctx.app.inject({ url, headers: { host: 'biblioteca.example.edu' } })).body;
        const at = body.indexOf(`<identifier>${identifier}</identifier>`);
        if (at >= 0) return body.slice(at, body.indexOf('</record>', at));
        const next = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(body)?.[1];
        if (!next) throw new Error(`${identifier} is not listed`);
        url = `/oai?verb=ListRecords&resumptionToken=${encodeURIComponent(next)}`;
      }
    };
    const got = async (prefix: string) =>
      (
        await ctx.app.inject({
          url: `/oai?verb=GetRecord&metadataPrefix=${prefix}&identifier=${identifier}`,
          headers: { host: 'biblioteca.example.edu' },
        })
      ).body;
    for (const prefix of ['oai_dc', 'marc21']) {
      expect(await listed(prefix)).toContain('Um título &amp; &lt;outro&gt;');
      expect(await got(prefix)).toContain('Um título &amp; &lt;outro&gt;');
      expect(await listed(prefix)).toBe(await listed(prefix));
    }
    await ctx.db.query(
      `UPDATE title SET marc = jsonb_set(marc, '{fields,1,subfields,0,value}', '"Outro título"') WHERE id = $1`,
      [id],
    );
    for (const prefix of ['oai_dc', 'marc21']) {
      expect(await listed(prefix)).toContain('Outro título');
      expect(await listed(prefix)).not.toContain('Um título');
      expect(await got(prefix)).toContain('Outro título');
    }
    // Deleted: its header only, in the list and by GetRecord.
    await ctx.db.query('DELETE FROM title WHERE id = $1', [id]);
    for (const prefix of ['oai_dc', 'marc21']) {
      expect(await listed(prefix)).not.toContain('<metadata>');
      expect(await got(prefix)).not.toContain('<metadata>');
      expect(await got(prefix)).toContain('status="deleted"');
    }
  });

  it('selects by datestamp: from and until to the second or the day, and moves a datestamp only on a change', async () => {
    await ctx.db.query(`UPDATE title SET datestamp = '2020-01-01T00:00:00Z'`);
    await ctx.db.query(`UPDATE oai_deleted_title SET datestamp = '2020-01-01T00:00:00Z'`);
    const [a, b] = (await ctx.db.query<{ id: number }>('SELECT id FROM title ORDER BY id LIMIT 2')).rows.map(
      (r) => r.id,
    );
    await ctx.db.query(`UPDATE title SET datestamp = '2025-06-01T10:00:00Z' WHERE id = $1`, [a]);
    await ctx.db.query(`UPDATE title SET datestamp = '2025-06-01T10:00:05Z' WHERE id = $1`, [b]);
    const ids = async (query: string) =>
      (await harvestHeaders(`metadataPrefix=oai_dc&${query}`)).headers.map((h) => h.identifier);
    const id = (n: number | undefined) => `oai:biblioteca.example.edu:${n}`;
    expect(await ids('from=2025-06-01T10:00:00Z')).toEqual([id(a), id(b)]);
    expect(await ids('from=2025-06-01T10:00:01Z')).toEqual([id(b)]);
    expect(await ids('from=2025-06-01T10:00:00Z&until=2025-06-01T10:00:04Z')).toEqual([id(a)]);
    expect(await ids('from=2025-06-01&until=2025-06-01')).toEqual([id(a), id(b)]);
    expect(await errorOf('verb=ListIdentifiers&metadataPrefix=oai_dc&from=2031-01-01')).toEqual([
      'noRecordsMatch',
    ]);
    expect((await oai('verb=Identify')).Identify!['earliestDatestamp']).toBe('2020-01-01T00:00:00Z');

    // The same record again leaves the datestamp; a changed record or a new copy moves it.
    await ctx.db.query('UPDATE title SET marc = marc WHERE id = $1', [a]);
    expect(await ids('from=2025-06-01T10:00:00Z&until=2025-06-01T10:00:00Z')).toEqual([id(a)]);
    await ctx.db.query(
      `UPDATE title SET marc = jsonb_set(marc, '{leader}', '"00000cam a2200000 a 4500"') WHERE id = $1`,
      [a],
    );
    expect(await ids('from=2026-01-01')).toContain(id(a));
    await ctx.db.query(
      `INSERT INTO copy (title_id, library_id, number) SELECT $1, min(id), 'OAI-COPY-1' FROM library`,
      [b],
    );
    expect(await ids('from=2026-01-01')).toEqual([id(a), id(b)]);
  });
});

describe('a repository without sets', () => {
  it('answers ListSets and a set argument with noSetHierarchy', async () => {
    const ctx = await buildTestApp({ empty: true });
    try {
      await ctx.db.query('DELETE FROM work_type');
      await ctx.db.query('DELETE FROM library');
      const parse = async (query: string) =>
        (parser.parse((await ctx.app.inject({ url: `/oai?${query}` })).body) as { 'OAI-PMH': Answer })[
          'OAI-PMH'
        ];
      expect((await parse('verb=ListSets')).error?.[0]?.['@code']).toBe('noSetHierarchy');
      expect((await parse('verb=ListRecords&metadataPrefix=oai_dc&set=tipo')).error?.[0]?.['@code']).toBe(
        'noSetHierarchy',
      );
      expect((await parse('verb=ListRecords&metadataPrefix=oai_dc')).error?.[0]?.['@code']).toBe(
        'noRecordsMatch',
      );
    } finally {
      await ctx.close();
    }
  });
});
