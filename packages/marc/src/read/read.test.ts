import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify } from '../map/classify.ts';
import {
  SAMPLE_DIR,
  SAMPLE_FILES,
  readSample,
  sampleRecord,
  sampleRecords,
} from '../testing/sample-files.ts';
import type { MarcField, MarcRecord, ReadResult } from '../types.ts';
import { detectFormat, readMarc, readMarcSync } from './read-marc.ts';

const text = (record: MarcRecord, tag: string) =>
  record.fields
    .filter((f) => f.tag === tag)
    .map((f) => f.value ?? (f.subfields ?? []).map((s) => s.value).join(' '))
    .join(' | ');

const allStrings = (field: MarcField) => [
  field.value ?? '',
  field.ind1 ?? '',
  field.ind2 ?? '',
  ...(field.subfields ?? []).map((s) => s.value),
];

async function collect(iterable: AsyncIterable<ReadResult>): Promise<ReadResult[]> {
  const out: ReadResult[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}

describe('reading every sample file', () => {
  it('knows every file in the shared folder', () => {
    const files = readdirSync(SAMPLE_DIR).filter((f) => f.endsWith('.mrc') || f.endsWith('.xml'));
    expect(files.sort()).toEqual(Object.keys(SAMPLE_FILES).sort());
  });

  it.each(Object.entries(SAMPLE_FILES))('accounts for every record of %s', (name, expected) => {
    const results = readSample(name);
    const ok = results.filter((r) => r.ok);
    const broken = results.filter((r) => !r.ok);
    expect(ok.length + broken.length).toBe(expected.records);
    expect(broken.map((r) => (r.ok ? '' : `${r.position}: ${r.reason}`))).toEqual([]);
    expect(results.map((r) => r.position)).toEqual(results.map((_, i) => i + 1));
    const kinds: Record<string, number> = {};
    for (const r of ok) if (r.ok) kinds[classify(r.record)] = (kinds[classify(r.record)] ?? 0) + 1;
    expect(kinds).toEqual(expected.kinds);
  });

  it('gives every record a 24-character leader saying UTF-8 and only NFC text', () => {
    for (const name of Object.keys(SAMPLE_FILES)) {
      for (const record of sampleRecords(name)) {
        expect(record.leader).toHaveLength(24);
        expect(record.leader[9]).toBe('a');
        for (const field of record.fields) {
          for (const value of allStrings(field))
            if (value !== value.normalize('NFC')) throw new Error(`${name}: ${field.tag} is not NFC`);
        }
      }
    }
  });

  it('reports byte offsets for ISO 2709 and line numbers for MARCXML', () => {
    const iso = readSample('evergreen-maps.mrc');
    const bytes = readFileSync(SAMPLE_DIR + 'evergreen-maps.mrc');
    expect(iso.map((r) => r.byteOffset)).toEqual([
      0,
      Number(bytes.toString('latin1', 0, 5)),
      expect.any(Number),
    ]);
    const xml = readSample('evergreen-concerto-auth.xml');
    expect(xml[0]?.line).toBe(3);
    const lines = xml.map((r) => r.line ?? 0);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });
});

describe('character sets', () => {
  it('decodes MARC-8 diacritics of a Brazilian imprint (UVA u1093)', () => {
    const record = sampleRecord('solrmarc-uva-2000.mrc', 'u1093');
    expect(text(record, '245')).toBe('Tristão de Athayde e Lourenço Dantas Mota.');
    expect(text(record, '260')).toBe('São Paulo, Brazil : Brasiliense, 1983.');
    // NFC: "ã" is one code point, not "a" + combining tilde.
    expect(text(record, '245')).toContain('\u00e3');
  });

  it('decodes MARC-8 acute, circumflex and cedilla (UVA u920)', () => {
    const record = sampleRecord('solrmarc-uva-2000.mrc', 'u920');
    expect(text(record, '245')).toBe(
      'O médio São Francisco : uma Sociedade de pastores guerreiros / Wilson Lins.',
    );
    expect(text(record, '260')).toContain(
      'Companhia Editora Nacional em convênio com o Instituto Nacional do Livro Fundação Nacional Pró-Memória',
    );
  });

  it('reads the FSL file as Cyrillic and Armenian although leader/09 claims MARC-8', () => {
    const results = readSample('evergreen-fsl-armenian-russian.mrc');
    const titles = results.flatMap((r) => (r.ok ? [text(r.record, '245')] : []));
    expect(titles.filter((t) => /\p{Script=Cyrillic}/u.test(t)).length).toBeGreaterThan(20);
    expect(titles.some((t) => /\p{Script=Armenian}/u.test(t))).toBe(true);
    // Mojibake of UTF-8 read as MARC-8/latin1 shows up as "Ð", "Ñ" or U+FFFD.
    expect(titles.filter((t) => /[ÐÑ\ufffd]/.test(t))).toEqual([]);
    expect(results[0]?.ok && results[0].warnings).toEqual([
      'leader/09 says MARC-8 (blank) but the bytes are UTF-8; decoded as UTF-8',
    ]);
  });

  it('decodes the MARC-8 escape sequences to Hebrew in the 880s of the Hebrew file', () => {
    const vernacular = sampleRecords('evergreen-hebrew.mrc').map((r) => text(r, '880'));
    expect(vernacular.filter((t) => /\p{Script=Hebrew}/u.test(t))).toHaveLength(20);
  });

  it('reads the degree sign of the map file as UTF-8', () => {
    const all = sampleRecords('evergreen-maps.mrc').map((r) => JSON.stringify(r.fields));
    expect(all.some((t) => t.includes('⁰'))).toBe(true);
  });

  it("reads PSU's two records with leader/09 'R' as UTF-8 and says so", () => {
    const warned = readSample('psu-sample-catalog.mrc').filter(
      (r) => r.ok && r.warnings.some((w) => w.includes("leader/09 'R'")),
    );
    expect(warned).toHaveLength(2);
    for (const r of warned) if (r.ok) expect(JSON.stringify(r.record)).not.toContain('\ufffd');
  });

  it('keeps the Yiddish and Hebrew 880 fields of PSU', () => {
    const hebrew = sampleRecords('psu-sample-catalog.mrc').filter((r) =>
      /\p{Script=Hebrew}/u.test(text(r, '880')),
    );
    expect(hebrew.length).toBeGreaterThan(100);
  });
});

describe('MARCXML variants', () => {
  it('reads the marcxml:-prefixed LC records of the concerto authorities', () => {
    const record = sampleRecord('evergreen-concerto-auth.xml', 'gf2014026111');
    expect(record.leader).toBe('01182cz  a2200157n  4500');
    expect(text(record, '155')).toBe('Illustrated works');
    expect(
      readSample('evergreen-concerto-auth.xml').filter(
        (r) => r.ok && r.record.fields.some((f) => f.tag === '003' && f.value === 'DLC'),
      ),
    ).toHaveLength(14);
  });

  it('reads marc:-prefixed records inside a marcxml:-prefixed collection (LoC general)', () => {
    const record = sampleRecord('lc-m2bf-loc-general.xml', '16972248');
    expect(record.leader).toBe('00986cam a22002895a 4500');
    expect(record.fields.find((f) => f.tag === '906')?.subfields?.[0]).toEqual({ code: 'a', value: '0' });
  });

  it('reads bare records in nested collections, with attributes in any order', () => {
    const record = sampleRecord('evergreen-serials-mfhd.xml', 'a814607');
    expect(record.fields.filter((f) => f.tag === '001').map((f) => f.value)).toEqual(['a814607', '44368']);
    const princeton = sampleRecords('lc-m2bf-princeton.xml')[0]!;
    expect(princeton.fields.find((f) => f.tag === '010')).toEqual({
      tag: '010',
      ind1: ' ',
      ind2: ' ',
      subfields: [{ code: 'a', value: '12023599' }],
    });
  });

  it('finds MARC records inside an OAI-PMH response, whose own <record> is in another namespace', () => {
    const xml = `<?xml version="1.0"?>
<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><ListRecords>
<record><header><identifier>oai:x:1</identifier></header><metadata>
<marc:record xmlns:marc="http://www.loc.gov/MARC21/slim"><marc:leader>00000nam a2200000 a 4500</marc:leader>
<marc:controlfield tag="001">oai-1</marc:controlfield></marc:record>
</metadata></record></ListRecords></OAI-PMH>`;
    const results = [...readMarcSync(Buffer.from(xml))];
    expect(results).toEqual([
      {
        ok: true,
        position: 1,
        line: 4,
        warnings: [],
        record: { leader: '00000nam a2200000 a 4500', fields: [{ tag: '001', value: 'oai-1' }] },
      },
    ]);
  });

  it('decodes character references such as &#x131;', () => {
    const record = sampleRecord('evergreen-concerto-auth.xml', '1074870');
    expect(text(record, '670')).toContain('Kontı̐sı̐Łert');
  });
});

describe('telling the format by the first byte', () => {
  const bytes = (...values: (number | string)[]) =>
    Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...Buffer.from(v)] : [v])));

  it.each([
    { why: 'an XML declaration', input: bytes('<?xml version="1.0"?>'), format: 'marcxml' },
    { why: 'a byte-order mark, then a tag', input: bytes(0xef, 0xbb, 0xbf, '<record>'), format: 'marcxml' },
    { why: 'blanks, then a tag', input: bytes(' \n\r\t<collection>'), format: 'marcxml' },
    { why: 'an ISO 2709 record length', input: bytes('00714cam a2200205 a 4500'), format: 'iso2709' },
    // Three bytes that are not a whole byte-order mark are not skipped: the fourth is not looked at.
    { why: 'EF BB, no BF', input: bytes(0xef, 0xbb, 0x20, '<'), format: 'iso2709' },
    { why: 'EF, no BB', input: bytes(0xef, 0x00, 0xbf, '<'), format: 'iso2709' },
    { why: 'no EF', input: bytes(0x00, 0xbb, 0xbf, '<'), format: 'iso2709' },
  ])('$why: $format', ({ input, format }) => {
    expect(detectFormat(input)).toBe(format);
  });
});

describe('streaming a file', () => {
  it.each([
    ['psu-sample-catalog.mrc', 4096],
    ['evergreen-nepali.mrc', 61],
    ['lc-m2bf-gwu.xml', 1000],
    ['evergreen-concerto-auth.xml', 333],
  ])('gives the same results for %s read in %i-byte chunks', async (name, chunkSize) => {
    const streamed = await collect(readMarc(SAMPLE_DIR + name, { chunkSize }));
    expect(streamed).toEqual(readSample(name));
  });
});
