import { describe, expect, it } from 'vitest';
import { mapTitle, type MappedTitle } from '../map/map-title.ts';
import { readMarcSync } from '../read/read-marc.ts';
import { sampleRecord, sampleRecords } from '../testing/sample-files.ts';
import type { MarcRecord } from '../types.ts';
import { abntReference } from './abnt-reference.ts';
import { buildRecord } from './build-record.ts';
import { toIso2709 } from './iso2709-writer.ts';
import { marcView } from './marc-view.ts';
import { escapeXml, toMarcXml, toMarcXmlCollection, toMarcXmlRecord } from './marc-xml.ts';

const readBack = (bytes: Uint8Array): MarcRecord[] =>
  [...readMarcSync(bytes)].map((r) => {
    if (!r.ok) throw new Error(r.reason);
    return r.record;
  });

function titleOf(record: MarcRecord): MappedTitle {
  const mapped = mapTitle(record);
  if ('error' in mapped) throw new Error(mapped.error);
  return mapped;
}

const ROUND_TRIP_FILES = [
  'lc-m2bf-gwu.xml',
  'evergreen-nepali.mrc',
  'solrmarc-uva-2000.mrc',
  'traject-test-data-utf8.mrc',
  'lc-m2bf-princeton.xml',
];

describe('writing MARC', () => {
  it.each(ROUND_TRIP_FILES)(
    'writes every record of %s as ISO 2709 (UTF-8) and reads it back unchanged',
    (file) => {
      const records = sampleRecords(file);
      const bytes = Buffer.concat(records.map(toIso2709));
      const back = readBack(bytes);
      expect(back.map((r) => r.fields)).toEqual(records.map((r) => r.fields));
      for (const [i, r] of back.entries())
        expect(r.leader.slice(5, 12)).toBe(`${records[i]!.leader.slice(5, 9)}a22`);
      // The leader length is in bytes, not characters.
      const first = toIso2709(records[0]!);
      expect(Number(first.toString('latin1', 0, 5))).toBe(first.length);
    },
  );

  it.each(ROUND_TRIP_FILES)('writes every record of %s as MARCXML and reads it back unchanged', (file) => {
    const records = sampleRecords(file);
    expect(readBack(Buffer.from(toMarcXmlCollection(records)))).toEqual(records);
    expect(readBack(Buffer.from(toMarcXml(records[0]!)))).toEqual([records[0]]);
  });

  it('writes readable MARCXML: non-ASCII as is, markup escaped, forbidden control characters dropped', () => {
    const xml = toMarcXml({
      leader: '00000nam a2200000 a 4500',
      fields: [
        {
          tag: '245',
          ind1: '1',
          ind2: '0',
          subfields: [{ code: 'a', value: 'Ação & <reação> "日本"\u001f' }],
        },
      ],
    });
    expect(xml).toContain('<subfield code="a">Ação &amp; &lt;reação&gt; &quot;日本&quot;</subfield>');
    expect(xml).toContain('<record xmlns="http://www.loc.gov/MARC21/slim">');
  });

  it('writes a MARCXML document, a collection and an embeddable record element exactly so', () => {
    const record: MarcRecord = {
      leader: '00000nam a2200000 a 4500',
      fields: [
        { tag: '001', value: 'x<1>' },
        { tag: '500', ind1: '"', subfields: [{ code: '&', value: 'Nota' }] },
        { tag: '650' },
      ],
    };
    const body = (indent: string) =>
      [
        `${indent}  <leader>00000nam a2200000 a 4500</leader>`,
        `${indent}  <controlfield tag="001">x&lt;1&gt;</controlfield>`,
        `${indent}  <datafield tag="500" ind1="&quot;" ind2=" ">`,
        `${indent}    <subfield code="&amp;">Nota</subfield>`,
        `${indent}  </datafield>`,
        `${indent}  <datafield tag="650" ind1=" " ind2=" ">`,
        `${indent}  </datafield>`,
        `${indent}</record>`,
        '',
      ].join('\n');
    const slim = 'xmlns="http://www.loc.gov/MARC21/slim"';
    expect(toMarcXml(record)).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n<record ${slim}>\n${body('')}`);
    expect(toMarcXmlCollection([record, record])).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<collection ${slim}>\n` +
        `  <record>\n${body('  ')}  <record>\n${body('  ')}</collection>\n`,
    );
    expect(toMarcXmlCollection([])).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<collection ${slim}>\n</collection>\n`,
    );
    expect(toMarcXmlRecord(record)).toBe(`<record ${slim}>\n${body('')}`);
    expect(toMarcXmlRecord(record, '    ')).toBe(`    <record ${slim}>\n${body('    ')}`);
    expect(escapeXml('a & <b> "c"\u0000\ufffe')).toBe('a &amp; &lt;b&gt; &quot;c&quot;');
  });

  it('writes ISO 2709 up to its limits and refuses a field or record past them', () => {
    const withNote = (bytes: number, count = 1): MarcRecord => ({
      leader: '00000nam a2200000 a 4500',
      fields: [
        { tag: '001', value: 'big' },
        ...Array.from({ length: count }, () => ({
          tag: '500',
          ind1: ' ',
          ind2: ' ',
          // indicators (2), $a (2) and the field terminator (1) make the field `bytes` long
          subfields: [{ code: 'a', value: 'x'.repeat(bytes - 5) }],
        })),
      ],
    });
    expect(readBack(toIso2709(withNote(9_999)))[0]?.fields[1]?.subfields?.[0]?.value).toHaveLength(9_994);
    expect(() => toIso2709(withNote(10_000))).toThrow(
      new RangeError('field 500 is 10000 bytes, more than the 9,999 ISO 2709 allows'),
    );
    // 24 + 1 + 1, then 12 + length per field: 001 (4 bytes) and 500s of 9,000 bytes: 11 fit, 12 do not.
    expect(() => toIso2709(withNote(9_000, 12))).toThrow(
      new RangeError('the record is 108186 bytes, more than the 99,999 ISO 2709 allows'),
    );
    expect(toIso2709(withNote(9_000, 11))).toHaveLength(99_174);
    // 42 + 11 × (12 + 9,075): exactly 99,999 bytes is allowed, one field byte more is not.
    expect(toIso2709(withNote(9_075, 11))).toHaveLength(99_999);
    expect(() => toIso2709(withNote(9_076, 11))).toThrow(
      new RangeError('the record is 100010 bytes, more than the 99,999 ISO 2709 allows'),
    );
  });

  it('writes the exact ISO 2709 bytes: leader cut or padded to 24, one character per indicator, blanks for none', () => {
    const record = (leader: string): MarcRecord => ({
      leader,
      fields: [
        { tag: '001', value: 'ç1' },
        { tag: '245', ind1: '10', ind2: '', subfields: [{ code: 'ab', value: 'Título' }] },
        { tag: '246', ind1: '', ind2: '04', subfields: [] },
        { tag: '650' },
      ],
    });
    const expected =
      '00096nam a2200073   4500' +
      '001000400000' +
      '245001200004' +
      '246000300016' +
      '650000300019' +
      '\x1e' +
      'ç1\x1e' +
      '1 \x1faTítulo\x1e' +
      ' 0\x1e' +
      '  \x1e' +
      '\x1d';
    expect(toIso2709(record('00000nam')).toString('utf8')).toBe(expected);
    expect(toIso2709(record('00000nam a2200000   4500EXTRA')).toString('utf8')).toBe(expected);
  });

  it('writes ISO 2709 that reads back whatever the record holds: delimiters in values, odd indicators', () => {
    const record: MarcRecord = {
      leader: '01234cam',
      fields: [
        { tag: '001', value: 'a\x1db' },
        { tag: '245', ind1: '', ind2: '04', subfields: [{ code: 'ab', value: 'A\x1eB\x1fC' }] },
        { tag: '500', subfields: [{ code: 'a', value: 'Nota' }] },
      ],
    };
    const bytes = toIso2709(record);
    // A short leader is padded; 09-11 and 20-23 are MARC 21's in UTF-8.
    expect([bytes.toString('latin1', 5, 12), bytes.toString('latin1', 20, 24)]).toEqual(['cam a22', '4500']);
    expect(readBack(bytes)[0]?.fields).toEqual([
      { tag: '001', value: 'a b' },
      { tag: '245', ind1: ' ', ind2: '0', subfields: [{ code: 'a', value: 'A B C' }] },
      { tag: '500', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'Nota' }] },
    ]);
  });

  it('gives a copy of the record for the MARC view', () => {
    const record = sampleRecord('solrmarc-uva-2000.mrc', 'u1');
    const view = marcView(record);
    expect(view).toEqual(record);
    view.fields[0]!.value = 'changed';
    expect(record.fields[0]!.value).toBe('u1');
  });

  it('gives a data field without indicators or subfields blank indicators and no subfields in the MARC view', () => {
    const view = marcView({
      leader: '00000nam a2200000 a 4500',
      fields: [{ tag: '245' }, { tag: '001', value: '' }],
    });
    expect(view.fields).toEqual([
      { tag: '245', ind1: ' ', ind2: ' ', subfields: [] },
      { tag: '001', value: '' },
    ]);
  });
});

describe('building records from simple parts (demo seed)', () => {
  const input = {
    controlNumber: 'demo-1',
    title: 'Memórias póstumas de Brás Cubas',
    subtitle: 'romance',
    authors: [
      { name: 'Assis, Machado de', dates: '1839-1908' },
      { name: 'Silva, João da', role: 'organizador' },
    ],
    edition: '2. ed.',
    place: 'Rio de Janeiro',
    publisher: 'Tipografia Nacional',
    year: 1881,
    extent: '352 p.',
    isbn: ['8535902775'],
    language: 'por',
    subjects: ['Ficção brasileira', { term: 'Rio de Janeiro (RJ) -- Ficção', kind: 'geographic' as const }],
    notes: ['Primeira edição em folhetim'],
    callNumber: '869.3 A848m',
    classification: '869.3',
    copies: [{ library: 'CENTRAL', barcode: '0001', callNumber: '869.3 A848m', loanType: 'BK' }],
    entered: new Date('2024-01-02T00:00:00Z'),
  };

  it('builds a valid MARC 21 record that maps back to the same work', () => {
    const record = buildRecord(input);
    expect(record.leader).toBe('00000nam a2200000 i 4500');
    expect(record.fields.find((f) => f.tag === '008')?.value).toBe(
      '240102s1881    xx                  por d',
    );
    expect(record.fields.map((f) => f.tag)).toEqual([
      '001',
      '008',
      '020',
      '082',
      '090',
      '100',
      '245',
      '250',
      '264',
      '300',
      '500',
      '650',
      '651',
      '700',
      '952',
    ]);
    const t = titleOf(record);
    expect(t).toMatchObject({
      controlNumber: 'demo-1',
      title: 'Memórias póstumas de Brás Cubas : romance',
      titleStatement: 'Memórias póstumas de Brás Cubas : romance / Machado de Assis, João da Silva.',
      edition: '2. ed.',
      publicationPlace: 'Rio de Janeiro',
      publisher: 'Tipografia Nacional',
      year: 1881,
      isbn: ['9788535902778'],
      language: 'por',
      callNumber: '869.3 A848m',
      classification: '869.3',
      workType: 'LIVRO',
      notes: ['Primeira edição em folhetim.'],
    });
    expect(t.authors.map((a) => [a.name, a.role, a.main])).toEqual([
      ['Assis, Machado de, 1839-1908', null, true],
      ['Silva, João da', 'organizador', false],
    ]);
    expect(t.subjects.map((s) => [s.term, s.kind])).toEqual([
      ['Ficção brasileira', 'topical'],
      ['Rio de Janeiro (RJ) -- Ficção', 'geographic'],
    ]);
    expect(t.copies).toEqual([
      {
        library: 'CENTRAL',
        barcode: '0001',
        callNumber: '869.3 A848m',
        volume: null,
        location: null,
        loanType: 'BK',
        status: 'available',
      },
    ]);
    expect(readBack(toIso2709(record))[0]?.fields).toEqual(record.fields);
  });

  it('gives each work type its leader and maps it back', () => {
    for (const workType of [
      'PERIODICO',
      'PARTITURA',
      'VIDEO',
      'MUSICA_GRAVADA',
      'MAPA',
      'TESE',
      'MANUSCRITO',
    ] as const) {
      expect(titleOf(buildRecord({ title: 'T', workType, entered: input.entered })).workType).toBe(workType);
    }
    const ebook = buildRecord({
      title: 'E',
      workType: 'EBOOK',
      onlineLinks: [{ url: 'https://example.org/e' }],
      entered: input.entered,
    });
    expect(titleOf(ebook).workType).toBe('EBOOK');
  });
});

describe('ABNT reference', () => {
  it('shapes a book after NBR 6023:2018 in plain text', () => {
    const t = titleOf(
      buildRecord({
        title: 'Memórias póstumas de Brás Cubas',
        subtitle: 'romance',
        authors: [
          { name: 'Assis, Machado de', dates: '1839-1908' },
          { name: 'Silva, João da', role: 'organizador' },
        ],
        edition: '2. ed.',
        place: 'Rio de Janeiro',
        publisher: 'Tipografia Nacional',
        year: 1881,
      }),
    );
    // The organizer is not an author; plain text (formatReference gives the bold title in HTML).
    expect(abntReference(t)).toBe(
      'ASSIS, Machado de. Memórias póstumas de Brás Cubas: romance. 2. ed. Rio de Janeiro: Tipografia Nacional, 1881.',
    );
  });

  it('writes direct-order names in capitals, [S. l.: s. n.] when both are unknown, title entry without author', () => {
    const saramago = titleOf(sampleRecord('koha-sample-bibs.xml', '1733472'));
    expect(abntReference(saramago)).toBe(
      'SARAMAGO, José. História do Cerco de Lisboa: romance. Lisboa: Caminho, 1989.',
    );
    const anonymous = titleOf(buildRecord({ title: 'Anais do congresso', year: 2020 }));
    // NBR 6023:2018: place and publisher both unknown are given together as [S. l.: s. n.].
    expect(abntReference(anonymous)).toBe('ANAIS do congresso. [S. l.: s. n.], 2020.');
    const corporate = titleOf(
      buildRecord({
        title: 'Relatório anual',
        authors: [{ name: 'Universidade de São Paulo', kind: 'corporate' }],
        place: 'São Paulo',
        publisher: 'USP',
        year: 2019,
      }),
    );
    expect(abntReference(corporate)).toBe(
      'UNIVERSIDADE DE SÃO PAULO. Relatório anual. São Paulo: USP, 2019.',
    );
  });

  it('gives the first of four or more authors and et al.', () => {
    const authors = ['Silva, Ana', 'Souza, Bruno', 'Costa, Carla', 'Lima, Davi'].map((name) => ({ name }));
    expect(abntReference(titleOf(buildRecord({ title: 'Quatro autores', authors, year: 2021 })))).toBe(
      'SILVA, Ana et al. Quatro autores. [S. l.: s. n.], 2021.',
    );
  });
});
