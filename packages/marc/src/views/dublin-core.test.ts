import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/sample-files.ts';
import { buildRecord } from './build-record.ts';
import { toDublinCore } from './dublin-core.ts';

const values = (dc: { element: string; value: string }[], element: string) =>
  dc.filter((e) => e.element === element).map((e) => e.value);

describe('MARC → simple Dublin Core (Library of Congress crosswalk)', () => {
  it('maps a UVA book: title, creator, subjects, description, publisher, date, type, language', () => {
    const dc = toDublinCore(sampleRecord('solrmarc-uva-2000.mrc', 'u1'));
    expect(dc).toEqual([
      {
        element: 'title',
        value:
          'The book of the dance in the 20th century selections from the Jane Bourne Parton collection of books on the dance',
      },
      { element: 'creator', value: 'Roatcap, Adela Spindler' },
      { element: 'subject', value: 'Parton, Jane Bourne, -1962 -- Library' },
      { element: 'subject', value: 'Dance -- History -- 20th century' },
      { element: 'description', value: '"Bibliographies of dancing": p. 37 plus' },
      { element: 'description', value: '2 14' },
      { element: 'publisher', value: 'Oakland, Calif. : Mills College Library' },
      { element: 'date', value: '1984' },
      { element: 'type', value: 'Text' },
      { element: 'language', value: 'eng' },
    ]);
  });

  it('adds class numbers to subject, ISBN and 856 $u to identifier, 546 to language', () => {
    const dc = toDublinCore(sampleRecord('lc-m2bf-gwu.xml', '11865869'));
    expect(values(dc, 'subject')).toEqual(['DS777.8 .S424 2009']);
    // 651 is a place: coverage, not subject.
    expect(values(dc, 'coverage')).toEqual(['China -- Foreign relations -- 1949- -- Congresses']);
    expect(values(dc, 'identifier')).toEqual(['9787208089587', '7208089582']);
    expect(values(dc, 'language')).toEqual(['chi', 'eng', 'Table of contents also in English']);
    expect(values(dc, 'creator')[0]).toBe(
      'Shanghai Shi she hui ke xue jie lian he hui. Nian hui (7th : 2009 : Shanghai, China)',
    );
  });

  it('types sound recordings as Sound and serials as Text and Collection (plus 655), with 506 as rights', () => {
    expect(values(toDublinCore(sampleRecord('evergreen-jazz-1k.mrc', '03-0018058')), 'type')).toEqual([
      'Sound',
    ]);
    const serial = toDublinCore(sampleRecord('koha-sample-bibs.xml', '5645899'));
    expect(values(serial, 'type')).toEqual(['Text', 'Collection', 'Electronic journals']);
    expect(values(serial, 'rights')).toEqual(['Access limited to subscribers.']);
    expect(values(serial, 'description')).not.toContain('Access limited to subscribers.');
  });

  it('puts 651 and 752 in coverage and 856 $q in format', () => {
    const record = buildRecord({
      title: 'Mapa',
      subjects: [{ term: 'Brasil -- Mapas', kind: 'geographic' }],
      entered: new Date('2024-01-01'),
    });
    record.fields.push(
      {
        tag: '752',
        ind1: ' ',
        ind2: ' ',
        subfields: [
          { code: 'a', value: 'Brasil' },
          { code: 'b', value: 'São Paulo' },
        ],
      },
      {
        tag: '856',
        ind1: '4',
        ind2: '0',
        subfields: [
          { code: 'q', value: 'application/pdf' },
          { code: 'u', value: 'https://example.org/m.pdf' },
        ],
      },
    );
    const dc = toDublinCore(record);
    expect(values(dc, 'coverage')).toEqual(['Brasil -- Mapas', 'Brasil -- São Paulo']);
    expect(values(dc, 'format')).toEqual(['application/pdf']);
    expect(values(dc, 'identifier')).toEqual(['https://example.org/m.pdf']);
    expect(values(dc, 'subject')).toEqual([]);
  });
});
