import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapTitle } from '../map/map-title.ts';
import type { MarcRecord, ReadResult } from '../types.ts';
import { buildRecord } from '../views/build-record.ts';
import { toIso2709 } from '../views/iso2709-writer.ts';
import { toMarcXml } from '../views/marc-xml.ts';
import { readMarc, readMarcSync } from './read-marc.ts';

const good = (n: number) =>
  toIso2709(
    buildRecord({
      controlNumber: `good-${n}`,
      title: `Livro número ${n}`,
      authors: [{ name: 'Silva, Ana' }],
      year: 2000 + n,
    }),
  );
const read = (bytes: Uint8Array) => [...readMarcSync(bytes)];
const summary = (results: ReadResult[]) =>
  results.map((r) => (r.ok ? `ok ${r.record.fields.find((f) => f.tag === '001')?.value}` : 'broken'));
const reasonOf = (result: ReadResult | undefined) => (result && !result.ok ? result.reason : '(read)');

/** Writes ISO 2709 by hand, so a test can state a leader length the real writer never would. */
function handWritten(fields: { tag: string; data: string }[], declaredLength?: string): Buffer {
  const bodies = fields.map((f) => Buffer.from(`${f.data}\x1e`, 'utf8'));
  let directory = '';
  let offset = 0;
  fields.forEach((f, i) => {
    directory += f.tag + String(bodies[i]!.length).padStart(4, '0') + String(offset).padStart(5, '0');
    offset += bodies[i]!.length;
  });
  const base = 24 + directory.length + 1;
  const length = base + offset + 1;
  const leader = `${declaredLength ?? String(length).padStart(5, '0')}nam a22${String(base).padStart(5, '0')} a 4500`;
  return Buffer.concat([Buffer.from(leader + directory + '\x1e', 'latin1'), ...bodies, Buffer.from([0x1d])]);
}

/** Replaces bytes of a copy of `bytes` at `at`. */
function patch(bytes: Buffer, at: number, replacement: string | number[]): Buffer {
  const copy = Buffer.from(bytes);
  Buffer.from(typeof replacement === 'string' ? Buffer.from(replacement, 'latin1') : replacement).copy(
    copy,
    at,
  );
  return copy;
}

describe('broken ISO 2709 records are reported and skipped', () => {
  it('reports a record cut short in the middle of a file and still reads the next one', () => {
    const results = read(Buffer.concat([good(1), good(2).subarray(0, 90), good(3)]));
    expect(summary(results)).toEqual(['ok good-1', 'broken', 'ok good-3']);
    expect(reasonOf(results[1])).toMatch(
      /^truncated record: only 90 bytes before the next record starts \(the leader says \d+ bytes\)$/,
    );
    expect(results[1]?.byteOffset).toBe(good(1).length);
  });

  it('reports a record cut short by the end of the file', () => {
    const results = read(Buffer.concat([good(1), good(2).subarray(0, 120)]));
    expect(summary(results)).toEqual(['ok good-1', 'broken']);
    expect(reasonOf(results[1])).toMatch(
      /^truncated record: the file ends after 120 bytes without a record terminator/,
    );
  });

  it('reports a leader whose record length is not a number', () => {
    const results = read(Buffer.concat([patch(good(1), 0, 'ab12x'), good(2)]));
    expect(summary(results)).toEqual(['broken', 'ok good-2']);
    expect(reasonOf(results[0])).toBe('bad leader: record length "ab12x" is not a number');
  });

  it('reports a leader whose base address is not a number', () => {
    const results = read(Buffer.concat([patch(good(1), 12, '00 1x'), good(2)]));
    expect(reasonOf(results[0])).toBe('bad leader: base address of data "00 1x" is not a number');
    expect(summary(results)).toEqual(['broken', 'ok good-2']);
  });

  it('reports a directory entry pointing outside the record', () => {
    // The third entry's starting position (bytes 7-11 of the entry) moved far past the end.
    const results = read(Buffer.concat([patch(good(1), 24 + 2 * 12 + 7, '09000'), good(2)]));
    expect(reasonOf(results[0])).toMatch(
      /^bad directory: entry 3 \(tag 100\) points outside the record \(bytes 9000–\d+ of a \d+-byte data area\)$/,
    );
    expect(summary(results)).toEqual(['broken', 'ok good-2']);
  });

  it('reports a record too short for a leader, a bad tag and a non-numeric directory entry', () => {
    const bytes = good(1);
    const results = read(
      Buffer.concat([
        Buffer.from('00006\x1d', 'latin1'),
        patch(bytes, 24 + 12, '2#5'),
        patch(bytes, 24 + 3, '00a0'),
        patch(bytes, 12, '00025'),
        patch(bytes, 12, '99999'),
        good(2),
      ]),
    );
    expect(results.map(reasonOf)).toEqual([
      'bad leader: the record is only 6 bytes long',
      'bad directory: entry 2 has an invalid tag "2#5"',
      'bad directory: entry 1 (tag 001) has a non-numeric length or starting position',
      'bad directory: it does not end with a field terminator (0x1E) at byte 24 (leader base address 25)',
      `bad leader: base address of data 99999 is outside the ${bytes.length}-byte record`,
      '(read)',
    ]);
  });

  it('reads the data fields a writer left without indicators, and tags with letters', () => {
    const [result] = read(
      handWritten([
        { tag: '001', data: 'no-ind' },
        { tag: '245', data: '\x1faTítulo sem indicadores' },
        { tag: '0A1', data: '10\x1faCampo local' },
      ]),
    );
    expect(result?.ok && result.record.fields.slice(1)).toEqual([
      { tag: '245', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'Título sem indicadores' }] },
      { tag: '0A1', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: 'Campo local' }] },
    ]);
  });

  it('reports a directory whose length is not a multiple of 12', () => {
    const bytes = good(1);
    const base = Number(bytes.toString('latin1', 12, 17));
    // One stray byte before the directory terminator, with base address and length moved to match.
    const longer = Buffer.concat([bytes.subarray(0, base - 1), Buffer.from('7'), bytes.subarray(base - 1)]);
    const fixed = patch(
      patch(longer, 0, String(longer.length).padStart(5, '0')),
      12,
      String(base + 1).padStart(5, '0'),
    );
    expect(reasonOf(read(fixed)[0])).toMatch(
      /^bad directory: its length \(\d+ bytes\) is not a multiple of 12$/,
    );
  });

  it('reports a field without its field terminator', () => {
    const bytes = good(1);
    const base = Number(bytes.toString('latin1', 12, 17));
    const firstFieldLength = Number(bytes.toString('latin1', 27, 31));
    const results = read(Buffer.concat([patch(bytes, base + firstFieldLength - 1, 'X'), good(2)]));
    expect(reasonOf(results[0])).toBe(
      'missing field terminator: field 001 (directory entry 1) does not end with 0x1E',
    );
    expect(summary(results)).toEqual(['broken', 'ok good-2']);
  });

  it('reports a record whose length disagrees with the leader when its directory does not fill it', () => {
    const bytes = good(1);
    const padded = Buffer.concat([bytes.subarray(0, bytes.length - 1), Buffer.from('JUNK\x1d', 'latin1')]);
    const results = read(Buffer.concat([padded, good(2)]));
    expect(reasonOf(results[0])).toBe(
      `record length mismatch: the leader says ${bytes.length} bytes but the record terminator comes after ${bytes.length + 4} bytes`,
    );
    expect(summary(results)).toEqual(['broken', 'ok good-2']);
  });

  it('accepts a wrong leader length when the directory is consistent, with a warning', () => {
    const results = read(Buffer.concat([patch(good(1), 0, '00042'), good(2)]));
    expect(summary(results)).toEqual(['ok good-1', 'ok good-2']);
    expect(results[0]?.ok && results[0].warnings[0]).toMatch(
      /^the leader says 42 bytes but the record is \d+ bytes; read up to its terminator$/,
    );
  });

  it('reads a record over 99,999 bytes by its terminator when its directory is consistent', () => {
    const note = 'x'.repeat(9_000);
    const fields = [
      { tag: '001', data: 'big-1' },
      { tag: '245', data: '10\x1faUm registro enorme.' },
    ];
    for (let i = 0; i < 12; i += 1) fields.push({ tag: '500', data: `  \x1fa${note}` });
    for (const declared of ['00000', '99999']) {
      const big = handWritten(fields, declared);
      expect(big.length).toBeGreaterThan(99_999);
      const results = read(Buffer.concat([big, good(2)]));
      expect(summary(results)).toEqual(['ok big-1', 'ok good-2']);
      const first = results[0]!;
      expect(first.ok && first.warnings[0]).toMatch(/more than the 99,999 a leader can state/);
      expect(
        first.ok &&
          first.record.fields.filter((f) => f.tag === '500').every((f) => f.subfields?.[0]?.value === note),
      ).toBe(true);
      // …and it is not written back as ISO 2709, which cannot hold it.
      if (first.ok) expect(() => toIso2709(first.record)).toThrow(RangeError);
    }
  });

  it('reports a record that claims UTF-8 but is neither UTF-8 nor MARC-8', () => {
    const bad = handWritten([
      { tag: '001', data: 'bad-1' },
      { tag: '245', data: '10\x1faT\xff\xfetulo' },
    ]);
    // handWritten encodes as UTF-8; put the raw bytes back.
    const at = bad.indexOf('T\xc3\xbf\xc3\xbetulo', 0, 'latin1');
    const raw = Buffer.concat([bad.subarray(0, at + 1), Buffer.from([0xff, 0xfe]), bad.subarray(at + 5)]);
    const fixed = patch(
      patch(raw, 0, String(raw.length).padStart(5, '0')),
      24 + 12 + 3,
      String(Number(raw.toString('latin1', 39, 43)) - 2).padStart(4, '0'),
    );
    const results = read(Buffer.concat([fixed, good(2)]));
    expect(reasonOf(results[0])).toMatch(/^undecodable encoding/);
    expect(summary(results)).toEqual(['broken', 'ok good-2']);
  });

  it('decodes as MARC-8 a record that claims UTF-8 but holds MARC-8 bytes', () => {
    const record = handWritten([
      { tag: '001', data: 'm8' },
      { tag: '245', data: '10\x1faS\u00e4ao Paulo' },
    ]);
    // U+00E4 became C3 A4 in UTF-8; MARC-8 wants E4 (combining tilde) before the "a".
    const at = record.indexOf(Buffer.from([0xc3, 0xa4]));
    const raw = Buffer.concat([record.subarray(0, at), Buffer.from([0xe4]), record.subarray(at + 2)]);
    const fixed = patch(
      patch(raw, 0, String(raw.length).padStart(5, '0')),
      24 + 12 + 3,
      String(Number(raw.toString('latin1', 39, 43)) - 1).padStart(4, '0'),
    );
    const [result] = read(fixed);
    expect(result?.ok && result.record.fields[1]?.subfields?.[0]?.value).toBe('São Paulo');
    expect(result?.ok && result.warnings).toEqual([
      "leader/09 says UTF-8 ('a') but the bytes are not valid UTF-8; decoded as MARC-8",
    ]);
  });

  it("decodes a record whose leader/09 is neither blank nor 'a' by its bytes, and says so", () => {
    const record = handWritten([
      { tag: '001', data: 'm8' },
      { tag: '245', data: '10\x1faS\u00e4ao Paulo' },
    ]);
    const at = record.indexOf(Buffer.from([0xc3, 0xa4]));
    const raw = Buffer.concat([record.subarray(0, at), Buffer.from([0xe4]), record.subarray(at + 2)]);
    const fixed = patch(
      patch(patch(raw, 0, String(raw.length).padStart(5, '0')), 9, 'z'),
      24 + 12 + 3,
      String(Number(raw.toString('latin1', 39, 43)) - 1).padStart(4, '0'),
    );
    const [result] = read(fixed);
    expect(result?.ok && result.record.fields[1]?.subfields?.[0]?.value).toBe('São Paulo');
    expect(result?.ok && result.warnings).toEqual([
      "leader/09 'z' is not a valid value (blank or 'a'); the bytes are not UTF-8, decoded as MARC-8",
    ]);
    expect(result?.ok && result.record.leader[9]).toBe('a');
  });

  it("decodes a record whose leader/09 is neither blank nor 'a' as UTF-8 when its bytes are, and says so", () => {
    const record = handWritten([
      { tag: '001', data: 'u8' },
      { tag: '245', data: '10\x1faSão Paulo' },
    ]);
    const [result] = read(patch(record, 9, 'R'));
    expect(result?.ok && result.record.fields[1]?.subfields?.[0]?.value).toBe('São Paulo');
    expect(result?.ok && result.warnings).toEqual([
      "leader/09 'R' is not a valid value (blank or 'a'); the bytes are UTF-8",
    ]);
  });

  it('reads a MARC-8 record with an unknown escape, shows U+FFFD in its place and says so', () => {
    const record = handWritten([
      { tag: '001', data: 'esc' },
      { tag: '245', data: '10\x1faA\x1b(ZB' },
    ]);
    const [result] = read(patch(record, 9, ' '));
    expect(result?.ok && result.record.fields[1]?.subfields?.[0]?.value).toBe('A\ufffdB');
    expect(result?.ok && result.warnings).toEqual([
      'some MARC-8 characters could not be decoded and are shown as U+FFFD',
    ]);
  });

  it("refuses a record whose leader/09 is neither blank nor 'a' when its bytes are neither UTF-8 nor MARC-8", () => {
    const record = handWritten([
      { tag: '001', data: 'bad-z' },
      { tag: '245', data: '10\x1faT\u00fftulo' },
    ]);
    const at = record.indexOf(Buffer.from([0xc3, 0xbf]));
    const raw = Buffer.concat([record.subarray(0, at), Buffer.from([0xff]), record.subarray(at + 2)]);
    const fixed = patch(
      patch(patch(raw, 0, String(raw.length).padStart(5, '0')), 9, 'z'),
      24 + 12 + 3,
      String(Number(raw.toString('latin1', 39, 43)) - 1).padStart(4, '0'),
    );
    expect(reasonOf(read(fixed)[0])).toMatch(/^undecodable encoding/);
  });

  it('decodes a MARC-8 subfield made of one special character only', () => {
    const record = handWritten([
      { tag: '001', data: 'copy' },
      { tag: '245', data: '10\x1faLivro\x1fc\u00c3' },
    ]);
    const at = record.indexOf(Buffer.from([0xc3, 0x83]));
    const raw = Buffer.concat([record.subarray(0, at), Buffer.from([0xc3]), record.subarray(at + 2)]);
    const fixed = patch(
      patch(patch(raw, 0, String(raw.length).padStart(5, '0')), 9, ' '),
      24 + 12 + 3,
      String(Number(raw.toString('latin1', 39, 43)) - 1).padStart(4, '0'),
    );
    const [result] = read(fixed);
    expect(result?.ok && result.record.fields[1]?.subfields?.[1]).toEqual({ code: 'c', value: '©' });
  });

  it('drops a DEL from a MARC-8 field with no other special byte, as yaz-marcdump does', () => {
    const record = handWritten([
      { tag: '001', data: 'del' },
      { tag: '245', data: '10\x1faabc\x7fdef' },
    ]);
    const [result] = read(patch(record, 9, ' '));
    expect(result?.ok && result.record.fields[1]?.subfields?.[0]?.value).toBe('abcdef');
  });

  it('accepts a last record without its terminator when it is otherwise whole', () => {
    const last = good(2);
    const results = read(Buffer.concat([good(1), last.subarray(0, last.length - 1)]));
    expect(summary(results)).toEqual(['ok good-1', 'ok good-2']);
    expect(results[1]?.ok && results[1].warnings).toEqual([
      'the record terminator (0x1D) is missing at the end of the file',
    ]);
  });

  it('skips line breaks between records and a byte-order mark at the start', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(
      summary(read(Buffer.concat([bom, good(1), Buffer.from('\r\n'), good(2), Buffer.from('\n')]))),
    ).toEqual(['ok good-1', 'ok good-2']);
  });

  it('skips the spaces, NUL padding and DOS end-of-file byte some exporters put between records', () => {
    const filler = Buffer.from([0x20, 0x00, 0x00, 0x1a, 0x0d, 0x0a]);
    const results = read(Buffer.concat([good(1), filler, good(2), filler]));
    expect(summary(results)).toEqual(['ok good-1', 'ok good-2']);
    expect(results[1]?.byteOffset).toBe(good(1).length + filler.length);
  });

  it('reads a UNIMARC record mixed with MARC 21 ones; the mapper, not the reader, refuses it', () => {
    const unimarc = handWritten([
      { tag: '001', data: 'unimarc-1' },
      { tag: '100', data: '  \x1fa20240101d2020    u  y0pory50      ba' },
      { tag: '200', data: '1 \x1faMemórias póstumas de Brás Cubas\x1ffMachado de Assis' },
    ]);
    const results = read(Buffer.concat([good(1), unimarc, good(2)]));
    expect(summary(results)).toEqual(['ok good-1', 'ok unimarc-1', 'ok good-2']);
    const [first, second, third] = results.map((r) => (r.ok ? mapTitle(r.record) : { error: 'unread' }));
    expect(first).toMatchObject({ title: 'Livro número 1' });
    expect(second).toEqual({
      error: 'no title (245): not a MARC 21 bibliographic record (UNIMARC? it has a 200 field)',
    });
    expect(third).toMatchObject({ title: 'Livro número 2' });
  });

  it('reports a file that is not MARC at all as one broken record', () => {
    const results = read(Buffer.from('This is a plain text file, not MARC.\n'));
    expect(results).toHaveLength(1);
    expect(reasonOf(results[0])).toMatch(/^(bad leader|truncated record)/);
  });
});

describe('broken MARCXML records are reported and skipped', () => {
  const xmlRecord = (id: string, extra = '') =>
    `<marc:record><marc:leader>00000nam a2200000 a 4500</marc:leader><marc:controlfield tag="001">${id}</marc:controlfield>${extra}<marc:datafield tag="245" ind1="1" ind2="0"><marc:subfield code="a">Título ${id}</marc:subfield></marc:datafield></marc:record>\n`;
  const collection = (...records: string[]) =>
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<marc:collection xmlns:marc="http://www.loc.gov/MARC21/slim">\n${records.join('')}</marc:collection>\n`,
    );

  it('reports a control character in a controlfield (the raw 0x1F of the mangled Koha record)', () => {
    const results = read(collection(xmlRecord('a'), xmlRecord('b\x1fc'), xmlRecord('d')));
    expect(summary(results)).toEqual(['ok a', 'broken', 'ok d']);
    expect(reasonOf(results[1])).toBe(
      'malformed XML: control character U+001F (not allowed in XML) in <marc:controlfield tag="001">',
    );
    expect(results.map((r) => r.line)).toEqual([3, 4, 5]);
  });

  it.each([
    [
      'an unterminated CDATA section',
      '<marc:datafield tag="500" ind1=" " ind2=" "><marc:subfield code="a"><![CDATA[x',
      'malformed XML: unterminated CDATA section',
    ],
    ['an unterminated comment', '<!-- x', 'malformed XML: unterminated comment or processing instruction'],
    [
      'an end tag with no element open',
      '</marc:datafield>',
      'malformed XML: </marc:datafield> does not close any open element',
    ],
    [
      'an element left open',
      '<marc:datafield tag="500" ind1=" " ind2=" "><marc:subfield code="a">x</marc:subfield>',
      'malformed XML: <marc:datafield> is not closed',
    ],
    ['a "<" with no element name', '< marc:datafield>', 'malformed XML: "<" without an element name'],
    [
      'a datafield without a tag',
      '<marc:datafield ind1=" " ind2=" "></marc:datafield>',
      'malformed MARCXML: <datafield> without a tag attribute',
    ],
    [
      'a bare "&"',
      '<marc:datafield tag="500" ind1=" " ind2=" "><marc:subfield code="a">A & B</marc:subfield></marc:datafield>',
      'malformed XML: "&" not part of an entity ("&")',
    ],
    [
      'a reference to a character XML forbids',
      '<marc:datafield tag="500" ind1=" " ind2=" "><marc:subfield code="a">&#1;</marc:subfield></marc:datafield>',
      'malformed XML: character reference &#1; is not allowed in XML',
    ],
  ])('reports %s and reads the next record', (_, extra, reason) => {
    const results = read(collection(xmlRecord('a', extra), xmlRecord('b')));
    expect(results.map(reasonOf)).toEqual([reason, '(read)']);
  });

  it('reads CDATA, comments, processing instructions and character references in a record', () => {
    const extra =
      '<!-- a comment --><?cataloguer note?><marc:datafield tag="500" ind1="" ind2=" ">' +
      '<marc:subfield code="a"><![CDATA[<b>&amp;</b>]]> &#233;&#xE9; &lt;&gt;&quot;&apos;&amp;</marc:subfield>' +
      '<marc:subfield code="b"/></marc:datafield>';
    const [result] = read(collection(xmlRecord('a', extra)));
    expect(result?.ok && result.record.fields[1]).toEqual({
      tag: '500',
      ind1: ' ',
      ind2: ' ',
      subfields: [
        { code: 'a', value: '<b>&amp;</b> éé <>"\'&' },
        { code: 'b', value: '' },
      ],
    });
  });

  it('reads a record without a leader, or with one of the wrong length, and says so', () => {
    const noLeader = xmlRecord('a').replace(/<marc:leader>.*<\/marc:leader>/, '');
    const short = xmlRecord('b').replace('00000nam a2200000 a 4500', '00000nam');
    const long = xmlRecord('c').replace('00000nam a2200000 a 4500', '00000nam a2200000 a 4500xyz');
    const results = read(collection(noLeader, short, long));
    expect(results.map((r) => r.ok && [r.record.leader, r.warnings])).toEqual([
      ['00000n   a2200000   4500', ['the record has no leader; a blank one was used']],
      ['00000nam a              ', ['the leader is 8 characters long instead of 24; it was padded']],
      ['00000nam a2200000 a 4500', ['the leader is 27 characters long instead of 24; it was cut']],
    ]);
  });

  it('reports a record that is never closed and reads the next one', () => {
    const unclosed = xmlRecord('b').replace('</marc:record>', '');
    const results = read(collection(xmlRecord('a'), unclosed, xmlRecord('c')));
    expect(summary(results)).toEqual(['ok a', 'broken', 'ok c']);
    expect(reasonOf(results[1])).toBe(
      'malformed XML: the record has no </marc:record> before the next record starts',
    );
  });

  it('reports mismatched tags, unknown entities and undeclared prefixes', () => {
    const results = read(
      collection(
        xmlRecord(
          'a',
          '<marc:datafield tag="500" ind1=" " ind2=" "><marc:subfield code="a">x</marc:datafield>',
        ),
        xmlRecord(
          'b',
          '<marc:datafield tag="500" ind1=" " ind2=" "><marc:subfield code="a">caf&eacute;</marc:subfield></marc:datafield>',
        ),
        xmlRecord('c', '<mods:note>x</mods:note>'),
        xmlRecord('d'),
      ),
    );
    expect(summary(results)).toEqual(['broken', 'broken', 'broken', 'ok d']);
    expect(results.slice(0, 3).map(reasonOf)).toEqual([
      'malformed XML: </marc:datafield> does not close <marc:subfield>',
      'malformed XML: unknown entity &eacute;',
      'malformed XML: namespace prefix "mods" is not declared',
    ]);
  });

  it('reports a file cut off inside a record', () => {
    const whole = collection(xmlRecord('a'), xmlRecord('b')).toString();
    const results = read(Buffer.from(whole.slice(0, whole.lastIndexOf('<marc:datafield'))));
    expect(summary(results)).toEqual(['ok a', 'broken']);
    expect(reasonOf(results[1])).toBe('truncated XML: the file ends before </marc:record>');
  });

  it('reports an XML file without MARC records', () => {
    const results = read(
      Buffer.from('<?xml version="1.0"?>\n<html><body><p>not a catalogue</p></body></html>\n'),
    );
    expect(results).toHaveLength(1);
    expect(reasonOf(results[0])).toMatch(/^no MARCXML record found/);
  });

  it.each([
    [`<?xml version="1.0" encoding='ISO-8859-1'?>`, 'Título'],
    [`<?xml version="1.0" encoding = "ISO-8859-1" standalone="yes"?>`, 'Título'],
    [` \n<?xml version="1.0"\n  encoding="windows-1252"?>`, 'Título'],
    [`<?xml version="1.0" encoding="latin1"?>`, 'Título'],
    [`<?xml version="1.0"?>`, 'T\ufffdtulo'],
  ])('reads MARCXML declared as %j in the encoding it names', (declaration, title) => {
    const xml = Buffer.from(
      `${declaration}\n<marc:collection xmlns:marc="http://www.loc.gov/MARC21/slim">\n${xmlRecord('l')}</marc:collection>\n`,
      'latin1',
    );
    const [result] = read(xml);
    expect(result?.ok && result.record.fields.find((f) => f.tag === '245')?.subfields?.[0]?.value).toBe(
      `${title} l`,
    );
  });

  it('reads MARCXML after a byte-order mark and blank lines, and an empty file as no record at all', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const xml = Buffer.concat([bom, Buffer.from(' \r\n\t\n'), collection(xmlRecord('a'))]);
    expect(summary(read(xml))).toEqual(['ok a']);
    expect(read(Buffer.alloc(0))).toEqual([]);
  });

  it('reads MARCXML in the encoding its XML declaration names, and as UTF-8 when it names none it knows', () => {
    const latin1 = Buffer.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?>\n<marc:collection xmlns:marc="http://www.loc.gov/MARC21/slim">\n${xmlRecord('l')}</marc:collection>\n`,
      'latin1',
    );
    const unknown = Buffer.from(
      collection(xmlRecord('u')).toString().replace('encoding="UTF-8"', 'encoding="x-no-such-charset"'),
    );
    const titles = [...read(latin1), ...read(unknown)].map(
      (r) => r.ok && r.record.fields.find((f) => f.tag === '245')?.subfields?.[0]?.value,
    );
    expect(titles).toEqual(['Título l', 'Título u']);
  });

  it('reads MARCXML whose leader says MARC-8 as Unicode and a record in the default namespace', () => {
    const record: MarcRecord = buildRecord({ controlNumber: 'x1', title: 'Ação e reação' });
    const xml = toMarcXml({ ...record, leader: record.leader.slice(0, 9) + ' ' + record.leader.slice(10) });
    const [result] = read(Buffer.from(xml));
    expect(result?.ok && result.record.leader[9]).toBe('a');
    expect(result?.ok && result.record.fields.find((f) => f.tag === '245')?.subfields?.[0]?.value).toBe(
      'Ação e reação.',
    );
  });
});

describe('streaming keeps records whole across chunk boundaries', () => {
  it('reads bytes given in memory, an empty file, and a last record without its terminator', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estante-marc-'));
    const last = good(2);
    const unterminated = Buffer.concat([good(1), last.subarray(0, last.length - 1)]);
    writeFileSync(join(dir, 'empty.mrc'), Buffer.alloc(0));
    writeFileSync(join(dir, 'end.mrc'), unterminated);
    const collect = async (input: Uint8Array | string) => {
      const out: ReadResult[] = [];
      for await (const r of readMarc(input, { chunkSize: 7 })) out.push(r);
      return out;
    };
    expect(await collect(good(1))).toEqual(read(good(1)));
    expect(await collect(join(dir, 'empty.mrc'))).toEqual([]);
    const streamed = await collect(join(dir, 'end.mrc'));
    expect(summary(streamed)).toEqual(['ok good-1', 'ok good-2']);
    expect(streamed[1]?.ok && streamed[1].warnings).toEqual([
      'the record terminator (0x1D) is missing at the end of the file',
    ]);
  });

  it('gives the same results in 5-byte chunks as in one buffer, for ISO 2709 and MARCXML', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estante-marc-'));
    const iso = Buffer.concat([good(1), good(2).subarray(0, 80), good(3), Buffer.from('\n'), good(4)]);
    const xml = toMarcXml(buildRecord({ controlNumber: 'x', title: 'Ação — 日本語 — देवनागरी' }));
    for (const [name, bytes] of [
      ['a.mrc', iso],
      ['b.xml', Buffer.from(xml)],
    ] as const) {
      writeFileSync(join(dir, name), bytes);
      const streamed: ReadResult[] = [];
      for await (const r of readMarc(join(dir, name), { chunkSize: 5 })) streamed.push(r);
      expect(streamed).toEqual(read(bytes));
    }
  });
});
