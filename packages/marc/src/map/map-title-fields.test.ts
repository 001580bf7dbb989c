import { describe, expect, it } from 'vitest';
import type { MarcField } from '../types.ts';
import { headingOf, mapTitle, type MappedTitle } from './map-title.ts';
import { dataField, type Pair } from '../testing/fields.ts';

// Field by field, the rules of map-title.ts on small records written as a cataloguer would: which
// tags and subfields feed each field of the title, in which order of preference, with which
// punctuation left out. Every expected value is written out by hand.

const data = dataField;
const control = (tag: string, value: string): MarcField => ({ tag, value });

/** Leader of a record: type (06) and bibliographic level (07); a book by default. */
const leader = (type = 'a', level = 'm') => `00000n${type}${level} a2200000 i 4500`;

/** A 008 of 40 characters, blank but for the given positions. */
function fixed(parts: Record<number, string>): MarcField {
  const chars = [...' '.repeat(40)];
  for (const [position, text] of Object.entries(parts))
    [...text].forEach((c, i) => (chars[Number(position) + i] = c));
  return control('008', chars.join(''));
}

const TITLE = data('245', '10', ['a', 'Memórias póstumas de Brás Cubas']);

/** Maps a record of these fields (a plain 245 added when they have none). */
function map(fields: MarcField[], recordLeader = leader()): MappedTitle {
  const all = fields.some((f) => f.tag === '245') ? fields : [TITLE, ...fields];
  const mapped = mapTitle({ leader: recordLeader, fields: all });
  if ('error' in mapped) throw new Error(mapped.error);
  return mapped;
}

describe('title (245)', () => {
  it('keeps $a $b $n $p as the title and $a $b $c $f $g $k $n $p $s as the statement', () => {
    const t = map([
      data(
        '245',
        '10',
        ['6', '880-01'],
        ['a', 'Obras completas.'],
        ['n', 'Volume 2,'],
        ['p', 'Poesia :'],
        ['b', 'edição crítica /'],
        ['c', 'Carlos Drummond de Andrade.'],
        ['h', '[texto impresso]'],
        ['f', '1930-1987'],
        ['g', '(bulk 1940-1960)'],
        ['k', 'Coletânea'],
        ['s', 'Versão revista'],
      ),
    ]);
    expect(t.title).toBe('Obras completas. Volume 2, Poesia : edição crítica');
    expect(t.titleStatement).toBe(
      'Obras completas. Volume 2, Poesia : edição crítica / Carlos Drummond de Andrade. 1930-1987 (bulk 1940-1960) Coletânea Versão revista',
    );
  });

  it('takes the form ($k) as the title of an archival record that has no $a', () => {
    const t = map([data('245', '00', ['k', 'Correspondência,'], ['f', '1920-1950.'])]);
    expect(t.title).toBe('Correspondência');
    expect(t.titleStatement).toBe('Correspondência, 1920-1950.');
  });

  it('refuses a 245 with neither title words nor form', () => {
    expect(mapTitle({ leader: leader(), fields: [data('245', '10', ['c', 'Fulano.'])] })).toEqual({
      error: 'title (245) is empty',
    });
  });

  it('takes the only 245 as the title even when it is not in the Latin script', () => {
    const t = map([data('245', '10', ['a', 'Война и мир /'], ['c', 'Лев Толстой.'])]);
    expect(t.title).toBe('Война и мир');
    expect(t.vernacularTitle).toBeNull();
  });

  it('keeps the first 245 when both are Latin, and the second one searchable only', () => {
    const t = map([
      data('245', '10', ['a', 'Dom Casmurro']),
      data('245', '10', ['a', 'Dom Casmurro : romance'], ['6', '880-09']),
    ]);
    expect(t.title).toBe('Dom Casmurro');
    expect(t.vernacularTitle).toBeNull();
    expect(t.extraSearchText).toBe('Dom Casmurro : romance');
  });

  it('gives no vernacular title when the linked 880 says the same or only a statement of responsibility', () => {
    const same = map([
      data('245', '10', ['6', '880-01'], ['a', 'Tokyo.']),
      data('880', '10', ['6', '245-01'], ['a', 'Tokyo.']),
    ]);
    expect(same.vernacularTitle).toBeNull();
    // Then the 880 is searched as a title in its own right.
    expect(same.linkedScripts.title).toEqual(['Tokyo.']);
    const onlyStatement = map([
      data('245', '10', ['6', '880-01'], ['a', 'Tōkyō']),
      data('880', '10', ['6', '245-01'], ['c', '東京都.']),
    ]);
    expect(onlyStatement.vernacularTitle).toBeNull();
  });
});

describe('control number (001, 003)', () => {
  it('uses 001 and 003 as written', () => {
    const t = map([control('001', '000123456'), control('003', 'BR-RjBN')]);
    expect([t.controlNumber, t.controlSource]).toEqual(['000123456', 'BR-RjBN']);
  });

  it('stands in a hash of title, main author and year when there is no 001, whatever the case or Unicode form', () => {
    const record = (title: string, author: string) =>
      map([
        data('245', '10', ['a', title]),
        data('100', '1 ', ['a', author]),
        data('260', '  ', ['c', '1934.']),
      ]);
    // sha1("são bernardo␟ramos, graciliano␟1934"), first 16 hex digits.
    expect(record('São Bernardo', 'Ramos, Graciliano').controlNumber).toBe('h:e6cf5574bbe804d4');
    expect(record('SÃO BERNARDO'.normalize('NFD'), 'Ramos, Graciliano').controlNumber).toBe(
      'h:e6cf5574bbe804d4',
    );
    // No author and no year: both parts empty (sha1("dom casmurro␟␟")).
    const bare = map([data('245', '10', ['a', 'Dom Casmurro'])]);
    expect([bare.controlNumber, bare.controlSource]).toEqual(['h:941017a57b1ca834', null]);
  });
});

describe('names (1XX main entry, 7XX added entries)', () => {
  const noName = { vernacular: null, authorityId: null };
  it.each([
    {
      field: data(
        '100',
        '0 ',
        ['a', 'Pedro'],
        ['b', 'II,'],
        ['c', 'Emperor of Brazil,'],
        ['d', '1825-1891,'],
        ['e', 'author.'],
        ['u', 'Petrópolis'],
        ['4', 'aut'],
      ),
      author: {
        name: 'Pedro II, Emperor of Brazil, 1825-1891',
        role: 'author',
        kind: 'person',
        main: true,
        dates: '1825-1891',
      },
    },
    {
      field: data(
        '110',
        '2 ',
        ['a', 'Sociedade Brasileira de Física.'],
        ['b', 'Reunião Anual'],
        ['n', '(12. :'],
        ['d', '1990 :'],
        ['c', 'Rio de Janeiro)'],
        ['g', 'Comissão Científica,'],
        ['e', 'editor.'],
        ['u', 'USP'],
      ),
      author: {
        name: 'Sociedade Brasileira de Física. Reunião Anual (12. : 1990 : Rio de Janeiro) Comissão Científica',
        role: 'editor',
        kind: 'corporate',
        main: true,
        dates: null,
      },
    },
    {
      field: data(
        '111',
        '2 ',
        ['a', 'Congresso Brasileiro de Biblioteconomia'],
        ['e', 'Comissão Organizadora'],
        ['q', '(CBBD)'],
        ['n', '(15. :'],
        ['d', '1989 :'],
        ['c', 'Rio de Janeiro)'],
        ['g', 'Anais,'],
        ['j', 'organizador.'],
        ['u', 'FEBAB'],
        ['4', 'orm'],
      ),
      author: {
        name: 'Congresso Brasileiro de Biblioteconomia Comissão Organizadora (CBBD) (15. : 1989 : Rio de Janeiro) Anais',
        role: 'organizador',
        kind: 'meeting',
        main: true,
        dates: null,
      },
    },
    {
      field: data(
        '700',
        '12',
        ['a', 'Andrade, C. D. de'],
        ['q', '(Carlos Drummond de),'],
        ['d', '1902-1987,'],
        ['e', 'prefaciador.'],
        ['t', 'Poesia completa.'],
      ),
      author: {
        name: 'Andrade, C. D. de (Carlos Drummond de), 1902-1987',
        role: 'prefaciador',
        kind: 'person',
        main: false,
        dates: '1902-1987',
      },
    },
    {
      field: data(
        '710',
        '2 ',
        ['a', 'Biblioteca Nacional (Brasil).'],
        ['b', 'Divisão de Obras Raras,'],
        ['e', 'depositário.'],
        ['4', 'dpt'],
      ),
      author: {
        name: 'Biblioteca Nacional (Brasil). Divisão de Obras Raras',
        role: 'depositário',
        kind: 'corporate',
        main: false,
        dates: null,
      },
    },
    {
      field: data(
        '711',
        '2 ',
        ['a', 'Bienal Internacional do Livro'],
        ['n', '(20. :'],
        ['d', '2008 :'],
        ['c', 'São Paulo, SP)'],
        ['e', 'Comitê de Curadoria,'],
        ['j', 'patrocinador.'],
      ),
      author: {
        name: 'Bienal Internacional do Livro (20. : 2008 : São Paulo, SP) Comitê de Curadoria',
        role: 'patrocinador',
        kind: 'meeting',
        main: false,
        dates: null,
      },
    },
  ])('maps $field.tag with its name subfields, relator, kind and entry', ({ field, author }) => {
    expect(map([field]).authors).toEqual([{ ...author, ...noName }]);
  });

  it('takes the relator code ($4) when no relator term is written, and joins several terms', () => {
    const t = map([
      data('700', '1 ', ['a', 'Portinari, Candido,'], ['e', ','], ['4', 'ill']),
      data('700', '1 ', ['a', 'Rosa, Noel,'], ['e', 'compositor,'], ['e', 'letrista.']),
      data('700', '1 ', ['a', 'Bandeira, Manuel.']),
    ]);
    expect(t.authors.map((a) => a.role)).toEqual(['ill', 'compositor, letrista', null]);
  });

  it('keeps only the first 1XX as the main entry, and lists names in tag order', () => {
    const t = map([
      data('711', '2 ', ['a', 'Congresso de História']),
      data('700', '1 ', ['a', 'Silva, Ana']),
      data('110', '2 ', ['a', 'Academia Brasileira de Letras.']),
      data('100', '1 ', ['a', 'Assis, Machado de,'], ['d', '1839-1908.']),
      data('710', '2 ', ['a', 'Editora Globo.']),
    ]);
    expect(t.authors.map((a) => [a.name, a.main, a.dates])).toEqual([
      ['Assis, Machado de, 1839-1908', true, '1839-1908'],
      ['Academia Brasileira de Letras', false, null],
      ['Silva, Ana', false, null],
      ['Editora Globo', false, null],
      ['Congresso de História', false, null],
    ]);
  });

  it('skips a name field with no name in it; a 7XX never becomes the main entry', () => {
    const t = map([data('100', '1 ', ['e', 'autor.']), data('700', '1 ', ['a', 'Silva, Ana.'])]);
    expect(t.authors).toEqual([
      { name: 'Silva, Ana', role: null, kind: 'person', main: false, dates: null, ...noName },
    ]);
  });

  it('leaves dates null when $d is only punctuation', () => {
    expect(map([data('100', '1 ', ['a', 'Anônimo,'], ['d', ','])]).authors[0]?.dates).toBeNull();
  });

  it('keeps a non-Latin added entry as a name of its own beside a Latin main entry', () => {
    const t = map([data('100', '1 ', ['a', 'Tolstoy, Leo']), data('700', '1 ', ['a', 'Толстая, Софья'])]);
    expect(t.authors.map((a) => [a.name, a.main, a.vernacular])).toEqual([
      ['Tolstoy, Leo', true, null],
      ['Толстая, Софья', false, null],
    ]);
  });

  it('keeps added entries in record order whatever their script', () => {
    const t = map([data('700', '1 ', ['a', 'Толстой, Лев']), data('700', '1 ', ['a', 'Tolstoy, Leo'])]);
    expect(t.authors.map((a) => a.name)).toEqual(['Толстой, Лев', 'Tolstoy, Leo']);
  });

  it('makes a repeated 1XX in another script the vernacular form of the Latin main entry', () => {
    const t = map([
      data('100', '1 ', ['a', 'शाह, वीरेन्द्रविक्रम']),
      data('100', '1 ', ['a', 'Śāha, Vīrendravikram.']),
    ]);
    expect(t.authors).toEqual([
      {
        name: 'Śāha, Vīrendravikram',
        role: null,
        kind: 'person',
        main: true,
        vernacular: 'शाह, वीरेन्द्रविक्रम',
        dates: null,
        authorityId: null,
      },
    ]);
  });

  it('keeps a repeated non-Latin 1XX as a name of its own when the main entry has its 880 already', () => {
    const t = map([
      data('100', '1 ', ['6', '880-01'], ['a', 'Buĭda, I͡Uriĭ,']),
      data('100', '1 ', ['a', 'Буйда, Ю.']),
      data('880', '1 ', ['6', '100-01/(N'], ['a', 'Буйда, Юрий,'], ['e', 'автор.']),
    ]);
    expect(t.authors.map((a) => [a.name, a.main, a.vernacular])).toEqual([
      ['Buĭda, I͡Uriĭ', true, 'Буйда, Юрий'],
      ['Буйда, Ю.', false, null],
    ]);
  });

  it('reads the vernacular form of an added entry from its 880, and nothing from an 880 without a name', () => {
    const t = map([
      data('700', '1 ', ['6', '880-02'], ['a', 'Murakami, Haruki,']),
      data('700', '1 ', ['6', '880-03'], ['a', 'Rubin, Jay.']),
      data('880', '1 ', ['6', '700-02/$1'], ['a', '村上春樹,']),
      data('880', '1 ', ['6', '700-03/$1'], ['e', '訳.']),
    ]);
    expect(t.authors.map((a) => a.vernacular)).toEqual(['村上春樹', null]);
  });

  it('takes the authority id from $9 (Koha) before $0', () => {
    const t = map([
      data('100', '1 ', ['a', 'Lispector, Clarice'], ['0', '(BR-RjBN)12345'], ['9', '77']),
      data('700', '1 ', ['a', 'Veloso, Caetano'], ['0', '(BR-RjBN)678']),
    ]);
    expect(t.authors.map((a) => a.authorityId)).toEqual(['77', '(BR-RjBN)678']);
  });
});

describe('subjects (6XX)', () => {
  it.each([
    {
      field: data(
        '600',
        '14',
        ['a', 'Assis, Machado de,'],
        ['d', '1839-1908'],
        ['e', 'retratado.'],
        ['x', 'Crítica e interpretação.'],
        ['0', 'http://id.loc.gov/authorities/names/n79063890'],
      ),
      subject: {
        term: 'Assis, Machado de, 1839-1908 -- Crítica e interpretação',
        kind: 'person',
        authorityId: 'http://id.loc.gov/authorities/names/n79063890',
      },
    },
    {
      field: data('610', '24', ['a', 'Petrobras'], ['e', 'patrocinador'], ['x', 'História.']),
      subject: { term: 'Petrobras -- História', kind: 'corporate', authorityId: null },
    },
    {
      field: data(
        '611',
        '24',
        ['a', 'Congresso Eucarístico Internacional'],
        ['n', '(36. :'],
        ['d', '1955 :'],
        ['c', 'Rio de Janeiro)'],
        ['e', 'Comissão Central'],
        ['j', 'participante'],
      ),
      subject: {
        term: 'Congresso Eucarístico Internacional (36. : 1955 : Rio de Janeiro) Comissão Central',
        kind: 'meeting',
        authorityId: null,
      },
    },
    {
      field: data(
        '630',
        '04',
        ['a', 'Bíblia.'],
        ['p', 'Novo Testamento'],
        ['e', 'citado'],
        ['x', 'Comentários.'],
      ),
      subject: { term: 'Bíblia. Novo Testamento -- Comentários', kind: 'uniform_title', authorityId: null },
    },
    {
      field: data('648', ' 7', ['a', '1964-1985'], ['e', 'período'], ['2', 'fast'], ['9', '31']),
      subject: { term: '1964-1985', kind: 'chronological', authorityId: '31' },
    },
    {
      field: data(
        '650',
        ' 4',
        ['a', 'Literatura brasileira'],
        ['x', 'História e crítica'],
        ['y', 'Século XIX'],
        ['z', 'Rio de Janeiro (RJ)'],
        ['v', 'Periódicos.'],
        ['e', 'assunto'],
      ),
      subject: {
        term: 'Literatura brasileira -- História e crítica -- Século XIX -- Rio de Janeiro (RJ) -- Periódicos',
        kind: 'topical',
        authorityId: null,
      },
    },
    {
      field: data(
        '651',
        ' 4',
        ['a', 'Brasil'],
        ['x', 'História'],
        ['y', 'Império, 1822-1889.'],
        ['e', 'local'],
      ),
      subject: { term: 'Brasil -- História -- Império, 1822-1889', kind: 'geographic', authorityId: null },
    },
    {
      field: data('653', ' 0', ['a', 'Romance brasileiro']),
      subject: { term: 'Romance brasileiro', kind: 'topical', authorityId: null },
    },
    {
      field: data('655', ' 7', ['a', 'Romance.'], ['e', 'forma'], ['2', 'larpcal']),
      subject: { term: 'Romance', kind: 'genre_form', authorityId: null },
    },
  ])(
    'maps $field.tag as its kind, subdivisions joined, relator and control subfields left out',
    ({ field, subject }) => {
      expect(map([field]).subjects).toEqual([subject]);
    },
  );

  it('lists subjects in tag order, once per kind and term, and skips headings without words', () => {
    const t = map([
      data('655', ' 4', ['a', 'Dança.']),
      data('653', ' 0', ['a', 'Dança']),
      data('650', ' 4', ['a', 'Dança.']),
      data('650', ' 4', ['0', 'http://id.loc.gov/authorities/subjects/sh85035653']),
      data('650', ' 4', ['a', 'Dança']),
      data('600', '14', ['a', 'Duncan, Isadora,'], ['d', '1877-1927.']),
    ]);
    expect(t.subjects.map((s) => [s.kind, s.term])).toEqual([
      ['person', 'Duncan, Isadora, 1877-1927'],
      ['topical', 'Dança'],
      ['genre_form', 'Dança'],
    ]);
  });

  it('trims each subfield of a heading and skips blank ones between words', () => {
    const t = map([
      data('611', '24', ['a', 'Congresso Eucarístico '], ['n', ' '], ['d', ' 1955'], ['x', ' História ']),
    ]);
    expect(t.subjects.map((s) => s.term)).toEqual(['Congresso Eucarístico 1955 -- História']);
  });

  it('keeps a heading of subdivisions only, and skips blank subfields', () => {
    const t = map([data('650', ' 4', ['a', ' '], ['x', 'História'], ['x', '  '], ['z', 'Brasil.'])]);
    expect(t.subjects.map((s) => s.term)).toEqual(['História -- Brasil']);
  });

  it('headingOf leaves out only the control subfields when told to exclude nothing', () => {
    const field = data('650', ' 0', ['a', 'Dança'], ['e', 'tema'], ['0', 'x'], ['9', '1'], ['x', 'História']);
    expect(headingOf(field)).toBe('Dança tema -- História');
    expect(headingOf(field, 'e')).toBe('Dança -- História');
  });
});

describe('880s filed under the field they link to (linkedScripts)', () => {
  it('files names, subjects and titles, and skips 880s with no link, an unknown link or no text', () => {
    const t = map([
      data('880', '1 ', ['a', 'Sem vínculo']),
      data('880', '1 ', ['6', '700-01/(N'], ['e', 'переводчик']),
      data('880', '1 ', ['6', '710-02/(N'], ['a', 'Союз писателей.'], ['b', 'Секция'], ['e', 'издатель']),
      data('880', ' 4', ['6', '650-03/(N'], ['a', ' Поэзия '], ['x', ' '], ['x', 'История'], ['e', 'тема']),
      data('880', ' 0', ['6', '653-04/(N'], ['a', 'Стихи'], ['e', 'ключ']),
      data('880', '  ', ['6', '250-05/(N'], ['a', '2-е изд.']),
      data('880', '10', ['6', '245-06/(N'], ['a', 'Стихи'], ['c', 'Пушкин'], ['h', 'x']),
      data('880', '  ', ['6', '500-07/(N'], ['a', ' ']),
    ]);
    expect(t.linkedScripts).toEqual({
      title: ['Стихи'],
      author: ['Союз писателей. Секция'],
      subject: ['Поэзия История', 'Стихи ключ'],
    });
    expect(t.alternateScripts).toEqual([
      'Sem vínculo',
      'переводчик',
      'Союз писателей. Секция издатель',
      'Поэзия История тема',
      'Стихи ключ',
      '2-е изд.',
      'Стихи Пушкин x',
    ]);
  });
});

describe('edition, imprint and year', () => {
  it('reads the edition from 250 $a $b, the Latin one when it is repeated in two scripts', () => {
    expect(
      map([
        data('250', '  ', ['a', '2-е изд.']),
        data('250', '  ', ['a', '3. ed. /'], ['b', 'revista por J. Silva.'], ['6', '880-04']),
      ]).edition,
    ).toBe('3. ed. / revista por J. Silva');
    expect(map([data('250', '  ', ['3', 'v. 1'])]).edition).toBeNull();
    expect(map([]).edition).toBeNull();
  });

  it('takes place, publisher and date from the 264 of publication (second indicator 1)', () => {
    const t = map([
      data('264', ' 0', ['a', 'Ouro Preto :'], ['b', 'Oficina,'], ['c', '1790.']),
      data('264', ' 1', ['a', 'Rio de Janeiro :'], ['b', 'Record Ltda.,'], ['c', '1990.']),
      data('260', '  ', ['a', 'São Paulo :'], ['b', 'Ática,'], ['c', '1980.']),
      data('264', ' 4', ['c', '©1989']),
    ]);
    expect([t.publicationPlace, t.publisher, t.publicationDate, t.year]).toEqual([
      'Rio de Janeiro',
      'Record Ltda.',
      '1990',
      1990,
    ]);
  });

  it('falls back on 260, then on any 264; with neither the imprint is empty', () => {
    const t = map([
      data('264', ' 4', ['c', '©1989']),
      data('260', '  ', ['a', 'S.l. :'], ['b', 's.n.,'], ['c', '[1980?]']),
    ]);
    expect([t.publicationPlace, t.publisher, t.publicationDate, t.year]).toEqual([
      'S.l.',
      's.n.',
      '1980?',
      1980,
    ]);
    const copyright = map([data('264', ' 4', ['c', '℗2005'])]);
    expect([
      copyright.publicationPlace,
      copyright.publisher,
      copyright.publicationDate,
      copyright.year,
    ]).toEqual([null, null, '℗2005', 2005]);
    const none = map([]);
    expect([none.publicationPlace, none.publisher, none.publicationDate, none.year]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(map([data('260', '  ', ['a', ' : '], ['b', ','])]).publicationPlace).toBeNull();
  });

  it('reads the year from 008/07-10 when the 008 is whole and the year plausible', () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    const imprint = data('260', '  ', ['c', '1975']);
    const yearWith = (f008: MarcField) => map([f008, imprint]).year;
    expect(yearWith(fixed({ 6: 's', 7: '1000' }))).toBe(1000);
    expect(yearWith(fixed({ 6: 's', 7: '0999' }))).toBe(1975);
    expect(yearWith(fixed({ 6: 's', 7: String(nextYear) }))).toBe(nextYear);
    expect(yearWith(fixed({ 6: 's', 7: String(nextYear + 1) }))).toBe(1975);
    expect(yearWith(fixed({ 6: 'm', 7: '19uu' }))).toBe(1975);
    // B.C. dates and unknown dates are no year to show, even when the positions hold digits.
    expect(yearWith(fixed({ 6: 'b', 7: '1990' }))).toBe(1975);
    expect(yearWith(fixed({ 6: 'n', 7: '1990' }))).toBe(1975);
    // An 008 one character too long, with text past 40, is shifted: not read.
    expect(yearWith(control('008', `${fixed({ 6: 's', 7: '1990' }).value!}x`))).toBe(1975);
    expect(yearWith(control('008', fixed({ 6: 's', 7: '1990' }).value!.slice(1)))).toBe(1975);
  });

  it('reads the first plausible four-digit year of 264 (publication), 260, then any 264', () => {
    const yearOf = (...fields: MarcField[]) => map(fields).year;
    expect(
      yearOf(
        data('264', ' 4', ['c', '©2001']),
        data('260', '  ', ['c', '1999']),
        data('264', ' 1', ['c', '2000']),
      ),
    ).toBe(2000);
    expect(yearOf(data('264', ' 4', ['c', '©2001']), data('260', '  ', ['c', '1999']))).toBe(1999);
    // Numbers of five digits hold no year; 0999 and a year after next are not plausible.
    expect(yearOf(data('260', '  ', ['c', 'Tiragem 11999, 19990 ex., 0999, 9000, 1987.']))).toBe(1987);
    expect(yearOf(data('260', '  ', ['c', 's.d.']))).toBeNull();
  });
});

describe('description, series, notes', () => {
  it('reads the first 300 ($a $b $c $e $f $g, final punctuation trimmed)', () => {
    expect(
      map([
        data(
          '300',
          '  ',
          ['3', 'v. 1'],
          ['a', '245 p. :'],
          ['b', 'il. ;'],
          ['c', '23 cm +'],
          ['e', '1 CD-ROM.'],
        ),
        data('300', '  ', ['a', '1 atlas']),
      ]).physicalDescription,
    ).toBe('245 p. : il. ; 23 cm + 1 CD-ROM');
    expect(
      map([data('300', '  ', ['a', '3'], ['f', 'caixas'], ['g', '(30 x 40 cm).'])]).physicalDescription,
    ).toBe('3 caixas (30 x 40 cm)');
  });

  it('reads the series from 490 $a $v, else 830 $a $n $p $v, and keeps the other series searchable', () => {
    const t = map([
      data('490', '1 ', ['a', 'Coleção Primeiros passos ;'], ['v', '12'], ['x', '0102-1234']),
      data('830', ' 0', ['a', 'Primeiros passos.'], ['n', 'Série B,'], ['p', 'Ensaios ;'], ['v', '12.']),
    ]);
    expect(t.series).toBe('Coleção Primeiros passos ; 12');
    expect(t.extraSearchText).toBe(
      'Coleção Primeiros passos ; 12 \nPrimeiros passos. Série B, Ensaios ; 12.',
    );
    expect(map([data('830', ' 0', ['a', 'Primeiros passos.'])]).series).toBe('Primeiros passos');
    expect(map([]).series).toBeNull();
  });

  it('keeps 500, 502, 505 and 520 as notes, the other notes only for search', () => {
    const t = map([
      data('500', '  ', ['a', 'Inclui índice.'], ['5', 'BR-RjBN']),
      data('502', '  ', ['a', 'Tese (doutorado) -- USP, 2010.']),
      data('504', '  ', ['a', 'Bibliografia: p. 200-210.']),
      data('505', '0 ', ['a', 'Capítulo 1 -- Capítulo 2.']),
      data('520', '  ', ['a', 'Estudo sobre a obra.']),
      data('546', '  ', ['a', 'Texto em português e inglês.']),
    ]);
    expect(t.notes).toEqual([
      'Inclui índice.',
      'Tese (doutorado) -- USP, 2010.',
      'Capítulo 1 -- Capítulo 2.',
      'Estudo sobre a obra.',
    ]);
    expect(t.extraSearchText).toBe(
      [
        'Inclui índice.',
        'Tese (doutorado) -- USP, 2010.',
        'Capítulo 1 -- Capítulo 2.',
        'Estudo sobre a obra.',
        'Bibliografia: p. 200-210.',
        'Texto em português e inglês.',
      ].join(' \n'),
    );
  });

  it('gathers the search text in order: other 245s, varying titles, notes, other notes, 880s, series, invalid ISBNs', () => {
    const t = map([
      TITLE,
      data('245', '10', ['6', '880-07']),
      data('245', '10', ['a', 'Memórias']),
      data('130', '0 ', ['a', 'Memórias póstumas.']),
      data('240', '10', ['a', 'Obras.'], ['k', 'Seleções']),
      data('242', '10', ['a', 'Posthumous memoirs.']),
      data(
        '246',
        '30',
        ['i', 'Título da capa:'],
        ['a', 'Brás Cubas'],
        ['n', 'Parte 1,'],
        ['p', 'Infância'],
        ['f', '1881'],
      ),
      data('730', '0 ', ['a', 'Dom Casmurro.']),
      data('740', '0 ', ['a', 'Quincas Borba.'], ['n', 'v. 2'], ['p', 'Final'], ['h', '[texto]']),
      data('500', '  ', ['a', 'Romance.']),
      data('501', '  ', ['a', 'Com: Quincas Borba.']),
      data('508', '  ', ['a', 'Revisão: Ana.']),
      data('511', '0 ', ['a', 'Narrado por Paulo.']),
      data('518', '  ', ['a', 'Gravado em 1990.']),
      data('521', '  ', ['a', 'Juvenil.']),
      data('530', '  ', ['a', 'Também online.']),
      data('533', '  ', ['a', 'Fac-símile.']),
      data('534', '  ', ['p', 'Original:'], ['c', 'Garnier, 1881.']),
      data('545', '  ', ['a', 'Autor carioca.']),
      data('586', '  ', ['a', 'Prêmio Jabuti.']),
      data('590', '  ', ['a', 'Nota local.']),
      data('880', '10', ['6', '245-07'], ['a', 'ブラス・クーバスの死後の回想']),
      data('490', '0 ', ['a', 'Clássicos']),
      data('020', '  ', ['a', '8535902771']),
    ]);
    expect(t.extraSearchText.split(' \n')).toEqual([
      'Memórias',
      'Memórias póstumas',
      'Obras. Seleções',
      'Posthumous memoirs',
      'Brás Cubas Parte 1, Infância',
      'Dom Casmurro',
      'Quincas Borba. v. 2 Final',
      'Romance.',
      'Com: Quincas Borba.',
      'Revisão: Ana.',
      'Narrado por Paulo.',
      'Gravado em 1990.',
      'Juvenil.',
      'Também online.',
      'Fac-símile.',
      'Original: Garnier, 1881.',
      'Autor carioca.',
      'Prêmio Jabuti.',
      'ブラス・クーバスの死後の回想',
      'Clássicos',
      '8535902771',
    ]);
    // The 245 linked to it has no words, so the 880 is no vernacular title: it is searched as a title.
    expect(t.vernacularTitle).toBeNull();
    expect(t.linkedScripts.title).toEqual(['ブラス・クーバスの死後の回想']);
  });
});

describe('identifiers, languages, call numbers', () => {
  it('keeps valid ISBNs as ISBN-13 with the ISBN-10 given, and cancelled or wrong ones apart', () => {
    const t = map([
      data('020', '  ', ['a', '8535902775 (broch.)'], ['q', 'broch.'], ['c', 'R$ 39,90']),
      data('020', '  ', ['a', '(enc.)']),
      data('020', '  ', ['a', '978-85-359-0277-8']),
      data('020', '  ', ['a', '9788535914849'], ['z', '8535914846']),
      data('020', '  ', ['z', '978-85-359-0277-8'], ['z', '8535902775']),
      data('020', '  ', ['a', '8535902771'], ['z', '85-7164-811-9'], ['6', '9788571648111']),
    ]);
    expect(t.isbn).toEqual(['9788535902778', '9788535914849']);
    expect(t.isbn10).toEqual(['8535902775']);
    // The $z of an ISBN given valid in $a (as ISBN-13 or ISBN-10) is no error to report.
    expect(t.invalidIsbn).toEqual(['8535914846', '8535902771', '8571648119']);
  });

  it('keeps each valid ISSN of 022 $a once, as NNNN-NNNN', () => {
    const t = map([
      data('022', '0 ', ['a', '0378-5955'], ['y', '2049-3630']),
      data('022', '  ', ['a', '03785955']),
      data('022', '  ', ['a', '0378-5954'], ['z', '2049-3630']),
    ]);
    expect(t.issn).toEqual(['0378-5955']);
  });

  it('takes the language from 008/35-37, else the first 041 $a; lists 008, 041 $a and $h once each', () => {
    const t = map([
      fixed({ 35: 'por' }),
      data('041', '1 ', ['a', 'por'], ['a', 'ENG '], ['b', 'spa'], ['h', 'fre']),
    ]);
    expect([t.language, t.languages]).toEqual(['por', ['por', 'eng', 'fre']]);
    const without008 = map([data('041', '0 ', ['a', 'engfre'], ['h', 'ger'])]);
    expect([without008.language, without008.languages]).toEqual(['eng', ['eng', 'fre', 'ger']]);
    // Blank, fill characters or upper case in 008; codes of the wrong length or with digits in 041.
    const odd = map([
      fixed({ 35: '|||' }),
      data('041', '0 ', ['a', 'engl'], ['a', ''], ['a', 'en1ita'], ['h', 'XXX']),
    ]);
    expect([odd.language, odd.languages]).toEqual(['ita', ['ita', 'xxx']]);
    expect(map([fixed({ 35: 'POR' })]).language).toBeNull();
    expect(map([fixed({ 35: 'por' }), data('041', '1 ', ['a', 'eng'])]).languages).toEqual(['por', 'eng']);
    expect(map([fixed({ 35: 'po' })]).languages).toEqual([]);
  });

  it.each([
    {
      fields: [
        data('090', '  ', ['a', '869.3'], ['b', 'A848d']),
        data('050', '00', ['a', 'PQ9697.M18'], ['b', 'M4 1990']),
        data('082', '04', ['a', '869.3'], ['b', 'M489m']),
      ],
      callNumber: '869.3 A848d',
    },
    {
      fields: [
        data('050', '00', ['a', ' PQ9697.M18 '], ['a', 'PQ9698'], ['b', 'M4 1990']),
        data('082', '04', ['a', '869.3'], ['b', 'M489m']),
      ],
      callNumber: 'PQ9697.M18 M4 1990',
    },
    {
      fields: [data('050', '00', ['b', 'M4 1990']), data('082', '04', ['a', '869.3'], ['b', 'M489m'])],
      callNumber: '869.3 M489m',
    },
    {
      fields: [data('082', '04', ['a', '869.3']), data('852', '0 ', ['h', '869.35'], ['i', 'M489m'])],
      callNumber: '869.3',
    },
    {
      fields: [data('852', '0 ', ['h', '869.35'], ['i', 'M489m']), data('099', '  ', ['a', 'FIC ASSIS'])],
      callNumber: '869.35 M489m',
    },
    { fields: [data('099', '  ', ['a', 'FIC ASSIS'], ['a', 'v. 2'])], callNumber: 'FIC ASSIS' },
    { fields: [], callNumber: null },
  ])(
    'takes the call number from the first of 090, 050, 082, 852, 099 that has one: $callNumber',
    ({ fields, callNumber }) => {
      expect(map(fields).callNumber).toBe(callNumber);
    },
  );

  it('reads the class number from 082 $a without segmentation and prime marks, else 080 $a', () => {
    expect(
      map([data('082', '04', ['a', "331.88'1/0981"], ['a', '331.88']), data('080', '  ', ['a', '331'])])
        .classification,
    ).toBe('331.8810981');
    expect(map([data('080', '  ', ['a', '821.134.3-31'])]).classification).toBe('821.134.3-31');
    expect(map([]).classification).toBeNull();
  });
});

describe('work type', () => {
  const THESIS = data('502', '  ', ['a', 'Tese (doutorado) -- Universidade de São Paulo, 2010.']);
  it.each([
    { type: 'a', level: 'm', fields: [], workType: 'LIVRO' },
    { type: 'a', level: 's', fields: [], workType: 'PERIODICO' },
    { type: 'a', level: 'b', fields: [], workType: 'PERIODICO' },
    { type: 'a', level: 'i', fields: [], workType: 'PERIODICO' },
    { type: 'a', level: 'a', fields: [], workType: 'ARTIGO' },
    { type: 'a', level: 'd', fields: [], workType: 'ARTIGO' },
    { type: 'a', level: 'm', fields: [THESIS], workType: 'TESE' },
    { type: 'a', level: 's', fields: [THESIS], workType: 'TESE' },
    { type: 't', level: 'm', fields: [THESIS], workType: 'TESE' },
    { type: 't', level: 'm', fields: [], workType: 'MANUSCRITO' },
    { type: 'c', level: 'm', fields: [THESIS], workType: 'PARTITURA' },
    { type: 'd', level: 'm', fields: [], workType: 'PARTITURA' },
    { type: 'e', level: 'm', fields: [], workType: 'MAPA' },
    { type: 'f', level: 'm', fields: [], workType: 'MAPA' },
    { type: 'g', level: 'm', fields: [], workType: 'VIDEO' },
    { type: 'i', level: 'm', fields: [], workType: 'GRAVACAO_SONORA' },
    { type: 'j', level: 'm', fields: [], workType: 'MUSICA_GRAVADA' },
    { type: 'k', level: 'm', fields: [], workType: 'IMAGEM' },
    { type: 'm', level: 'm', fields: [], workType: 'ARQUIVO_COMPUTADOR' },
    { type: 'o', level: 'm', fields: [], workType: 'KIT' },
    { type: 'p', level: 'c', fields: [], workType: 'MATERIAL_MISTO' },
    { type: 'r', level: 'm', fields: [], workType: 'OBJETO' },
  ])('leader/06 $type, /07 $level, $fields.length 502: $workType', ({ type, level, fields, workType }) => {
    expect(map(fields, leader(type, level)).workType).toBe(workType);
  });

  it.each([
    { itemType: 'bk', workType: 'LIVRO' },
    { itemType: 'CR', workType: 'PERIODICO' },
    { itemType: 'MP', workType: 'MAPA' },
    { itemType: 'VM', workType: 'VIDEO' },
    { itemType: 'CF', workType: 'ARQUIVO_COMPUTADOR' },
    { itemType: 'MX', workType: 'MATERIAL_MISTO' },
    { itemType: 'EBOOK', workType: 'EBOOK' },
    { itemType: 'XYZ', workType: 'OUTRO' },
    { itemType: null, workType: 'OUTRO' },
  ])('falls back on Koha 942 $c ($itemType) when leader/06 is blank', ({ itemType, workType }) => {
    const fields = itemType ? [data('942', '  ', ['c', itemType])] : [];
    expect(map(fields, leader(' ', 'm')).workType).toBe(workType);
  });

  const LINK = data('856', '40', ['u', 'https://example.org/livro.pdf']);
  it.each([
    { why: '008/23 o (online)', fields: [LINK, fixed({ 23: 'o' })], workType: 'EBOOK' },
    { why: '008/23 s (electronic)', fields: [LINK, fixed({ 23: 's' })], workType: 'EBOOK' },
    { why: '008/23 r (reproduction)', fields: [LINK, fixed({ 23: 'r' })], workType: 'LIVRO' },
    {
      why: '338 $b cr',
      fields: [LINK, data('338', '  ', ['a', 'recurso online'], ['b', 'cr'])],
      workType: 'EBOOK',
    },
    {
      why: '338 $a online resource',
      fields: [LINK, data('338', '  ', ['a', 'Online Resource'])],
      workType: 'EBOOK',
    },
    { why: '338 volume', fields: [LINK, data('338', '  ', ['a', 'volume'], ['b', 'nc'])], workType: 'LIVRO' },
    { why: '007 cr', fields: [LINK, control('007', 'cr |||||||||||')], workType: 'EBOOK' },
    { why: '007 co (optical disc)', fields: [LINK, control('007', 'co |||||||||||')], workType: 'LIVRO' },
    { why: 'no link', fields: [fixed({ 23: 'o' }), control('007', 'cr')], workType: 'LIVRO' },
    {
      why: 'a cover only',
      fields: [data('856', '42', ['3', 'Capa'], ['u', 'https://example.org/c.jpg']), fixed({ 23: 'o' })],
      workType: 'LIVRO',
    },
  ])(
    'a book with an online link is an e-book only when the record says it is online: $why',
    ({ fields, workType }) => {
      expect(map(fields).workType).toBe(workType);
    },
  );

  // A portaria is recognised by its genre (655); see special-materials.test.ts.
  const ORDINANCE = data('655', ' 4', ['a', 'Portarias.']);
  it('reads legislation only in monographs of language material without a thesis note', () => {
    expect(map([ORDINANCE]).workType).toBe('ATO_NORMATIVO');
    for (const level of 'sbiad')
      expect([level, map([ORDINANCE], leader('a', level)).workType]).toEqual([
        level,
        'sbi'.includes(level) ? 'PERIODICO' : 'ARTIGO',
      ]);
    expect(map([ORDINANCE], leader('t', 'm')).workType).toBe('MANUSCRITO');
    expect(map([ORDINANCE, THESIS]).workType).toBe('TESE');
    expect(map([ORDINANCE, THESIS]).normativeAct).toBeNull();
  });

  it('reads court decisions only in monographs of language material too', () => {
    const decision = [
      data('245', '10', ['a', 'Ação direta de inconstitucionalidade n. 4.277']),
      data('110', '1 ', ['a', 'Brasil.'], ['b', 'Supremo Tribunal Federal.']),
      data('655', ' 4', ['a', 'Jurisprudência.']),
    ];
    expect(map(decision).workType).toBe('JURISPRUDENCIA');
    const serial = map(decision, leader('a', 's'));
    expect([serial.workType, serial.caseLaw, serial.normativeAct]).toEqual(['PERIODICO', null, null]);
  });
});

describe('accessible formats', () => {
  const accessible = (fields: MarcField[], recordLeader?: string) => map(fields, recordLeader).isAccessible;

  it('reads 341, braille or large print in the form of item of 008, and a tactile 007', () => {
    expect(accessible([data('341', '0 ', ['a', 'textual'], ['b', 'tactile'])])).toBe(true);
    expect(accessible([fixed({ 23: 'f' })])).toBe(true);
    expect(accessible([fixed({ 23: 'd' })])).toBe(true);
    expect(accessible([fixed({ 23: 'r' })])).toBe(false);
    expect(accessible([fixed({ 29: 'f' })])).toBe(false);
    expect(accessible([fixed({ 23: 'f' })], leader('c', 'm'))).toBe(true);
    expect(accessible([control('007', 'fb')])).toBe(true);
    expect(accessible([control('007', 'ta')])).toBe(false);
    expect(accessible([])).toBe(false);
  });

  it('reads nothing from a 007 that came as a data field (a broken MARCXML file), and does not fail on it', () => {
    const broken = data('007', '  ', ['a', 'fb']);
    expect(accessible([broken])).toBe(false);
    expect(map([broken, data('856', '40', ['u', 'https://example.org/e'])]).workType).toBe('LIVRO');
  });

  it.each([...'efgkor'])('reads the form of item of leader/06 %s at 008/29', (type) => {
    expect(accessible([fixed({ 29: 'f' })], leader(type, 'm'))).toBe(true);
    expect(accessible([fixed({ 23: 'f' })], leader(type, 'm'))).toBe(false);
  });

  it.each([
    ['300', '2 v. (Braille) ; 30 cm'],
    ['500', 'Formato DAISY.'],
    ['300', '1 audiolivro (5 h)'],
    ['500', 'Audio-livro.'],
    ['546', 'Audiobook in English.'],
    ['500', 'Audio book.'],
    ['340', 'large print'],
    ['500', 'Large type edition.'],
    ['500', 'Edição em letra ampliada.'],
    ['500', 'Fonte ampliada.'],
    ['500', 'Impresso em tipos ampliados.'],
    ['500', 'Macrotipo.'],
    ['546', 'Língua Brasileira de Sinais (Libras).'],
    ['546', 'Em lingua brasileira de sinais.'],
    ['546', 'American Sign Language.'],
    ['546', 'Lengua de señas mexicana.'],
    ['546', 'Lengua de senas.'],
    ['500', 'Com audiodescrição.'],
    ['500', 'With audio description.'],
    ['546', 'Closed captioned.'],
  ])('reads %s "%s" as an accessible format', (tag, text) => {
    expect(accessible([data(tag, '  ', ['a', text])])).toBe(true);
  });

  it('does not take a summary about braille, or other words, for an accessible format', () => {
    expect(accessible([data('520', '  ', ['a', 'Biografia de Louis Braille.'])])).toBe(false);
    expect(accessible([data('500', '  ', ['a', 'Impresso em papel reciclado.'])])).toBe(false);
  });
});

describe('online links and cover (856)', () => {
  it('gives one link per $u, described by $3 $y $z, blank ones left out', () => {
    const t = map([
      data(
        '856',
        '41',
        ['3', 'Sumário:'],
        ['u', ' https://example.org/a '],
        ['u', ' '],
        ['u', 'https://example.org/b'],
        ['y', 'Acesse'],
        ['z', ' '],
        ['z', 'Texto completo.'],
        ['x', 'interno'],
      ),
      data('856', '40', ['u', 'https://example.org/c'], ['y', ',']),
    ]);
    expect(t.onlineLinks).toEqual([
      { url: 'https://example.org/a', description: 'Sumário; Acesse; Texto completo' },
      { url: 'https://example.org/b', description: 'Sumário; Acesse; Texto completo' },
      { url: 'https://example.org/c', description: null },
    ]);
    expect(t.coverUrl).toBeNull();
  });

  it.each([
    ['Capa', true],
    ['capa.', true],
    [' Cover: ', true],
    ['Capa .', true],
    ['Cover image', true],
    ['IMAGEM DA CAPA', true],
    ['Portada', true],
    ['Capa e contracapa', false],
    ['Nova capa', false],
    ['Capa;', false],
    ['Capas', false],
    ['Sumário', false],
  ])('takes an 856 whose $3 is "%s" for the cover: %s', (label, isCover) => {
    const t = map([data('856', '42', ['3', label], ['u', 'https://example.org/c.jpg'])]);
    expect(t.coverUrl).toBe(isCover ? 'https://example.org/c.jpg' : null);
    expect(t.onlineLinks).toHaveLength(isCover ? 0 : 1);
  });

  it('keeps the first cover that has a URL', () => {
    const cover = (...urls: string[]) => data('856', '42', ['3', 'Capa'], ...urls.map((u): Pair => ['u', u]));
    expect(
      map([
        cover(),
        cover('https://example.org/1.jpg', 'https://example.org/2.jpg'),
        cover('https://example.org/3.jpg'),
      ]).coverUrl,
    ).toBe('https://example.org/1.jpg');
  });

  it.each([
    ['Acesso restrito', 'proxy'],
    ['  acesso   restrito  .', 'proxy'],
    ['RESTRICTED ACCESS: EBSCO', 'ebsco'],
    ['Restricted  access', 'proxy'],
    ['acesso restrito:minha_biblioteca-1.', 'minha_biblioteca-1'],
    ['acesso restrito: -pearson', null],
    ['acesso restrito: pearson books', null],
    ['acesso restrito temporariamente', null],
    ['sem acesso restrito', null],
  ])('reads the 856 $x "%s" as restricted: %s', (note, restricted) => {
    const [link] = map([
      data('856', '40', ['u', 'https://example.org/e'], ['x', 'Verificado em 2024'], ['x', note]),
    ]).onlineLinks;
    expect(link?.restricted).toBe(restricted ?? undefined);
  });
});

describe('copies (852, 949, 999, 952)', () => {
  const noCopy = { volume: null, loanType: null, status: null };

  it('reads 852: library $b else $a, barcode $p, call number $k $h $i $j, volume $3, location $c', () => {
    const t = map([
      data(
        '852',
        '0 ',
        ['a', 'BR-RjBN'],
        ['b', 'Obras Raras'],
        ['c', 'Estante 3'],
        ['k', 'REF'],
        ['h', '869.3'],
        ['i', 'M489m'],
        ['j', '12'],
        ['p', ' 0001234 '],
        ['3', 'v. 2'],
        ['x', 'nota interna'],
      ),
      data('852', '0 ', ['a', 'BR-SpUSP'], ['b', ' ']),
    ]);
    expect(t.copies).toEqual([
      {
        library: 'Obras Raras',
        barcode: '0001234',
        callNumber: 'REF 869.3 M489m 12',
        volume: 'v. 2',
        location: 'Estante 3',
        loanType: null,
        status: null,
      },
      { library: 'BR-SpUSP', barcode: null, callNumber: null, location: null, ...noCopy },
    ]);
  });

  it.each(['949', '999'])(
    'reads SirsiDynix %s items, and skips those with no barcode, library or location',
    (tag) => {
      const t = map([
        data(
          tag,
          '  ',
          ['a', 'PQ9697 .M18'],
          ['i', '3000123'],
          ['m', 'CENTRAL'],
          ['l', 'ESTANTE'],
          ['k', 'CHECKEDOUT'],
          ['t', 'LIVRO'],
        ),
        data(tag, '  ', ['i', '3000124']),
        data(tag, '  ', ['m', 'SETORIAL']),
        data(tag, '  ', ['l', 'REFERENCIA']),
        data(tag, '  ', ['c', '12'], ['d', '12'], ['i', ' ']),
      ]);
      const copy = { library: null, barcode: null, callNumber: null, location: null, ...noCopy };
      expect(t.copies).toEqual([
        {
          library: 'CENTRAL',
          barcode: '3000123',
          callNumber: 'PQ9697 .M18',
          volume: null,
          location: 'ESTANTE',
          loanType: 'LIVRO',
          status: 'CHECKEDOUT',
        },
        { ...copy, barcode: '3000124' },
        { ...copy, library: 'SETORIAL' },
        { ...copy, location: 'REFERENCIA' },
      ]);
    },
  );

  it.each([
    { flags: {}, status: 'available' },
    { flags: { 1: '0', 0: '0', 4: '0', 7: '0' }, status: 'available' },
    { flags: { 1: '2' }, status: 'lost' },
    { flags: { 1: '1', 0: '1' }, status: 'lost' },
    { flags: { 0: '1', 4: '1' }, status: 'withdrawn' },
    { flags: { 4: '1', 7: '1' }, status: 'damaged' },
    { flags: { 7: '-1', q: '2024-02-01' }, status: 'not_for_loan' },
    { flags: { q: '2024-02-01' }, status: 'on_loan' },
  ])('gives a Koha item with $flags the status $status', ({ flags, status }) => {
    const pairs = Object.entries(flags).map(([code, value]): Pair => [code, value]);
    expect(map([data('952', '  ', ['p', '39999000001'], ...pairs)]).copies.map((c) => c.status)).toEqual([
      status,
    ]);
  });

  it.each(['p', 'o', 'y', 'b', 'c', 'h'])('counts a 952 with only $%s as an item', (code) => {
    expect(map([data('952', '  ', [code, 'X1'])]).copies).toHaveLength(1);
  });

  it('reads Koha 952: library $a else $b; a 952 with no item data is none', () => {
    const t = map([
      data('952', '  ', ['b', 'MPL'], ['c', 'REF'], ['h', 'v. 3'], ['y', 'BK'], ['o', '869.3 A848d']),
      data('952', '  ', ['a', 'CPL'], ['d', '2020-03-15'], ['1', '1']),
    ]);
    expect(t.copies).toEqual([
      {
        library: 'MPL',
        barcode: null,
        callNumber: '869.3 A848d',
        volume: 'v. 3',
        location: 'REF',
        loanType: 'BK',
        status: 'available',
      },
    ]);
  });

  it('lists 852, then 949, 999 and 952 copies, each 952 with its own acquisition', () => {
    const t = map([
      data('952', '  ', ['p', 'K1'], ['d', '2020-03-15'], ['e', 'Livraria Cultura'], ['g', '59,90']),
      data('999', '  ', ['i', 'S2']),
      data('949', '  ', ['i', 'S1']),
      data('852', '0 ', ['p', 'H1']),
    ]);
    expect(t.copies.map((c) => c.barcode)).toEqual(['H1', 'S1', 'S2', 'K1']);
    expect(t.copies.map((c) => c.acquisition ?? null)).toEqual([
      null,
      null,
      null,
      { acquiredOn: '2020-03-15', mode: null, source: 'Livraria Cultura', price: '59.90' },
    ]);
  });
});
