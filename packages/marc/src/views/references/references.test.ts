import { describe, expect, it } from 'vitest';
import { mapTitle, type MappedTitle } from '../../map/map-title.ts';
import { sampleRecord } from '../../testing/sample-files.ts';
import type { MarcField, MarcRecord } from '../../types.ts';
import { abntReference } from '../abnt-reference.ts';
import { buildRecord, type BuildRecordInput } from '../build-record.ts';
import { formatReference, type ReferenceStyle } from './format-reference.ts';
import { toCsl } from './to-csl.ts';

// Every expected string below was written by hand from the standard (ABNT NBR 6023:2018,
// APA 7th ed., Chicago 17th ed. author-date, MLA Handbook 9th ed.), not copied from output.

function mapped(record: MarcRecord): MappedTitle {
  const title = mapTitle(record);
  if ('error' in title) throw new Error(title.error);
  return title;
}

/** A record built from parts, with its mapped title. */
function work(input: BuildRecordInput): { record: MarcRecord; title: MappedTitle } {
  const record = buildRecord({ language: 'por', ...input });
  return { record, title: mapped(record) };
}

function cite(w: { record: MarcRecord; title: MappedTitle }, style: ReferenceStyle, accessed?: Date) {
  return formatReference(w.title, style, { marc: w.record, ...(accessed ? { accessed } : {}) });
}

const field = (tag: string, ...pairs: [string, string][]): MarcField => ({
  tag,
  ind1: '0',
  ind2: ' ',
  subfields: pairs.map(([code, value]) => ({ code, value })),
});

const domCasmurro = work({
  title: 'Dom Casmurro',
  authors: [{ name: 'Assis, Machado de', dates: '1839-1908' }],
  place: 'Rio de Janeiro',
  publisher: 'Garnier',
  year: 1899,
});
const pedagogia = work({
  title: 'Pedagogia da autonomia',
  subtitle: 'saberes necessários à prática educativa',
  authors: [{ name: 'Freire, Paulo', dates: '1921-1997' }],
  edition: '25. ed.',
  place: 'São Paulo',
  publisher: 'Paz e Terra',
  year: 2002,
});
const chapter = work({
  workType: 'ARTIGO',
  title: 'Imagens da juventude na era moderna',
  authors: [{ name: 'Romano, Giovanni' }],
  year: 1996,
  fields: [
    field(
      '773',
      ['a', 'Levi, Giovanni; Schmitt, Jean-Claude (org.).'],
      ['t', 'História dos jovens 2.'],
      ['d', 'São Paulo : Companhia das Letras, 1996'],
      ['g', 'p. 7-16'],
      ['z', '8571645698'],
    ),
  ],
});
const doctorate = work({
  title: 'A escola e a cidade',
  subtitle: 'políticas de inclusão',
  authors: [{ name: 'Souza, Maria Helena de' }],
  place: 'Porto Alegre',
  year: 2010,
  fields: [
    field(
      '502',
      ['b', 'Doutorado em Educação'],
      ['c', 'Universidade Federal do Rio Grande do Sul'],
      ['d', '2010'],
    ),
  ],
});
const masters = work({
  workType: 'TESE',
  title: 'Catálogos em linha',
  subtitle: 'usabilidade e acessibilidade',
  authors: [{ name: 'Oliveira, Ricardo Alves' }],
  year: 2015,
  thesisNote:
    'Dissertação (Mestrado em Ciência da Informação) – Escola de Comunicações e Artes, Universidade de São Paulo, São Paulo, 2015.',
});
const article = work({
  workType: 'ARTIGO',
  title: 'Catalogação e dados ligados',
  authors: [{ name: 'Costa, Beatriz Ramos' }, { name: 'Pereira, Luís Fernando' }],
  year: 2019,
  fields: [
    field(
      '773',
      ['t', 'Perspectivas em Ciência da Informação'],
      ['d', 'Belo Horizonte : UFMG'],
      ['g', 'v. 24, n. 2, p. 45-67, abr./jun. 2019'],
      ['x', '1413-9936'],
    ),
  ],
});
const ebook = work({
  workType: 'EBOOK',
  title: 'Projetos de filosofia',
  authors: [
    { name: 'Bavaresco, Agemir', role: 'organizador' },
    { name: 'Barbosa, Marcelo', role: 'organizador' },
    { name: 'Etcheverry, Katia Martin', role: 'organizadora' },
  ],
  place: 'Porto Alegre',
  publisher: 'EDIPUCRS',
  year: 2011,
  onlineLinks: [{ url: 'http://ebooks.pucrs.br/edipucrs/projetosdefilosofia.pdf' }],
});
const corporate = work({
  title: 'Censo demográfico 2010',
  subtitle: 'características da população e dos domicílios',
  authors: [{ name: 'Instituto Brasileiro de Geografia e Estatística', kind: 'corporate' }],
  place: 'Rio de Janeiro',
  publisher: 'IBGE',
  year: 2011,
});
const twoAuthors = work({
  title: 'Fundamentos de metodologia científica',
  authors: [{ name: 'Marconi, Marina de Andrade' }, { name: 'Lakatos, Eva Maria' }],
  edition: '5. ed.',
  place: 'São Paulo',
  publisher: 'Atlas',
  year: 2003,
});
const threeAuthors = work({
  title: 'Introdução à ciência da informação',
  authors: [{ name: 'Silva, Ana Paula' }, { name: 'Souza, Bruno Lima' }, { name: 'Costa, Carla Mendes' }],
  place: 'Brasília',
  publisher: 'Briquet de Lemos',
  year: 2018,
});
const fourAuthors = work({
  title: 'Manual de catalogação',
  authors: [
    { name: 'Silva, Ana Paula' },
    { name: 'Souza, Bruno Lima' },
    { name: 'Costa, Carla Mendes' },
    { name: 'Lima, Davi' },
  ],
  edition: '2. ed.',
  place: 'Rio de Janeiro',
  publisher: 'Interciência',
  year: 2020,
});
const noDate = work({
  title: 'Histórias da cidade',
  authors: [{ name: 'Lima, Davi' }],
  place: 'Recife',
  publisher: 'Massangana',
});
const noPlaceNoPublisher = work({
  title: 'A história de Mirador',
  authors: [{ name: 'Gonçalves, F. B.' }],
  year: 1993,
});
const translated = work({
  title: 'O mal-estar da pós-modernidade',
  authors: [
    { name: 'Bauman, Zygmunt', dates: '1925-2017' },
    { name: 'Gama, Mauro', role: 'tradutor' },
    { name: 'Gama, Cláudia Martinelli', role: 'tradutora' },
  ],
  place: 'Rio de Janeiro',
  publisher: 'J. Zahar',
  year: 1998,
});
const titleEntry = work({
  title: 'Diagnóstico do setor editorial brasileiro',
  place: 'São Paulo',
  publisher: 'Câmara Brasileira do Livro',
  year: 1993,
});

/** A work whose main entry (100) carries the fuller form of the name in $q, and maybe dates in $d. */
function withFullerForm(pairs: [string, string][]) {
  const built = work({
    title: 'Harry Potter e a pedra filosofal',
    authors: [{ name: 'Rowling, J. K.' }],
    place: 'Rio de Janeiro',
    publisher: 'Rocco',
    year: 2000,
  });
  const record: MarcRecord = {
    ...built.record,
    fields: built.record.fields.map((f) => (f.tag === '100' ? { ...field('100', ...pairs), ind1: '1' } : f)),
  };
  return { record, title: mapped(record) };
}

describe('ABNT NBR 6023:2018 references', () => {
  it.each([
    ['a book', domCasmurro, 'ASSIS, Machado de. Dom Casmurro. Rio de Janeiro: Garnier, 1899.'],
    [
      'a book with subtitle and edition',
      pedagogia,
      'FREIRE, Paulo. Pedagogia da autonomia: saberes necessários à prática educativa. 25. ed. São Paulo: Paz e Terra, 2002.',
    ],
    [
      'a chapter in an organised book',
      chapter,
      'ROMANO, Giovanni. Imagens da juventude na era moderna. In: LEVI, Giovanni; SCHMITT, Jean-Claude (org.). História dos jovens 2. São Paulo: Companhia das Letras, 1996. p. 7-16.',
    ],
    [
      'a doctoral thesis (502 $b $c)',
      doctorate,
      'SOUZA, Maria Helena de. A escola e a cidade: políticas de inclusão. 2010. Tese (Doutorado em Educação) – Universidade Federal do Rio Grande do Sul, Porto Alegre, 2010.',
    ],
    [
      "a master's dissertation (502 $a)",
      masters,
      'OLIVEIRA, Ricardo Alves. Catálogos em linha: usabilidade e acessibilidade. 2015. Dissertação (Mestrado em Ciência da Informação) – Escola de Comunicações e Artes, Universidade de São Paulo, São Paulo, 2015.',
    ],
    [
      'a journal article',
      article,
      'COSTA, Beatriz Ramos; PEREIRA, Luís Fernando. Catalogação e dados ligados. Perspectivas em Ciência da Informação, Belo Horizonte, v. 24, n. 2, p. 45-67, abr./jun. 2019.',
    ],
    [
      'a corporate author, in capitals',
      corporate,
      'INSTITUTO BRASILEIRO DE GEOGRAFIA E ESTATÍSTICA. Censo demográfico 2010: características da população e dos domicílios. Rio de Janeiro: IBGE, 2011.',
    ],
    [
      'two authors',
      twoAuthors,
      'MARCONI, Marina de Andrade; LAKATOS, Eva Maria. Fundamentos de metodologia científica. 5. ed. São Paulo: Atlas, 2003.',
    ],
    [
      'three authors, all given',
      threeAuthors,
      'SILVA, Ana Paula; SOUZA, Bruno Lima; COSTA, Carla Mendes. Introdução à ciência da informação. Brasília: Briquet de Lemos, 2018.',
    ],
    [
      'four authors, the first and et al.',
      fourAuthors,
      'SILVA, Ana Paula et al. Manual de catalogação. 2. ed. Rio de Janeiro: Interciência, 2020.',
    ],
    ['no date', noDate, 'LIMA, Davi. Histórias da cidade. Recife: Massangana, [s. d.].'],
    [
      'no place and no publisher',
      noPlaceNoPublisher,
      'GONÇALVES, F. B. A história de Mirador. [S. l.: s. n.], 1993.',
    ],
    [
      'a translated work',
      translated,
      'BAUMAN, Zygmunt. O mal-estar da pós-modernidade. Tradução: Mauro Gama, Cláudia Martinelli Gama. Rio de Janeiro: J. Zahar, 1998.',
    ],
    [
      'a work without author, entered by title',
      titleEntry,
      'DIAGNÓSTICO do setor editorial brasileiro. São Paulo: Câmara Brasileira do Livro, 1993.',
    ],
  ])('writes %s', (_kind, w, expected) => {
    expect(cite(w, 'abnt').text).toBe(expected);
  });

  it('leaves out the fuller form of the name ($q), with or without dates after it', () => {
    const plain = withFullerForm([
      ['a', 'Rowling, J. K.'],
      ['q', '(Joanne Kathleen)'],
    ]);
    // The catalogue shows the heading as recorded; the reference cites the name as published.
    expect(plain.title.authors[0]!.name).toContain('(Joanne Kathleen)');
    expect(cite(plain, 'abnt').text).toBe(
      'ROWLING, J. K. Harry Potter e a pedra filosofal. Rio de Janeiro: Rocco, 2000.',
    );
    expect(toCsl(plain.title).author).toEqual([{ family: 'Rowling', given: 'J. K.' }]);
    const dated = withFullerForm([
      ['a', 'Rowling, J. K.'],
      ['q', '(Joanne Kathleen),'],
      ['d', '1965-'],
    ]);
    expect(cite(dated, 'abnt').text).toBe(
      'ROWLING, J. K. Harry Potter e a pedra filosofal. Rio de Janeiro: Rocco, 2000.',
    );
  });

  it('writes an e-book with "Disponível em" and "Acesso em", no angle brackets (the 2018 form)', () => {
    expect(cite(ebook, 'abnt', new Date('2011-08-21T12:00:00Z')).text).toBe(
      'BAVARESCO, Agemir; BARBOSA, Marcelo; ETCHEVERRY, Katia Martin (org.). Projetos de filosofia. Porto Alegre: EDIPUCRS, 2011. E-book. Disponível em: http://ebooks.pucrs.br/edipucrs/projetosdefilosofia.pdf. Acesso em: 21 ago. 2011.',
    );
    // Without a date the access is left out rather than invented.
    expect(cite(ebook, 'abnt').text).toBe(
      'BAVARESCO, Agemir; BARBOSA, Marcelo; ETCHEVERRY, Katia Martin (org.). Projetos de filosofia. Porto Alegre: EDIPUCRS, 2011. E-book. Disponível em: http://ebooks.pucrs.br/edipucrs/projetosdefilosofia.pdf.',
    );
  });

  it('writes "maio" unabbreviated in the access date', () => {
    expect(cite(ebook, 'abnt', new Date('2024-05-05T12:00:00Z')).text).toMatch(/Acesso em: 5 maio 2024\.$/);
  });

  it('gives [S. l.] or [s. n.] alone when only one of them is unknown', () => {
    const noPublisher = work({
      title: 'Poemas',
      authors: [{ name: 'Andrade, Carlos' }],
      place: 'Belo Horizonte',
      year: 1930,
    });
    const noPlace = work({
      title: 'Poemas',
      authors: [{ name: 'Andrade, Carlos' }],
      publisher: 'Pindorama',
      year: 1930,
    });
    expect(cite(noPublisher, 'abnt').text).toBe('ANDRADE, Carlos. Poemas. Belo Horizonte: [s. n.], 1930.');
    expect(cite(noPlace, 'abnt').text).toBe('ANDRADE, Carlos. Poemas. [S. l.]: Pindorama, 1930.');
  });

  it('writes a leading article in capitals with the next word when the entry is the title', () => {
    const book = work({ title: 'O livro no Brasil', place: 'São Paulo', publisher: 'Edusp', year: 2005 });
    expect(cite(book, 'abnt').text).toBe('O LIVRO no Brasil. São Paulo: Edusp, 2005.');
  });

  it('bolds the main title only, not the subtitle, nor an article title, and italicises et al. in HTML', () => {
    expect(cite(pedagogia, 'abnt').html).toBe(
      'FREIRE, Paulo. <b>Pedagogia da autonomia</b>: saberes necessários à prática educativa. 25. ed. São Paulo: Paz e Terra, 2002.',
    );
    expect(cite(article, 'abnt').html).toBe(
      'COSTA, Beatriz Ramos; PEREIRA, Luís Fernando. Catalogação e dados ligados. <b>Perspectivas em Ciência da Informação</b>, Belo Horizonte, v. 24, n. 2, p. 45-67, abr./jun. 2019.',
    );
    expect(cite(fourAuthors, 'abnt').html).toBe(
      'SILVA, Ana Paula <i>et al.</i> <b>Manual de catalogação</b>. 2. ed. Rio de Janeiro: Interciência, 2020.',
    );
    // A title entry is not bold: its capitalised first word is the highlight.
    expect(cite(titleEntry, 'abnt').html).toBe(
      'DIAGNÓSTICO do setor editorial brasileiro. São Paulo: Câmara Brasileira do Livro, 1993.',
    );
  });

  it('escapes markup in the HTML form', () => {
    const odd = work({
      title: 'Tags <b> & ampersands',
      authors: [{ name: 'Lima, Davi' }],
      publisher: 'A & B',
      year: 2000,
    });
    expect(cite(odd, 'abnt').html).toBe(
      'LIMA, Davi. <b>Tags &#60;b&#62; &#38; ampersands</b>. [S. l.]: A &#38; B, 2000.',
    );
  });

  it('reads the thesis kind from the notes when no MARC record is given', () => {
    expect(formatReference(masters.title, 'abnt').text).toBe(cite(masters, 'abnt').text);
  });

  it('writes a real record: Saramago in the Koha sample', () => {
    const record = sampleRecord('koha-sample-bibs.xml', '1733472');
    const reference = formatReference(mapped(record), 'abnt', { marc: record });
    expect(reference.text).toBe(
      'SARAMAGO, José. História do Cerco de Lisboa: romance. Lisboa: Caminho, 1989.',
    );
    expect(reference.html).toBe(
      'SARAMAGO, José. <b>História do Cerco de Lisboa</b>: romance. Lisboa: Caminho, 1989.',
    );
  });

  it('writes a real RDA record with a compiler as (comp.) and leaves out a distributor', () => {
    const record = sampleRecord('evergreen-rda-samples.mrc', '18018349');
    expect(formatReference(mapped(record), 'abnt', { marc: record }).text).toBe(
      'HILLIARD, Howard (comp.). Intermediate studies for developing artists on the tuba. First edition. Del Ray Beach, Florida: Meredith Music Publications, 2013.',
    );
  });

  it('keeps abntReference as the plain-text ABNT reference', () => {
    expect(abntReference(translated.title)).toBe(cite(translated, 'abnt').text);
  });

  it('gives abntReference the record, so a corporate hierarchy in 110 is written whole', () => {
    const record = buildRecord({ title: 'Relatório anual', year: 2019 });
    record.fields.push({
      tag: '110',
      ind1: '1',
      ind2: ' ',
      subfields: [
        { code: 'a', value: 'Brasil.' },
        { code: 'b', value: 'Ministério da Educação.' },
      ],
    });
    const withRecord = abntReference(mapped(record), record);
    expect(withRecord).toBe(formatReference(mapped(record), 'abnt', { marc: record }).text);
    expect(withRecord).toContain('BRASIL. Ministério da Educação');
    expect(abntReference(mapped(record))).not.toContain('Ministério da Educação');
  });
});

describe('APA 7 references (citation-js built-in style)', () => {
  it.each([
    ['a book', domCasmurro, 'Assis, M. de. (1899). Dom Casmurro. Garnier.'],
    [
      'a book with subtitle and edition',
      pedagogia,
      'Freire, P. (2002). Pedagogia da autonomia: Saberes necessários à prática educativa (25th ed.). Paz e Terra.',
    ],
    [
      'a chapter',
      chapter,
      'Romano, G. (1996). Imagens da juventude na era moderna. In G. Levi & J.-C. Schmitt (Eds.), História dos jovens 2 (pp. 7–16). Companhia das Letras.',
    ],
    [
      'a journal article',
      article,
      'Costa, B. R., & Pereira, L. F. (2019). Catalogação e dados ligados. Perspectivas em Ciência da Informação, 24(2), 45–67.',
    ],
    [
      'a translated work',
      translated,
      'Bauman, Z. (1998). O mal-estar da pós-modernidade (M. Gama & C. M. Gama, Trans.). J. Zahar.',
    ],
  ])('writes %s', (_kind, w, expected) => {
    expect(cite(w, 'apa').text).toBe(expected);
  });
});

describe('Chicago 17 author-date references', () => {
  const structure = work({
    language: 'eng',
    title: 'The structure of scientific revolutions',
    authors: [{ name: 'Kuhn, Thomas S.', dates: '1922-1996' }],
    edition: '3rd ed.',
    place: 'Chicago',
    publisher: 'University of Chicago Press',
    year: 1996,
  });
  it.each([
    [
      'an English book, title in headline case',
      structure,
      'Kuhn, Thomas S. 1996. The Structure of Scientific Revolutions. 3rd ed. Chicago: University of Chicago Press.',
    ],
    [
      'a Portuguese book in sentence case, the subtitle capitalised (CMOS 8.156)',
      pedagogia,
      'Freire, Paulo. 2002. Pedagogia da autonomia: Saberes necessários à prática educativa. 25th ed. São Paulo: Paz e Terra.',
    ],
    [
      'a chapter',
      chapter,
      'Romano, Giovanni. 1996. “Imagens da juventude na era moderna.” In História dos jovens 2, edited by Giovanni Levi and Jean-Claude Schmitt, 7–16. São Paulo: Companhia das Letras.',
    ],
    [
      'a journal article',
      article,
      'Costa, Beatriz Ramos, and Luís Fernando Pereira. 2019. “Catalogação e dados ligados.” Perspectivas em Ciência da Informação 24 (2): 45–67.',
    ],
    [
      'a translated work',
      translated,
      'Bauman, Zygmunt. 1998. O mal-estar da pós-modernidade. Translated by Mauro Gama and Cláudia Martinelli Gama. Rio de Janeiro: J. Zahar.',
    ],
    ['no date', noDate, 'Lima, Davi. n.d. Histórias da cidade. Recife: Massangana.'],
  ])('writes %s', (_kind, w, expected) => {
    expect(cite(w, 'chicago').text).toBe(expected);
  });

  it('italicises the book title in HTML', () => {
    expect(cite(domCasmurro, 'chicago').html).toBe(
      'Assis, Machado de. 1899. <i>Dom Casmurro</i>. Rio de Janeiro: Garnier.',
    );
  });
});

describe('MLA 9 references', () => {
  it.each([
    ['a book', domCasmurro, 'Assis, Machado de. Dom Casmurro. Garnier, 1899.'],
    [
      'two authors',
      twoAuthors,
      'Marconi, Marina de Andrade, and Eva Maria Lakatos. Fundamentos de metodologia científica. 5th ed., Atlas, 2003.',
    ],
    [
      'three or more authors, the first and et al.',
      threeAuthors,
      'Silva, Ana Paula, et al. Introdução à ciência da informação. Briquet de Lemos, 2018.',
    ],
    [
      'a chapter',
      chapter,
      'Romano, Giovanni. “Imagens da juventude na era moderna.” História dos jovens 2, edited by Giovanni Levi and Jean-Claude Schmitt, Companhia das Letras, 1996, pp. 7–16.',
    ],
    [
      'a journal article',
      article,
      'Costa, Beatriz Ramos, and Luís Fernando Pereira. “Catalogação e dados ligados.” Perspectivas em Ciência da Informação, vol. 24, no. 2, abr./jun. 2019, pp. 45–67.',
    ],
    [
      'a translated work',
      translated,
      'Bauman, Zygmunt. O mal-estar da pós-modernidade. Translated by Mauro Gama and Cláudia Martinelli Gama, J. Zahar, 1998.',
    ],
  ])('writes %s', (_kind, w, expected) => {
    expect(cite(w, 'mla').text).toBe(expected);
  });
});

describe('CSL-JSON mapping', () => {
  it('splits inverted headings, drops dates, and keeps corporate bodies as literal names', () => {
    expect(toCsl(domCasmurro.title).author).toEqual([{ family: 'Assis', given: 'Machado de' }]);
    expect(toCsl(corporate.title).author).toEqual([
      { literal: 'Instituto Brasileiro de Geografia e Estatística' },
    ]);
  });

  it('sorts added entries by relator into translators and editors', () => {
    const item = toCsl(translated.title);
    expect(item.author).toEqual([{ family: 'Bauman', given: 'Zygmunt' }]);
    expect(item.translator).toEqual([
      { family: 'Gama', given: 'Mauro' },
      { family: 'Gama', given: 'Cláudia Martinelli' },
    ]);
    expect(toCsl(ebook.title).editor).toHaveLength(3);
  });

  it('types each kind of work and reads thesis, host and edition details', () => {
    expect(toCsl(domCasmurro.title)).toMatchObject({
      type: 'book',
      issued: { 'date-parts': [[1899]] },
      language: 'pt',
    });
    expect(toCsl(pedagogia.title)).toMatchObject({
      title: 'Pedagogia da autonomia: saberes necessários à prática educativa',
      'title-short': 'Pedagogia da autonomia',
      edition: '25',
    });
    expect(toCsl(doctorate.title, doctorate.record)).toMatchObject({
      type: 'thesis',
      genre: 'Tese (Doutorado em Educação)',
      publisher: 'Universidade Federal do Rio Grande do Sul',
      'publisher-place': 'Porto Alegre',
    });
    expect(toCsl(chapter.title, chapter.record)).toMatchObject({
      type: 'chapter',
      'container-title': 'História dos jovens 2',
      page: '7-16',
      publisher: 'Companhia das Letras',
    });
    expect(toCsl(article.title, article.record)).toMatchObject({
      type: 'article-journal',
      volume: '24',
      issue: '2',
      page: '45-67',
      ISSN: '1413-9936',
    });
    expect(toCsl(ebook.title).URL).toBe('http://ebooks.pucrs.br/edipucrs/projetosdefilosofia.pdf');
    expect(toCsl(work({ workType: 'PERIODICO', title: 'Acta amazonica' }).title).type).toBe('periodical');
  });

  it.each([
    ['2nd ed.', '2'],
    ['3a ed.', '3'],
    ['4ª edição', '4'],
    ['2. Aufl.', '2'],
    ['5e éd.', '5'],
    ['Edição revista e ampliada', 'Edição revista e ampliada'],
  ])('gives the edition "%s" as "%s"', (edition, expected) => {
    expect(toCsl(work({ title: 'Obra', edition }).title).edition).toBe(expected);
  });

  it('gives ISO 639-1 codes for the languages it knows and the MARC code for the others', () => {
    const codes = ['eng', 'spa', 'fre', 'ger', 'ita', 'lat', 'dut', 'rus', 'jpn', 'chi', 'tup'];
    expect(codes.map((language) => toCsl(work({ title: 'Obra', language }).title).language)).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'it',
      'la',
      'nl',
      'ru',
      'ja',
      'zh',
      'tup',
    ]);
  });

  it('leaves out a place or publisher the record says is not identified, in English or Portuguese', () => {
    const places = ['[S.l.]', 's. l.', '[Place of publication not identified]', 'Local não identificado'];
    const publishers = [
      '[s.n.]',
      'publisher not identified',
      '[editora não identificada]',
      'Producer not identified',
    ];
    for (const [i, place] of places.entries()) {
      const item = toCsl(work({ title: 'Obra', place, publisher: publishers[i]!, year: 2000 }).title);
      expect([item['publisher-place'], item.publisher]).toEqual([undefined, undefined]);
    }
    expect(toCsl(work({ title: 'Obra', place: 'Slovenia', publisher: 'Snoopy' }).title)).toMatchObject({
      'publisher-place': 'Slovenia',
      publisher: 'Snoopy',
    });
  });

  it.each([
    ['MAPA', 'map'],
    ['VIDEO', 'motion_picture'],
    ['MUSICA_GRAVADA', 'song'],
    ['GRAVACAO_SONORA', 'song'],
    ['IMAGEM', 'graphic'],
    ['MANUSCRITO', 'manuscript'],
    ['ARQUIVO_COMPUTADOR', 'book'],
    ['LIVRO', 'book'],
  ] as const)('types a %s as %s', (workType, type) => {
    expect(toCsl(work({ workType, title: 'Obra' }).title).type).toBe(type);
  });

  it.each([
    ['Mestrado em Letras', 'Dissertação (Mestrado em Letras)'],
    ['Livre-docência em Física', 'Tese (Livre-docência em Física)'],
    ['Ph. D.', 'Tese (Doutorado)'],
    ['Doctoral dissertation', 'Tese (Doutorado)'],
    ['M.A.', 'Dissertação (Mestrado)'],
    ['Master of Science', 'Dissertação (Mestrado)'],
    ['Dissertação de mestrado', 'Dissertação de mestrado'],
    ['Bacharelado', 'Bacharelado'],
  ])('gives the ABNT kind of the degree "%s" as "%s"', (degree, genre) => {
    const thesis = work({
      title: 'Estudo',
      fields: [field('502', ['b', degree], ['c', 'UFPE'])],
    });
    expect(toCsl(thesis.title, thesis.record)).toMatchObject({ genre, publisher: 'UFPE' });
  });

  it('sorts relators in Portuguese and English into authors, editors and translators, and drops other roles', () => {
    const item = toCsl(
      work({
        title: 'Obra coletiva',
        authors: [
          { name: 'Lima, Ana' },
          { name: 'Reis, Bia', role: 'co-autora' },
          { name: 'Cruz, Caio', role: 'joint author' },
          { name: 'Dias, Davi', role: 'coord.' },
          { name: 'Melo, Eva', role: 'compiler' },
          { name: 'Nunes, Fábio', role: 'trad.' },
          { name: 'Prado, Gil', role: 'ilustrador' },
        ],
      }).title,
    );
    expect(item.author?.map((n) => n.family)).toEqual(['Lima', 'Reis', 'Cruz']);
    expect(item.editor?.map((n) => n.family)).toEqual(['Dias', 'Melo']);
    expect(item.translator?.map((n) => n.family)).toEqual(['Nunes']);
  });

  it('reads volume, issue and pages written in other ways, and pages from 300 when 773 has none', () => {
    const article = work({
      workType: 'ARTIGO',
      title: 'Artigo',
      extent: 'p. 101 – 110',
      fields: [field('773', ['t', 'Revista.'], ['g', 'vol. 3, no. 12'], ['x', '1234-5679'])],
    });
    expect(toCsl(article.title, article.record)).toMatchObject({
      volume: '3',
      issue: '12',
      page: '101-110',
      'container-title': 'Revista',
    });
  });
});
