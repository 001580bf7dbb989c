import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Marc, type Record as MarcjsRecord } from 'marcjs';
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-bibtex';
import { parse as parseCsv } from 'csv-parse/sync';
import { BasketEmailSentSchema, ReferenceResponseSchema } from '@estante/contract';
import { mapTitle, toCsl, type MarcRecord } from '@estante/marc';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { startTestMail, type TestSmtpServer } from '../../testing/smtp-server.ts';
import type { Mailer } from '../../lib/mail.ts';
import { findExportTitles, type ExportTitleRow } from './repository.ts';

/** A title as the export reads it, with its MARC typed for the comparisons. */
type Stored = Omit<ExportTitleRow, 'marc'> & { marc: MarcRecord };

/** A stored record in marcjs's flat shape: [tag, value] or [tag, indicators, code, value, …]. */
function flat(record: MarcRecord): string[][] {
  return record.fields.map((field) =>
    field.value !== undefined
      ? [field.tag, field.value]
      : [
          field.tag,
          `${field.ind1 ?? ' '}${field.ind2 ?? ' '}`,
          ...(field.subfields ?? []).flatMap((s) => [s.code, s.value]),
        ],
  );
}

/** Reads every record of a body with marcjs's own stream parser. */
async function readWithMarcjs(body: Buffer, type: 'iso2709' | 'marcxml'): Promise<MarcjsRecord[]> {
  const records: MarcjsRecord[] = [];
  const parser = Marc.createStream(type, 'parser');
  parser.on('data', (record: MarcjsRecord) => records.push(record));
  await new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
    Readable.from([body]).pipe(parser);
  });
  return records;
}

const year = (item: Record<string, unknown>) =>
  (item['issued'] as { 'date-parts': number[][] } | undefined)?.['date-parts'][0]?.[0];
const families = (item: Record<string, unknown>) =>
  ((item['author'] as { family?: string; literal?: string }[] | undefined) ?? []).map(
    (a) => a.family ?? a.literal,
  );

describe('POST /api/acervo/exportar-cesta', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  let titles: Stored[];
  const post = (body: unknown, extra: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/acervo/exportar-cesta',
      headers: { ...headers, ...extra },
      payload: body as Record<string, unknown>,
    });
  const ids = () => titles.map((t) => t.id);

  beforeAll(async () => {
    ({ smtp, mailer } = await startTestMail());
    ctx = await buildTestApp({ mailer });
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    // Three titles with an author, a year and a publisher, Dom Casmurro first.
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT id FROM title
        WHERE main_author IS NOT NULL AND year IS NOT NULL AND publisher IS NOT NULL
        ORDER BY (title_norm LIKE 'dom casmurro%') DESC, cardinality(isbn) DESC, id
        LIMIT 3`,
    );
    const stored = await findExportTitles(
      ctx.db,
      rows.map((row) => row.id),
    );
    titles = rows.map((row) => stored.find((title) => title.id === row.id) as Stored);
    expect(titles).toHaveLength(3);
  });
  afterAll(async () => {
    await ctx.close();
    await mailer.close();
    await smtp.close();
  });
  beforeEach(() => smtp.clear());

  it('answers MARC 21 (ISO 2709) that marcjs reads back field by field', async () => {
    const response = await post({ tipo: 'marc21', acervos: ids() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/marc');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cesta.mrc"');
    const records = await readWithMarcjs(response.rawPayload, 'iso2709');
    expect(records).toHaveLength(3);
    records.forEach((record, index) => {
      expect(record.fields).toEqual(flat(titles[index]!.marc));
      expect(record.leader.slice(5, 9)).toBe(titles[index]!.marc.leader.slice(5, 9));
    });
  });

  it('answers MARCXML that marcjs reads back field by field', async () => {
    const response = await post({ tipo: 'MARCXML', acervos: ids() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/marcxml+xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cesta.xml"');
    const records = await readWithMarcjs(response.rawPayload, 'marcxml');
    expect(records.map((r) => r.fields)).toEqual(titles.map((t) => flat(t.marc)));
  });

  it('answers RIS and BibTeX that citation-js plugins read back with title, authors, year, publisher, ISBN', async () => {
    const expected = titles.map((t) => {
      const mapped = mapTitle(t.marc);
      if ('error' in mapped) throw new Error('demo record does not map');
      return toCsl(mapped, t.marc);
    });
    const ris = await post({ tipo: 'ris', acervos: ids() });
    expect(ris.statusCode).toBe(200);
    expect(ris.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    expect(ris.headers['content-disposition']).toBe('attachment; filename="cesta.ris"');
    const bib = await post({ tipo: 'bibtex', acervos: ids() });
    expect(bib.statusCode).toBe(200);
    expect(bib.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(bib.headers['content-disposition']).toBe('attachment; filename="cesta.bib"');

    for (const body of [ris.body, bib.body]) {
      const items = (await Cite.async(body)).data;
      expect(items).toHaveLength(3);
      items.forEach((item, index) => {
        const want = expected[index]!;
        expect(String(item['title']).replace(/[{}]/g, '')).toBe(want.title);
        expect(families(item)).toEqual((want.author ?? []).map((a) => a.family ?? a.literal));
        expect(year(item)).toBe(titles[index]!.year);
        expect(item['publisher']).toBe(want.publisher);
        if (want.ISBN) expect(item['ISBN']).toBe(want.ISBN);
      });
    }
    // RIS keeps our ids; BibTeX makes its own citation keys.
    expect((await Cite.async(ris.body)).data.map((item) => item['id'])).toEqual(ids().map(String));
  });

  it('answers CSV that csv-parse reads back into the stored fields', async () => {
    const response = await post({ tipo: 'CSV', acervos: ids() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cesta.csv"');
    const rows = parseCsv(response.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toEqual(
      titles.map((t) => ({
        cod_acervo: String(t.id),
        titulo: t.title,
        autor: t.main_author ?? '',
        ano_publicacao: String(t.year ?? ''),
        edicao: t.edition ?? '',
        local_publicacao: t.publication_place ?? '',
        editora: t.publisher ?? '',
        isbn: t.isbn.join('; '),
        issn: t.issn.join('; '),
        numero_chamada: t.call_number ?? '',
      })),
    );
  });

  it('answers the ABNT references as text, the same ones the reference call gives', async () => {
    const response = await post({ tipo: 'abnt', acervos: ids() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cesta-abnt.txt"');
    const one = async (id: number) =>
      ReferenceResponseSchema.parse(
        (await ctx.app.inject({ url: `/api/vinculos/abnt/${id}`, headers })).json(),
      ).referencia;
    const references = await Promise.all(ids().map(one));
    expect(response.body.trim().split('\n\n')).toEqual(references);
    expect(references[0]).toMatch(/^ASSIS, Machado de/);
  });

  it('refuses unknown ids with a 404 that names them, an empty list and an unknown format (400), without a token (401)', async () => {
    const unknown = await post({ tipo: 'RIS', acervos: [999_999_998, ...ids(), 999_999_999] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Títulos que não estão no catálogo: 999999998, 999999999',
    });
    const english = await post({ tipo: 'RIS', acervos: [999_999_999] }, { idioma: '5' });
    expect(english.json()).toMatchObject({ message: 'Titles not in the catalogue: 999999999' });
    const empty = await post({ tipo: 'RIS', acervos: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION' });
    expect((await post({ tipo: 'DOCX', acervos: ids() })).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/acervo/exportar-cesta',
      payload: { tipo: 'RIS', acervos: ids() },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends the ABNT references in the body and the chosen format attached to each address', async () => {
    const response = await post({
      tipo: 'RIS',
      acervos: ids(),
      opcoesEmail: { emails: ' ana@demo.example ; bruno@demo.example;', mensagem: 'Para o seminário' },
    });
    expect(response.statusCode).toBe(200);
    expect(BasketEmailSentSchema.parse(response.json()).destinatarios).toEqual([
      'ana@demo.example',
      'bruno@demo.example',
    ]);
    const mail = await smtp.nextMessage();
    expect(mail.envelope.to).toEqual(['ana@demo.example', 'bruno@demo.example']);
    expect(mail.subject).toBe('Cesta do catálogo: referências');
    expect(mail.text).toContain('Para o seminário');
    const file = await post({ tipo: 'ABNT', acervos: ids() });
    for (const reference of file.body.trim().split('\n\n')) expect(mail.text).toContain(reference);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.filename).toBe('cesta.ris');
    expect(attachment!.contentType).toBe('application/x-research-info-systems');
    const items = (await Cite.async(attachment!.content.toString('utf8'))).data;
    expect(items.map((item) => item['id'])).toEqual(ids().map(String));
  });

  it('writes the e-mail in the caller language', async () => {
    const response = await post(
      { tipo: 'MARC21', acervos: ids().slice(0, 1), opcoesEmail: { emails: 'ana@demo.example' } },
      { idioma: '5' },
    );
    expect(response.statusCode).toBe(200);
    const mail = await smtp.nextMessage();
    expect(mail.subject).toBe('Catalogue basket: references');
    expect(mail.attachments[0]!.filename).toBe('cesta.mrc');
    const records = await readWithMarcjs(mail.attachments[0]!.content, 'iso2709');
    expect(records[0]!.fields).toEqual(flat(titles[0]!.marc));
  });

  it('names a bad address in a 422 and sends nothing', async () => {
    const response = await post({
      tipo: 'RIS',
      acervos: ids(),
      opcoesEmail: { emails: 'ana@demo.example; bruno@@demo; carla@demo.example' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'BASKET_INVALID_EMAIL',
      message: 'basket.email.invalid: bruno@@demo',
    });
    const tooMany = await post({
      tipo: 'RIS',
      acervos: ids(),
      opcoesEmail: { emails: Array.from({ length: 11 }, (_, i) => `p${i}@demo.example`).join(';') },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ code: 'BASKET_TOO_MANY_RECIPIENTS' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('ABNT references as PDF', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('answers a PDF that pdf.js reads back with the heading and every ABNT reference', async () => {
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT id FROM title WHERE main_author IS NOT NULL ORDER BY (title_norm LIKE 'dom casmurro%') DESC, id LIMIT 3`,
    );
    const ids = rows.map((row) => row.id);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/acervo/exportar-cesta',
      headers,
      payload: { tipo: 'pdf', acervos: ids },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cesta-abnt.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // pdf.js reads the standard 14 fonts (pdfkit's Helvetica) from its own folder.
    const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
    const pdf = await getDocument({ data: new Uint8Array(response.rawPayload), standardFontDataUrl }).promise;
    let text = '';
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if ('str' in item) text += item.str + (item.hasEOL ? ' ' : '');
      }
    }
    const squeeze = (value: string) => value.replace(/\s+/g, '');
    expect(squeeze(text)).toContain('Referências');
    const references = await Promise.all(
      ids.map(async (id) =>
        ReferenceResponseSchema.parse(
          (await ctx.app.inject({ url: `/api/vinculos/abnt/${id}`, headers })).json(),
        ),
      ),
    );
    for (const reference of references) expect(squeeze(text)).toContain(squeeze(reference.referencia));
    expect(references[0]!.html).toContain('<b>');
    await pdf.destroy();
  });
});

describe('basket e-mail without SMTP', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('answers 403 with a message in the caller language, and the institution says it sends no e-mail', async () => {
    const firstId = (await ctx.db.query<{ id: number }>('SELECT min(id)::int AS id FROM title')).rows[0]!.id;
    const send = (language: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/acervo/exportar-cesta',
        headers: { ...headers, idioma: language },
        payload: { tipo: 'RIS', acervos: [firstId], opcoesEmail: { emails: 'ana@demo.example' } },
      });
    const pt = await send('1');
    expect(pt.statusCode).toBe(403);
    expect(pt.json()).toMatchObject({
      code: 'BASKET_EMAIL_OFF',
      message: 'O envio de e-mails não está disponível nesta biblioteca. Baixe o arquivo.',
    });
    expect((await send('3')).json()).toMatchObject({
      message: 'El envío de correos no está disponible en esta biblioteca. Descargue el archivo.',
    });
    const institution = await ctx.app.inject({ url: '/api/parametros/instituicao', headers });
    expect(institution.json()).toMatchObject({ envia_email: false });
  });
});

describe('basket e-mail limit per client address (decision 0019)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  let headers: Record<string, string>;
  let now = new Date('2026-11-24T12:00:00Z');
  const send = (ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/acervo/exportar-cesta',
      headers,
      remoteAddress: ip,
      payload: { tipo: 'ABNT', acervos: [firstId], opcoesEmail: { emails: 'ana@demo.example' } },
    });
  let firstId = 0;

  beforeAll(async () => {
    ({ smtp, mailer } = await startTestMail());
    ctx = await buildTestApp({
      mailer,
      clock: { now: () => now },
      basketMailLimit: { max: 2, windowSeconds: 3600 },
    });
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    firstId = (await ctx.db.query<{ id: number }>('SELECT min(id)::int AS id FROM title')).rows[0]!.id;
  });
  afterAll(async () => {
    await ctx.close();
    await mailer.close();
    await smtp.close();
  });

  it('refuses the send past the limit with a 429 and sends nothing, for that address only, until the hour passes', async () => {
    expect((await send('203.0.113.7')).statusCode).toBe(200);
    expect((await send('203.0.113.7')).statusCode).toBe(200);
    const refused = await send('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'BASKET_EMAIL_LIMIT', message: 'basket.email.limit' });
    expect(smtp.messages).toHaveLength(2);
    // Another address is not held back; downloads are not limited.
    expect((await send('203.0.113.8')).statusCode).toBe(200);
    const download = await ctx.app.inject({
      method: 'POST',
      url: '/api/acervo/exportar-cesta',
      headers,
      remoteAddress: '203.0.113.7',
      payload: { tipo: 'ABNT', acervos: [firstId] },
    });
    expect(download.statusCode).toBe(200);
    now = new Date(now.getTime() + 3601 * 1000);
    // The public token has expired too in an hour: the web app gets a new one.
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    expect((await send('203.0.113.7')).statusCode).toBe(200);
    expect(smtp.messages).toHaveLength(4);
  });
});
