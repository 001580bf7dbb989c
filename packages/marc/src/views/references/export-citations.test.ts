import { describe, expect, it } from 'vitest';
import { Cite } from '@citation-js/core';
import { exportCitations } from './export-citations.ts';
import type { CslItem } from './to-csl.ts';

const LONG =
  'Constituição da República Federativa do Brasil: promulgada em 5 de outubro de 1988, com as alterações adotadas pelas emendas constitucionais';

describe('RIS export', () => {
  it('keeps every value on its line, however long, with CRLF line ends', () => {
    const ris = exportCitations(
      [{ id: '7', type: 'book', title: LONG, publisher: 'Senado\nFederal' }],
      'ris',
    );
    const lines = ris.split('\r\n');
    expect(lines[0]).toBe('TY  - BOOK');
    expect(lines).toContain(`TI  - ${LONG}`);
    // A line break inside a value would start a bogus line: it becomes a space.
    expect(lines).toContain('PB  - Senado Federal');
    expect(lines.at(-2)).toBe('ER  - ');
    expect(ris.endsWith('\r\n')).toBe(true);
    expect(lines.every((line) => line === '' || /^[A-Z][A-Z0-9] {2}- /.test(line))).toBe(true);
  });

  it('writes entries one after another, each opening with its one TY line', () => {
    const ris = exportCitations(
      [
        { id: '1', type: 'book', title: 'Um' },
        { id: '2', type: 'article-journal', title: 'Dois' },
      ],
      'ris',
    );
    const lines = ris.split('\r\n');
    expect(lines.filter((line) => line.startsWith('TY  - '))).toEqual(['TY  - BOOK', 'TY  - JOUR']);
    expect(ris).toContain('ER  - \r\nTY  - JOUR\r\n');
  });
});

describe('BibTeX export', () => {
  const thesis = (genre: string): CslItem => ({
    id: '1',
    type: 'thesis',
    title: 'T',
    author: [{ family: 'Silva', given: 'Ana' }],
    genre,
    publisher: 'Universidade de São Paulo',
    issued: { 'date-parts': [[2010]] },
  });
  const typeOf = (item: CslItem) => /^@(\w+)\{/.exec(exportCitations([item], 'bibtex'))?.[1];

  it('writes a thesis as @phdthesis or @mastersthesis by its degree, with the school', () => {
    expect(typeOf(thesis('Tese (Doutorado em Educação)'))).toBe('phdthesis');
    expect(typeOf(thesis('Thesis (Ph.D.)'))).toBe('phdthesis');
    expect(typeOf(thesis('Tese'))).toBe('phdthesis');
    expect(typeOf(thesis('Dissertação (Mestrado em História)'))).toBe('mastersthesis');
    expect(typeOf(thesis('Thesis (M.A.)'))).toBe('mastersthesis');
    expect(typeOf(thesis('Trabalho de conclusão de curso (Graduação)'))).toBe('mastersthesis');
    const bib = exportCitations([thesis('Tese (Doutorado)')], 'bibtex');
    expect(bib).toContain('\tschool = {Universidade de São Paulo},\n');
  });

  it.each([
    ['D.Phil.', 'phdthesis'],
    ['Tesis (Dr. en Historia)', 'phdthesis'],
    ['Tese (Livre-docência)', 'phdthesis'],
    ['Habilitationsschrift', 'phdthesis'],
    ['Thèse', 'phdthesis'],
    ['Dissertation', 'phdthesis'],
    ['Tesis (Maestría en Letras)', 'mastersthesis'],
    ['Thesis (M.Sc.)', 'mastersthesis'],
    ['Monografia (Bacharelado em Direito)', 'mastersthesis'],
    ['Tesina (Licenciatura)', 'mastersthesis'],
    ['Monografia (Especialização)', 'mastersthesis'],
    ['Relatório técnico', 'mastersthesis'],
    // Degrees written without the thesis word that would decide alone, and the thesis word elsewhere.
    ['PhD', 'phdthesis'],
    ['Ph.D.', 'phdthesis'],
    ['Ph. D.', 'phdthesis'],
    ['D. Phil.', 'phdthesis'],
    ['Thesis (M. A.)', 'mastersthesis'],
    ['Thesis (MSc)', 'mastersthesis'],
    ['Relatório de tese', 'mastersthesis'],
    ['', 'mastersthesis'],
  ])('writes a thesis of kind "%s" as @%s', (genre, type) => {
    expect(typeOf(thesis(genre))).toBe(type);
  });

  it('escapes LaTeX in every text field and in names, and leaves URL and ISBN as they are', () => {
    const bib = exportCitations(
      [
        {
          id: '1',
          type: 'chapter',
          title: 'a & b',
          'container-title': 'c & d',
          'collection-title': 'e & f',
          publisher: 'g & h',
          'publisher-place': 'i & j',
          edition: '2 & 3',
          volume: '4_5',
          page: '8^9',
          author: [{ family: 'Ó & Cia', given: 'K_L' }],
          editor: [{ literal: 'M \\ N' }],
          URL: 'https://example.org/a_b?c=1&d=2',
          ISBN: '978-85-359_0277-8',
        },
        { id: '2', type: 'article-journal', title: 'x', 'container-title': 'y', issue: '6_7' },
      ],
      'bibtex',
    );
    for (const field of [
      'title = {a \\& b}',
      'booktitle = {c \\& d}',
      'series = {e \\& f}',
      'publisher = {g \\& h}',
      'address = {i \\& j}',
      'edition = {2 \\& 3}',
      'volume = {4\\_5}',
      'pages = {8\\textasciicircum{}9}',
      'author = {Ó \\& Cia, K\\_L}',
      'editor = {{M \\textbackslash{} N}}',
      'url = {https://example.org/a_b?c=1&d=2}',
      'isbn = {978-85-359_0277-8}',
      'number = {6\\_7}',
    ])
      expect(bib).toContain(`\t${field},\n`);
  });

  it('writes a thesis with no kind given as @mastersthesis', () => {
    expect(typeOf({ id: '1', type: 'thesis', title: 'T' })).toBe('mastersthesis');
  });

  it('separates entries by a blank line', () => {
    const bib = exportCitations(
      [
        { id: '1', type: 'book', title: 'Um' },
        { id: '2', type: 'book', title: 'Dois' },
      ],
      'bibtex',
    );
    expect(bib).toMatch(/\n\}\n\n@book\{/);
  });

  it('keys an entry with no author, year or Latin title by its id', () => {
    expect(exportCitations([{ id: '9', type: 'book', title: '紅樓夢' }], 'bibtex')).toMatch(/^@book\{item9,/);
  });

  it('keeps keys unique past the 26 letters', () => {
    const bib = exportCitations(
      Array.from({ length: 29 }, (_, i) => ({
        id: String(i),
        type: 'book' as const,
        title: 'Nahan',
        author: [{ family: 'Lu' }],
        issued: { 'date-parts': [[1923]] as [[number]] },
      })),
      'bibtex',
    );
    const keys = [...bib.matchAll(/^@\w+\{([^,]+),/gm)].map((m) => m[1]!);
    expect(new Set(keys).size).toBe(29);
    expect(keys.slice(0, 3)).toEqual([keys[0], `${keys[0]}a`, `${keys[0]}b`]);
    expect(keys.slice(26)).toEqual([`${keys[0]}z`, `${keys[0]}a26`, `${keys[0]}b27`]);
  });

  it('writes periodicals as @periodical, chapters as @incollection, books as @book', () => {
    expect(typeOf({ id: '1', type: 'periodical', title: 'Nature', ISSN: '0028-0836' })).toBe('periodical');
    expect(
      typeOf({ id: '1', type: 'chapter', title: 'A', 'container-title': 'B', editor: [{ family: 'E' }] }),
    ).toBe('incollection');
    expect(typeOf({ id: '1', type: 'book', title: 'A' })).toBe('book');
    expect(typeOf({ id: '1', type: 'map', title: 'A' })).toBe('misc');
  });

  it('keeps every script in UTF-8 and escapes LaTeX special characters, and citation-js reads it back', async () => {
    const titles = [
      'Война и мир',
      'بين القصرين',
      '紅樓夢',
      'Bayn al-qaṣrayn',
      'Ciência & saúde: 100% {novo} $ # _ ~',
    ];
    const bib = exportCitations(
      titles.map((title, i) => ({ id: String(i), type: 'book', title, author: [{ family: 'Autor' }] })),
      'bibtex',
    );
    expect(bib).toContain('title = {Война и мир}');
    expect(bib).toContain('Ciência \\& saúde: 100\\% \\{novo\\} \\$ \\# \\_ \\textasciitilde{}');
    const read = (await Cite.async(bib)).data.map((item) => String(item['title']));
    expect(read.slice(0, 4)).toEqual(titles.slice(0, 4));
    expect(read[4]).toBe('Ciência & saúde: 100% {novo} $ # _ ~');
  });

  it('gives every entry its own key, also when the title has no word in Latin letters', () => {
    const bib = exportCitations(
      ['紅樓夢', '吶喊', 'Nahan', 'Nahan'].map((title, i) => ({
        id: String(i),
        type: 'book',
        title,
        author: [{ family: 'Lu', given: 'Xun' }],
        issued: { 'date-parts': [[1923]] },
      })),
      'bibtex',
    );
    const keys = [...bib.matchAll(/^@\w+\{([^,]+),/gm)].map((m) => m[1]);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(4);
    expect(keys.join(' ')).not.toContain('undefined');
  });
});
