import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/sample-files.ts';
import type { MarcField } from '../types.ts';
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

  it('follows the crosswalk for every element: each tag it lists, and the fields it leaves out', () => {
    const data = (tag: string, ...pairs: string[]): MarcField => ({
      tag,
      ind1: tag === '264' ? ' ' : '0',
      ind2: tag === '264' ? '1' : ' ',
      subfields: pairs.map((pair) => ({ code: pair[0]!, value: pair.slice(1) })),
    });
    const record = {
      leader: '00000ngm a2200000 a 4500',
      fields: [
        { tag: '008', value: '240101s1999    bl            000 0 por d' },
        data('041', 'aporeng', 'bfre', 'zita', 'h SPAx'),
        data('246', 'aOutro título'),
        data('264', 'aRio de Janeiro :', 'bFilmes,', 'c2001.'),
        { ...data('264', 'aSão Paulo :', 'bCópias,', 'c2002.'), ind2: '2' },
        data('111', 'aSemana de Cinema', 'd(1999)'),
        data('720', 'aFulano'),
        data('600', 'aMachado de Assis,', 'd1839-1908,', 'eautor'),
        data('610', 'aCinemateca Brasileira'),
        data('650', 'eassunto'),
        data('630', 'aDom Casmurro (Filme)'),
        data('653', 'acinema'),
        data('060', 'aWB 100'),
        data('080', 'a791.43'),
        data('500', 'aNota geral.'),
        data('500', 'a'),
        data('599', 'aNota local.'),
        data('505', 'aParte 1 -- Parte 2.'),
        data('530', 'aTambém em DVD.'),
        data('540', 'aUso livre.'),
        data('546', 'aDublado.'),
        data('655', 'aDocumentários.'),
        data('340', 'aPelícula'),
        data('024', 'a7891234567895'),
        data('022', 'a1234-5679'),
        data('534', 'tOriginal em VHS'),
        data('786', 'oFonte', 'tArquivo'),
        data('760', 'tSérie principal'),
        data('787', 'tObra relacionada'),
        data('662', 'aBrasil', 'dRio de Janeiro'),
        data('751', 'aNiterói'),
      ],
    };
    const dc = toDublinCore(record);
    const of = (element: string) => values(dc, element);
    expect(of('title')).toEqual(['Outro título']);
    expect(of('creator')).toEqual(['Semana de Cinema (1999)', 'Fulano']);
    // A heading's relator ($e) is not part of it; a heading of a relator alone is none.
    expect(of('subject')).toEqual([
      'Machado de Assis, 1839-1908',
      'Cinemateca Brasileira',
      'Dom Casmurro (Filme)',
      'cinema',
      'WB 100',
      '791.43',
    ]);
    // 534 is a note as well as the source (the crosswalk leaves out only 506, 530, 540 and 546).
    expect(of('description')).toEqual([
      'Nota geral.',
      'Nota local.',
      'Parte 1 -- Parte 2.',
      'Original em VHS',
    ]);
    expect(of('publisher')).toEqual(['Rio de Janeiro : Filmes']);
    expect(of('date')).toEqual(['2001']);
    expect(of('type')).toEqual(['Image', 'Documentários']);
    expect(of('format')).toEqual(['Película']);
    expect(of('identifier')).toEqual(['1234-5679', '7891234567895']);
    expect(of('source')).toEqual(['Original em VHS', 'Fonte Arquivo']);
    // 041 codes in any case, and a leftover shorter than a code left out.
    expect(of('language')).toEqual(['por', 'eng', 'fre', 'spa', 'Dublado']);
    // 786, the data source entry, is a relation too (760–787 $o $t).
    expect(of('relation')).toEqual([
      'Também em DVD.',
      'Série principal',
      'Fonte Arquivo',
      'Obra relacionada',
    ]);
    expect(of('coverage')).toEqual(['Brasil Rio de Janeiro', 'Niterói']);
    expect(of('rights')).toEqual(['Uso livre.']);
  });

  it('dates a record from 008 only when it has no 260 or 264 date, and types by leader/06', () => {
    const dc = (leader: string, fixed: string) =>
      toDublinCore({ leader, fields: [{ tag: '008', value: fixed }] });
    const fixed = '240101s1999    bl            000 0 por d';
    expect(values(dc('00000nim a2200000 a 4500', fixed), 'date')).toEqual(['1999']);
    expect(values(dc('00000nim a2200000 a 4500', fixed), 'type')).toEqual(['Sound']);
    expect(values(dc('00000nkm a2200000 a 4500', fixed.replace('1999', '19uu')), 'date')).toEqual([]);
    expect(values(dc('00000nkm a2200000 a 4500', fixed), 'type')).toEqual(['Image']);
    expect(values(dc('00000nrm a2200000 a 4500', fixed), 'type')).toEqual([]);
    expect(values(dc('00000ntc a2200000 a 4500', fixed), 'type')).toEqual(['Text', 'Collection']);
    // A leader cut short has no type; without an 008 there is no date and no language from it.
    expect(toDublinCore({ leader: '00000', fields: [] })).toEqual([]);
    expect(values(dc('00000nam a2200000 a 4500', fixed.replace('por', '|||')), 'language')).toEqual([]);
  });
});
