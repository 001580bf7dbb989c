import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { ReferenceResponseSchema } from '@estante/contract';
import { mapTitle, toCsl, type CslItem, type MarcRecord } from '@estante/marc';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { saveTitle } from '../catalogue/index.ts';
import { referenceRuns } from './pdf.ts';
import { findExportTitles } from './repository.ts';

/**
 * Every export of the whole demo library read back by readers we did not write: bibutils'
 * ris2xml and bib2xml (Debian "bibutils") and poppler's pdftotext (Debian "poppler-utils"), which
 * `npm test` installs. The demo's titles are romanized (ĭ ṣ ā ō ŭ Ḥ…); its original-script titles
 * (Cyrillic, Arabic, Japanese, Chinese, Devanagari, Hangul) are in 880 fields, which no export
 * writes, so each is also catalogued here as the title (245) of a copy of its record.
 */
const run = promisify(execFile);
const MAX_PER_EXPORT = 200;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: 'text',
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['mods', 'titleInfo', 'name', 'namePart', 'genre', 'roleTerm'].includes(name),
});

interface Mods {
  ID?: string;
  titleInfo?: { title?: string }[];
  name?: { namePart?: (string | { text: string })[]; role?: { roleTerm?: (string | { text: string })[] } }[];
  genre?: (string | { text: string; authority?: string })[];
}
const text = (node: string | { text: string } | undefined) =>
  typeof node === 'string' ? node : (node?.text ?? '');

/** The records a bibutils reader made of a file, as MODS. */
async function readWithBibutils(tool: 'ris2xml' | 'bib2xml', file: string): Promise<Mods[]> {
  // -nt: the title is not split at its colon into title and subtitle; -un: UTF-8 without a BOM.
  const { stdout } = await run(tool, ['-nt', '-un', file], { maxBuffer: 64 * 1024 * 1024 });
  const parsed = xml.parse(stdout) as { modsCollection?: { mods?: Mods[] } };
  return parsed.modsCollection?.mods ?? [];
}

const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / MAX_PER_EXPORT) }, (_, i) =>
    list.slice(i * MAX_PER_EXPORT, (i + 1) * MAX_PER_EXPORT),
  );

describe('exports read back by independent readers, every title in every script of the demo library', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let dir: string;
  /** Every title: the demo library, then the original-script copies. */
  let items: CslItem[];
  let ids: number[];
  const scriptTitles: string[] = [];
  const exportFile = async (tipo: string, acervos: number[], name: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/acervo/exportar-cesta',
      headers,
      payload: { tipo, acervos },
    });
    expect(response.statusCode).toBe(200);
    const path = join(dir, name);
    await writeFile(path, response.rawPayload);
    return { path, body: response.rawPayload };
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    dir = await mkdtemp(join(tmpdir(), 'estante-readback-'));
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM title ORDER BY id');
    ids = rows.map((row) => row.id);
    // Each original-script title (880 linked to 245) catalogued as the title of a copy of its record.
    const withScripts = (await findExportTitles(ctx.db, ids)).filter((row) =>
      (row.marc as MarcRecord).fields.some((field) => field.tag === '880'),
    );
    for (const row of withScripts) {
      const marc = row.marc as MarcRecord;
      const original = marc.fields.find((f) => f.tag === '880' && f.subfields?.[0]?.value.startsWith('245'));
      const vernacular = original?.subfields?.find((s) => s.code === 'a')?.value;
      if (!vernacular) continue;
      const copy: MarcRecord = {
        leader: marc.leader,
        fields: marc.fields
          .filter((f) => f.tag !== '880')
          .map((f) => {
            if (f.tag === '001') return { tag: '001', value: `${f.value}-script` };
            if (f.tag !== '245') return f;
            return { ...f, subfields: [{ code: 'a', value: vernacular }] };
          }),
      };
      const mapped = mapTitle(copy);
      if ('error' in mapped) throw new Error(mapped.error);
      const saved = await ctx.db.transaction((tx) => saveTitle(tx, mapped, copy, { sourceFormat: 'marc21' }));
      ids.push(saved.id);
      scriptTitles.push(vernacular);
    }
    const stored = new Map((await findExportTitles(ctx.db, ids)).map((row) => [row.id, row]));
    items = ids.map((id) => {
      const marc = stored.get(id)!.marc as MarcRecord;
      const mapped = mapTitle(marc);
      if ('error' in mapped) throw new Error(mapped.error);
      return toCsl(mapped, marc);
    });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('holds the demo library and a title in each of its scripts', () => {
    expect(ids.length).toBeGreaterThan(500);
    const all = items.map((item) => item.title).join(' ');
    for (const script of ['Cyrillic', 'Arabic', 'Han', 'Hiragana', 'Katakana', 'Devanagari', 'Hangul']) {
      expect(all, script).toMatch(new RegExp(`\\p{Script=${script}}`, 'u'));
    }
    expect(all).toMatch(/[ĭṣāōŭḤ]/u);
  });

  it('RIS: ris2xml reads back every title byte for byte, however long (no value is broken)', async () => {
    let read: Mods[] = [];
    for (const [n, chunk] of chunks(ids).entries()) {
      const { path, body } = await exportFile('RIS', chunk, `cesta-${n}.ris`);
      for (const line of body.toString('utf8').split('\r\n').filter(Boolean)) {
        expect(line).toMatch(/^[A-Z][A-Z0-9] {2}- /);
      }
      read = read.concat(await readWithBibutils('ris2xml', path));
    }
    expect(read.map((mods) => mods.ID)).toEqual(ids.map(String));
    expect(read.map((mods) => mods.titleInfo?.[0]?.title)).toEqual(items.map((item) => item.title));
    expect(items.some((item) => item.title.length > 140)).toBe(true);
  });

  it('BibTeX: bib2xml reads back every title, theses with their degree and school, periodicals as periodicals', async () => {
    let read: Mods[] = [];
    for (const [n, chunk] of chunks(ids).entries()) {
      const { path } = await exportFile('BIBTEX', chunk, `cesta-${n}.bib`);
      read = read.concat(await readWithBibutils('bib2xml', path));
    }
    expect(read).toHaveLength(ids.length);
    // bib2xml reads BibTeX as LaTeX does, where ' and " are typographic quotes (’ ”); nothing else changes.
    expect(read.map((mods) => mods.titleInfo?.[0]?.title)).toEqual(
      items.map((item) => item.title.replace(/'/g, '’').replace(/"/g, '”')),
    );
    const genres = (mods: Mods) => (mods.genre ?? []).map(text);
    let theses = 0;
    items.forEach((item, index) => {
      const mods = read[index]!;
      if (item.type === 'thesis') {
        theses++;
        const doctoral = /^Tese/.test(item.genre ?? '');
        expect(genres(mods), item.title).toContain(doctoral ? 'Ph.D. thesis' : 'Masters thesis');
        const grantor = mods.name?.find((name) =>
          name.role?.roleTerm?.some((r) => text(r) === 'degree grantor'),
        );
        expect(grantor && text(grantor.namePart?.[0]), item.title).toBe(item.publisher);
      }
      if (item.type === 'periodical') expect(genres(mods), item.title).toContain('periodical');
    });
    expect(theses).toBeGreaterThanOrEqual(15);
    expect(items.filter((item) => item.type === 'thesis' && !/^Tese/.test(item.genre ?? ''))).not.toEqual([]);
  });

  it('PDF: pdftotext reads back every reference, every title in it character for character', async () => {
    let pages = '';
    let raw = '';
    for (const [n, chunk] of chunks(ids).entries()) {
      const { path } = await exportFile('PDF', chunk, `cesta-${n}.pdf`);
      const options = { maxBuffer: 64 * 1024 * 1024 };
      pages += (await run('pdftotext', ['-enc', 'UTF-8', path, '-'], options)).stdout + '\n';
      raw += (await run('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-'], options)).stdout + '\n';
    }
    // pdftotext reads a PDF two ways. By default it puts right-to-left text in reading order (inside
    // bidi embedding controls, dropped here), but joins a line that ends in "-" to the next without
    // the "-" (its de-hyphenation: "common-|wealth" reads "commonwealth"). With -raw it keeps the
    // hyphen (the line break after it is dropped here) but leaves right-to-left text in drawing
    // order. Every text must come back intact from one of the two. Both sides are compared
    // NFC-normalised, with every run of white space (the PDF's line breaks) as one space.
    const flat = (value: string) =>
      value
        .normalize('NFC')
        .replace(/[\u202a-\u202e]/g, '')
        .replace(/\s+/g, ' ');
    const readings = [flat(pages), flat(raw.replace(/-\n/g, '-'))];
    const squeezed = readings.map((reading) => reading.replace(/ /g, ''));
    const found = (within: string[], value: string) => within.some((reading) => reading.includes(value));
    let checked = 0;
    for (const id of ids) {
      const reference = ReferenceResponseSchema.parse(
        (await ctx.app.inject({ url: `/api/vinculos/abnt/${id}`, headers })).json(),
      );
      // The PDF prints the reference's HTML (where ABNT's upper-case names are already upper case).
      const runs = referenceRuns(reference.html);
      // URLs may be broken across lines, so the whole reference is compared without spaces…
      const whole = flat(runs.map((run) => run.text).join(''));
      expect(found(squeezed, whole.replace(/ /g, '')), whole).toBe(true);
      // …and its title (the bold part, as ABNT writes it) with them.
      const bold = runs
        .filter((run) => run.bold)
        .map((run) => run.text)
        .join('');
      if (bold) {
        expect(found(readings, flat(bold)), flat(bold)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    for (const title of scriptTitles) expect(found(readings, flat(title)), title).toBe(true);
  });
});
