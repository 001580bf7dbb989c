import { describe, expect, it } from 'vitest';
import { SAMPLE_FILES, sampleRecord, sampleRecords } from '../testing/sample-files.ts';
import type { MarcRecord } from '../types.ts';
import { buildRecord } from '../views/build-record.ts';
import { classify } from './classify.ts';
import { mapTitle, type MappedTitle } from './map-title.ts';
import { WORK_TYPES } from './work-types.ts';

const BIB_FILES = Object.entries(SAMPLE_FILES)
  .filter(([, f]) => (f.kinds.bibliographic ?? 0) + (f.kinds.unknown ?? 0) > 0)
  .map(([name]) => name);
const WORK_TYPE_CODES: readonly string[] = WORK_TYPES;

function titleOf(record: MarcRecord): MappedTitle {
  const mapped = mapTitle(record);
  if ('error' in mapped) throw new Error(mapped.error);
  return mapped;
}

const mapped = (file: string, controlNumber: string) => titleOf(sampleRecord(file, controlNumber));

describe('every bibliographic record of the samples', () => {
  it.each(BIB_FILES)('maps each record of %s to a title or a clear error', (file) => {
    const errors: string[] = [];
    for (const record of sampleRecords(file)) {
      const kind = classify(record);
      if (kind === 'holdings') continue;
      const result = mapTitle(record);
      if ('error' in result) {
        errors.push(result.error);
        continue;
      }
      expect(result.title).not.toBe('');
      expect(result.title).not.toMatch(/\s[/:;=]$/);
      expect(result.controlNumber).not.toBe('');
      expect(WORK_TYPE_CODES).toContain(result.workType);
      if (result.year !== null) expect(result.year).toBeGreaterThanOrEqual(1000);
      for (const author of result.authors) expect(author.name).not.toMatch(/[,;:/]$/);
    }
    // Every sample bib is MARC 21 with a 245; the error path is tested with UNIMARC below.
    expect(errors).toEqual([]);
  });

  it('refuses authority and holdings records and explains UNIMARC', () => {
    expect(mapTitle(sampleRecords('evergreen-auth-iish-17.mrc')[0]!)).toEqual({
      error: "not a bibliographic record: leader/06 'z' is an authority record",
    });
    expect(mapTitle(sampleRecords('evergreen-serials-mfhd.xml')[0]!)).toEqual({
      error: "not a bibliographic record: leader/06 'y' is a holdings record",
    });
    const unimarc: MarcRecord = {
      leader: '00000nam0 22000001i 450 ',
      fields: [
        { tag: '001', value: 'u' },
        { tag: '200', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: 'Título' }] },
      ],
    };
    expect(mapTitle(unimarc)).toEqual({
      error: 'no title (245): not a MARC 21 bibliographic record (UNIMARC? it has a 200 field)',
    });
    expect(mapTitle({ leader: unimarc.leader, fields: [{ tag: '001', value: 'x' }] })).toEqual({
      error: 'no title (245)',
    });
  });
});

describe('what a librarian checks in the mapped titles', () => {
  it('maps title, statement, author, subjects, imprint and copies of a plain UVA record', () => {
    const t = mapped('solrmarc-uva-2000.mrc', 'u1');
    expect(t.title).toBe(
      'The book of the dance in the 20th century selections from the Jane Bourne Parton collection of books on the dance',
    );
    expect(t.titleStatement).toBe(`${t.title} / Adela Spindler Roatcap.`);
    expect(t.authors).toEqual([
      {
        name: 'Roatcap, Adela Spindler',
        role: null,
        kind: 'person',
        main: true,
        vernacular: null,
        dates: null,
        authorityId: null,
      },
    ]);
    expect(t.subjects).toEqual([
      { term: 'Parton, Jane Bourne, -1962 -- Library', kind: 'person', authorityId: null },
      { term: 'Dance -- History -- 20th century', kind: 'topical', authorityId: null },
    ]);
    expect([t.publicationPlace, t.publisher, t.publicationDate, t.year]).toEqual([
      'Oakland, Calif.',
      'Mills College Library',
      '1984',
      1984,
    ]);
    expect(t.physicalDescription).toBe('40 p. : ill. (some col.), ports. ; 31 cm.');
    expect(t.callNumber).toBe('GV1619 .R6 1984');
    expect([t.controlSource, t.language, t.workType]).toEqual(['SIRSI', 'eng', 'LIVRO']);
    // UVA's SirsiDynix 999 item fields.
    expect(t.copies).toEqual([
      {
        library: 'ALDERMAN',
        barcode: '1-3003',
        callNumber: 'GV1619 .R6 1984',
        volume: null,
        location: 'LOST',
        loanType: 'BOOK',
        status: null,
      },
      {
        library: 'IVY',
        barcode: 'X001019384',
        callNumber: 'GV1619 .R6 1984',
        volume: null,
        location: 'BY-REQUEST',
        loanType: 'BOOK',
        status: null,
      },
    ]);
  });

  it('maps the MARC-8 Portuguese record with its accents', () => {
    const t = mapped('solrmarc-uva-2000.mrc', 'u920');
    expect(t.title).toBe('O médio São Francisco : uma Sociedade de pastores guerreiros');
    expect([t.publicationPlace, t.language]).toEqual(['São Paulo Brasil', 'por']);
  });

  it('picks the romanized title of the Nepali double 245 and keeps the Devanagari one searchable', () => {
    const t = titleOf(sampleRecords('evergreen-nepali.mrc')[0]!);
    expect(t.title).toBe('Bihānī Ṭusā');
    expect(t.vernacularTitle).toBe('बिहानी टुसा');
    expect(t.extraSearchText).toContain('बिहानी टुसा');
    expect(t.authors).toEqual([
      expect.objectContaining({ name: 'Śāha, Vīrendravikram', main: true, vernacular: 'शाह, वीरेन्द्रविक्रम' }),
    ]);
    expect([t.edition, t.publicationPlace, t.year, t.language]).toEqual([
      'Prathama saṃskaraṇa',
      'Gulmī',
      1964,
      'nep',
    ]);
    // No 001: a stable hash stands in, the same on every import.
    expect(t.controlNumber).toMatch(/^h:[0-9a-f]{16}$/);
    expect(titleOf(sampleRecords('evergreen-nepali.mrc')[0]!).controlNumber).toBe(t.controlNumber);
  });

  it('gives the CJK vernacular title from the linked 880 (GWU)', () => {
    const t = mapped('lc-m2bf-gwu.xml', '11865869');
    expect(t.title).toBe('Xin Zhongguo dui wai guan xi 60 nian : li lun yu shi jian');
    expect(t.vernacularTitle).toBe('新中国对外关系 60 年 : 理论与实践');
    expect(t.authors[0]).toMatchObject({
      kind: 'corporate',
      main: true,
      vernacular: '上海市社会科学界联合会. 年会 (7th : 2009 : Shanghai, China)',
    });
    expect(t.alternateScripts).toContain('上海 : 上海人民出版社, 2009.');
  });

  it('files each 880 under the field its $6 links to, for search', () => {
    const sub = (code: string, value: string) => ({ code, value });
    const linked = (tag: string, ...subfields: { code: string; value: string }[]) => ({
      tag,
      ind1: ' ',
      ind2: ' ',
      subfields,
    });
    const record: MarcRecord = {
      leader: '00000nam a2200000 i 4500',
      fields: [
        linked('100', sub('6', '880-01'), sub('a', 'Buĭda, I͡Uriĭ,'), sub('e', 'autor.')),
        linked('245', sub('6', '880-02'), sub('a', 'Prusskai͡a nevesta /'), sub('c', 'I͡Uriĭ Buĭda.')),
        linked('880', sub('6', '100-01/(N'), sub('a', 'Буйда, Юрий,'), sub('e', 'автор.')),
        linked('880', sub('6', '245-02/(N'), sub('a', 'Прусская невеста /'), sub('c', 'Юрий Буйда.')),
        linked('880', sub('6', '246-03/(N'), sub('a', 'Калининградские рассказы')),
        linked('880', sub('6', '700-04/(N'), sub('a', 'Иванов, Иван')),
        linked('880', sub('6', '651-05/(N'), sub('a', 'Калининград'), sub('x', 'История'), sub('0', 'id')),
        linked('880', sub('6', '611-06/(N'), sub('a', 'Съезд'), sub('j', 'участник')),
        linked('880', sub('6', '260-07/(N'), sub('a', 'Москва')),
      ],
    };
    const t = titleOf(record);
    expect(t.vernacularTitle).toBe('Прусская невеста');
    expect(t.linkedScripts).toEqual({
      // The 245's 880 is the vernacular title already.
      title: ['Калининградские рассказы'],
      // The name heading's subfields only (no relator).
      author: ['Буйда, Юрий,', 'Иванов, Иван'],
      subject: ['Калининград История', 'Съезд'],
    });
    // Without a 245 link back, its 880 is a title too.
    const unlinked = titleOf({
      ...record,
      fields: record.fields.map((f) =>
        f.tag === '245' ? { ...f, subfields: f.subfields!.filter((s) => s.code !== '6') } : f,
      ),
    });
    expect(unlinked.vernacularTitle).toBeNull();
    expect(unlinked.linkedScripts.title).toEqual(['Прусская невеста /', 'Калининградские рассказы']);
  });

  it('finds the vernacular titles of the traject test set (Japanese, Korean, Chinese, Arabic script, Hebrew)', () => {
    const vernacular = sampleRecords('traject-test-data-utf8.mrc').map(
      (r) => titleOf(r).vernacularTitle ?? '',
    );
    expect(vernacular).toContain('久保栄「火山灰地」を読む');
    expect(vernacular).toContain('高麗 人物 列傅');
    expect(
      vernacular.filter((v) => /\p{Script=Han}|\p{Script=Hangul}/u.test(v)).length,
    ).toBeGreaterThanOrEqual(6);
    expect(vernacular.some((v) => /\p{Script=Arabic}/u.test(v))).toBe(true);
    expect(vernacular.some((v) => /\p{Script=Hebrew}/u.test(v))).toBe(true);
  });

  it('converts ISBN-10 to ISBN-13 and keeps the ISBN-10', () => {
    const t = mapped('lc-m2bf-gwu.xml', '11865869');
    expect(t.isbn).toEqual(['9787208089587']);
    expect(t.isbn10).toEqual(['7208089582']);
    expect(t.invalidIsbn).toEqual([]);
  });

  it('puts every bad ISBN of the bad-ISBN file in invalidIsbn and only good ones in isbn', () => {
    const results = sampleRecords('evergreen-badisbns.xml').map(titleOf);
    for (const t of results) expect(t.invalidIsbn.length).toBeGreaterThan(0);
    expect(results.find((t) => t.controlNumber === 'ocm69733027')).toMatchObject({
      isbn: ['9781845332136'],
      isbn10: ['184533213X'],
      invalidIsbn: ['978184533213X'],
    });
    // 890… is an EAN, not an ISBN (those start 978 or 979).
    expect(results.find((t) => t.controlNumber === 'mrq01239723')).toMatchObject({
      isbn: [],
      invalidIsbn: ['8901452100503'],
    });
    expect(results.find((t) => t.controlNumber === 'ocm25104511')).toMatchObject({
      isbn: ['9780553204308', '9780553268478'],
      invalidIsbn: ['0553101315175'],
    });
  });

  it('extracts 856 links with their description', () => {
    const t = mapped('koha-sample-bibs.xml', '2504398');
    expect(t.onlineLinks).toEqual([
      {
        url: 'http://www.loc.gov/catdir/bios/ucal051/92021731.html',
        description: 'Contributor biographical information',
      },
      {
        url: 'http://www.loc.gov/catdir/description/ucal041/92021731.html',
        description: 'Publisher description',
      },
    ]);
    expect(t.coverUrl).toBeNull();
  });

  it('reads Koha 952 items (library, call number, barcode, item type, status)', () => {
    const record = buildRecord({
      controlNumber: 'k1',
      title: 'Dom Casmurro',
      entered: new Date('2024-01-01'),
    });
    record.fields.push(
      {
        tag: '952',
        ind1: ' ',
        ind2: ' ',
        subfields: [
          { code: 'a', value: 'CPL' },
          { code: 'b', value: 'CPL' },
          { code: 'c', value: 'GEN' },
          { code: 'o', value: '869.3 A848d' },
          { code: 'p', value: '39999000001' },
          { code: 'y', value: 'BK' },
        ],
      },
      {
        tag: '952',
        ind1: ' ',
        ind2: ' ',
        subfields: [
          { code: 'a', value: 'MPL' },
          { code: 'p', value: '39999000002' },
          { code: 'y', value: 'BK' },
          { code: '1', value: '1' },
        ],
      },
      {
        tag: '952',
        ind1: ' ',
        ind2: ' ',
        subfields: [
          { code: 'a', value: 'MPL' },
          { code: 'p', value: '39999000003' },
          { code: 'q', value: '2024-02-01' },
          { code: 'h', value: 'v. 2' },
        ],
      },
    );
    expect(titleOf(record).copies).toEqual([
      {
        library: 'CPL',
        barcode: '39999000001',
        callNumber: '869.3 A848d',
        volume: null,
        location: 'GEN',
        loanType: 'BK',
        status: 'available',
      },
      {
        library: 'MPL',
        barcode: '39999000002',
        callNumber: null,
        volume: null,
        location: null,
        loanType: 'BK',
        status: 'lost',
      },
      {
        library: 'MPL',
        barcode: '39999000003',
        callNumber: null,
        volume: 'v. 2',
        location: null,
        loanType: null,
        status: 'on_loan',
      },
    ]);
  });

  it('reads the Unicorn 949 items of the jazz file', () => {
    const t = mapped('evergreen-jazz-1k.mrc', '03-0018058');
    expect(t.copies).toHaveLength(2);
    expect(t.copies[0]).toEqual({
      library: 'HUNTINGTON',
      barcode: '30007007465361',
      callNumber: '3489  CD',
      volume: null,
      location: 'HUNT-AUDIO',
      loanType: 'SOUND',
      status: null,
    });
    expect(t.workType).toBe('MUSICA_GRAVADA');
  });

  it('does not read the year or language from a collapsed 008', () => {
    // Concerto's 008 "970701n nyu 00 eng u" lost its runs of spaces: 07-10 is " nyu", 35-37 is empty.
    const t = mapped('evergreen-concerto-bibs.xml', '03-0003730');
    expect(t.year).toBe(1972);
    expect(t.language).toBeNull();
    // A collapsed 008 whose 07-10 still looks like a year is not trusted either: 260 $c wins.
    const record = buildRecord({
      controlNumber: 'c1',
      title: 'Collapsed',
      place: 'Roma',
      publisher: 'Ricordi',
      year: 1990,
      entered: new Date('2024-01-01'),
    });
    const collapsed = {
      ...record,
      fields: record.fields.map((f) =>
        f.tag === '008' ? { tag: '008', value: '970701s1989 it a u000 0 ita u' } : f,
      ),
    };
    expect(titleOf(collapsed)).toMatchObject({ year: 1990, language: null });
  });

  it('reads the 008 of the Nepali file, padded past 40 characters with blanks', () => {
    expect(titleOf(sampleRecords('evergreen-nepali.mrc')[1]!)).toMatchObject({ year: 1967, language: 'nep' });
  });

  it('uses the first whole 008 when the record repeats it (Hebrew file)', () => {
    for (const record of sampleRecords('evergreen-hebrew.mrc')) {
      expect(record.fields.filter((f) => f.tag === '008')).toHaveLength(2);
      expect(titleOf(record).year).not.toBeNull();
    }
  });

  it('maps the work types a patron sees', () => {
    const count = (file: string) => {
      const counts: Record<string, number> = {};
      for (const r of sampleRecords(file)) {
        const m = mapTitle(r);
        if (!('error' in m)) counts[m.workType] = (counts[m.workType] ?? 0) + 1;
      }
      return counts;
    };
    expect(count('lc-m2bf-princeton.xml').MANUSCRITO).toBeGreaterThan(50);
    expect(count('evergreen-serials.xml')).toEqual({ PERIODICO: 7 });
    expect(count('evergreen-maps.mrc')).toEqual({ MAPA: 3 });
    expect(count('evergreen-oss.mrc')).toMatchObject({ ARQUIVO_COMPUTADOR: 9, EBOOK: 5 });
    expect(count('evergreen-jazz-1k.mrc')).toMatchObject({ MUSICA_GRAVADA: 584 });
    expect(count('evergreen-lul-fre-500.mrc').TESE).toBe(4);
    expect(count('evergreen-rda-samples.mrc')).toMatchObject({ MAPA: 1, IMAGEM: 1, VIDEO: 2 });
    // Koha records with a blank leader/06 fall back on Koha's 942 $c item type.
    const blank = sampleRecords('koha-sample-bibs.xml').filter((r) => classify(r) === 'unknown');
    expect(blank).toHaveLength(43);
    for (const record of blank) {
      const itemType = record.fields
        .find((f) => f.tag === '942')
        ?.subfields?.find((s) => s.code === 'c')?.value;
      const expected =
        { BK: 'LIVRO', CR: 'PERIODICO', MX: 'MATERIAL_MISTO', EBOOK: 'EBOOK' }[itemType ?? ''] ?? 'OUTRO';
      expect(titleOf(record).workType).toBe(expected);
    }
  });

  it('flags large-print books as accessible', () => {
    expect(mapped('lc-m2bf-british-library.xml', '007625792').isAccessible).toBe(true);
    expect(mapped('solrmarc-uva-2000.mrc', 'u1').isAccessible).toBe(false);
    expect(
      titleOf(
        buildRecord({ title: 'Dom Casmurro', accessibility: 'Braille', entered: new Date('2024-01-01') }),
      ).isAccessible,
    ).toBe(true);
  });

  it('takes the cover from an 856 labelled Capa and keeps it out of the online links', () => {
    const t = titleOf(
      buildRecord({
        title: 'Capa',
        coverUrl: 'https://example.org/c.jpg',
        onlineLinks: [{ url: 'https://example.org/e', description: 'Texto completo' }],
      }),
    );
    expect(t.coverUrl).toBe('https://example.org/c.jpg');
    expect(t.onlineLinks).toEqual([{ url: 'https://example.org/e', description: 'Texto completo' }]);
  });

  it('keeps Koha authority ids ($9) for linking', () => {
    const t = mapped('koha-sample-bibs.xml', '17446121');
    expect(
      t.authors.concat().some((a) => a.authorityId !== null) ||
        t.subjects.some((s) => s.authorityId !== null),
    ).toBe(true);
  });
});
