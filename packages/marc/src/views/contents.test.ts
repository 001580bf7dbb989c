import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/sample-files.ts';
import type { MarcField, MarcRecord } from '../types.ts';
import { buildRecord } from './build-record.ts';
import { contentsNotes } from './contents.ts';

const contents = (ind1: string, ind2: string, ...subfields: [string, string][]): MarcField => ({
  tag: '505',
  ind1,
  ind2,
  subfields: subfields.map(([code, value]) => ({ code, value })),
});

const notesOf = (...fields: MarcField[]) => contentsNotes(buildRecord({ title: 'Obra', fields }));

describe('contents notes (505)', () => {
  it('splits a basic note on "--" and reads "title / responsibility" in each entry', () => {
    const [note] = notesOf(
      contents('0', ' ', ['a', 'O alienista -- Teoria do medalhão / Machado de Assis -- A chinela turca.']),
    );
    expect(note).toEqual({
      completeness: 'complete',
      enhanced: false,
      items: [
        { order: null, title: 'O alienista', responsibility: null, extra: null },
        { order: null, title: 'Teoria do medalhão', responsibility: 'Machado de Assis', extra: null },
        { order: null, title: 'A chinela turca', responsibility: null, extra: null },
      ],
    });
  });

  it('reads the enhanced form: $g before the title as its number, $r, and $g after it as extra', () => {
    const [note] = notesOf(
      contents(
        '1',
        '0',
        ['g', '1.'],
        ['t', 'Introdução /'],
        ['r', 'Ana Souza ;'],
        ['r', 'Bruno Lima'],
        ['g', 'p. 1-20 --'],
        ['g', '2.'],
        ['t', 'A camada física'],
      ),
    );
    expect(note?.completeness).toBe('incomplete');
    expect(note?.enhanced).toBe(true);
    expect(note?.items).toEqual([
      { order: '1.', title: 'Introdução', responsibility: 'Ana Souza ; Bruno Lima', extra: 'p. 1-20' },
      { order: '2.', title: 'A camada física', responsibility: null, extra: null },
    ]);
  });

  it('starts an entry at each $t when the note has no "--" marks', () => {
    const [note] = notesOf(contents('2', '0', ['t', 'Amor.'], ['t', 'Uma galinha.'], ['t', 'O búfalo.']));
    expect(note?.completeness).toBe('partial');
    expect(note?.items.map((i) => i.title)).toEqual(['Amor', 'Uma galinha', 'O búfalo']);
  });

  it('leaves out a 505 with nothing readable, and gives no display constant for indicator 8', () => {
    expect(notesOf(contents('0', ' ', ['a', ' -- ']))).toEqual([]);
    expect(notesOf(contents('8', ' ', ['a', 'Sonetos']))[0]?.completeness).toBeNull();
    expect(notesOf()).toEqual([]);
  });

  const titles = (...subfields: [string, string][]) =>
    notesOf(contents('0', '0', ...subfields))[0]?.items.map((i) => i.title);

  it('ends an entry at "--" with or without spaces around it, and only at the end of a subfield', () => {
    expect(titles(['t', 'Amor.--'], ['t', 'Dois -- '], ['t', 'Três --'])).toEqual(['Amor', 'Dois', 'Três']);
    const [note] = notesOf(
      contents('0', '0', ['t', 'Um'], ['g', 'p. 1--20'], ['g', 'e 30 --'], ['t', 'Dois']),
    );
    expect(note?.items[0]).toEqual({
      order: null,
      title: 'Um',
      responsibility: null,
      extra: 'p. 1--20 e 30',
    });
  });

  it('drops only the slash that ends a title or an extra, written with or without a space', () => {
    // With "--" marks, a $t that follows a $t continues its title.
    expect(titles(['t', 'Primeiro/'], ['t', 'parte --'], ['t', 'Contos 1/2'], ['t', 'fim --'])).toEqual([
      'Primeiro parte',
      'Contos 1/2 fim',
    ]);
    const [note] = notesOf(
      contents(
        '0',
        '0',
        ['t', 'Filme'],
        ['g', '(89 min.)/'],
        ['g', 'v. 1/2'],
        ['g', '1973 --'],
        ['t', 'Outro'],
      ),
    );
    expect(note?.items[0]?.extra).toBe('(89 min.) v. 1/2 1973');
  });

  it('starts a new entry at a $t after a responsibility or an extra, even when "--" marks are used', () => {
    expect(titles(['t', 'Um'], ['r', 'Ana'], ['t', 'Dois --'])).toEqual(['Um', 'Dois']);
    expect(titles(['t', 'Um'], ['g', 'p. 1'], ['t', 'Dois --'])).toEqual(['Um', 'Dois']);
  });

  it('keeps the numbers before a title as its order, and what follows it as its extra', () => {
    const [note] = notesOf(contents('0', '0', ['g', 'v. 1'], ['g', 'parte 2'], ['t', 'Um']));
    expect(note?.items).toEqual([{ order: 'v. 1 parte 2', title: 'Um', responsibility: null, extra: null }]);
    // Without "--" marks: the number before the first $t is still its order.
    expect(notesOf(contents('0', '0', ['g', '1.'], ['t', 'Um'], ['t', 'Dois']))[0]?.items[0]?.order).toBe(
      '1.',
    );
    // A number with no title after it is no entry.
    expect(notesOf(contents('0', '0', ['g', 'fol. 1']))).toEqual([]);
    // Subfields other than $g, $t and $r ($u, $6…) are not part of an entry.
    expect(notesOf(contents('0', '0', ['t', 'Um'], ['u', 'https://example.org/um']))[0]?.items).toEqual([
      { order: null, title: 'Um', responsibility: null, extra: null },
    ]);
  });

  it('joins the responsibilities of an entry with " ; ", leaving out those that are only punctuation', () => {
    const [note] = notesOf(contents('0', '0', ['t', 'Um /'], ['r', 'Ana'], ['r', ' ;'], ['r', 'Bruno.']));
    expect(note?.items[0]?.responsibility).toBe('Ana ; Bruno');
  });

  it('reads each $a of a basic note as starting an entry, and a $g around them as order or extra', () => {
    expect(notesOf(contents('0', ' ', ['a', 'Um'], ['a', 'Dois']))[0]?.items.map((i) => i.title)).toEqual([
      'Um',
      'Dois',
    ]);
    // A $a ending in "--" ends its entry: the $g after it numbers the next.
    expect(notesOf(contents('0', ' ', ['a', 'Um --'], ['g', '2.'], ['t', 'Dois']))[0]?.items).toEqual([
      { order: null, title: 'Um', responsibility: null, extra: null },
      { order: '2.', title: 'Dois', responsibility: null, extra: null },
    ]);
    // A $a not ending in "--" goes on: the $g after it is its extra.
    expect(notesOf(contents('0', ' ', ['a', 'Um'], ['g', 'p. 5']))[0]?.items[0]?.extra).toBe('p. 5');
    // A $a that starts with "--" keeps the order given before it.
    expect(notesOf(contents('0', ' ', ['g', 'fol. 1'], ['a', '-- Título']))[0]?.items).toEqual([
      { order: 'fol. 1', title: 'Título', responsibility: null, extra: null },
    ]);
  });

  it('reads a 505 without indicators or subfields, and a stored stub without fields', () => {
    const leader = '00000nam a2200000 a 4500';
    expect(
      contentsNotes({ leader, fields: [{ tag: '505', subfields: [{ code: 'a', value: 'Um' }] }] }),
    ).toEqual([
      {
        completeness: null,
        enhanced: false,
        items: [{ order: null, title: 'Um', responsibility: null, extra: null }],
      },
    ]);
    expect(contentsNotes({ leader, fields: [{ tag: '505', value: 'Um' }] })).toEqual([]);
    expect(contentsNotes({ leader } as unknown as MarcRecord)).toEqual([]);
  });

  it('reads a real enhanced note: titles with their performers (PSU sample)', () => {
    const notes = contentsNotes(sampleRecord('psu-sample-catalog.mrc', '4562048'));
    expect(notes[0]?.enhanced).toBe(true);
    expect(notes[0]?.items.slice(0, 3)).toEqual([
      {
        order: null,
        title: 'Citation Classics: The Idea and the Collection',
        responsibility: 'Alex Michalos',
        extra: null,
      },
      {
        order: null,
        title: 'Social Indicators Research: A Case Study of the Development of a Journal',
        responsibility: 'Alex Michalos',
        extra: null,
      },
      {
        order: null,
        title: 'Developing Measures of Perceived Life Quality: Results from Several National Surveys',
        responsibility: 'Frank Andrews, Stephen Withey',
        extra: null,
      },
    ]);
  });

  it('keeps parallel titles together and the duration after them (PSU film sample)', () => {
    const [first] = contentsNotes(sampleRecord('psu-sample-catalog.mrc', '12133277'));
    expect(first?.items[0]).toEqual({
      order: 'part 1. discs 1-3.',
      title: 'Touki-bouki = The journey of the hyena',
      responsibility:
        'une production Cinegrit ; produit et réalisé par Djibril Diop Mambety ; written by Djibril Diop Mambety',
      extra: '(89 min. ; 1973) (Senegal)',
    });
    expect(first?.items[1]?.title).toBe('Redes = The wave');
  });

  it('reads a real basic note with pieces written "title.--title" (OCLC sample)', () => {
    const [note] = contentsNotes(sampleRecord('lc-m2bf-oclc.xml', '281009'));
    expect(note?.items.slice(0, 3).map((i) => i.title)).toEqual([
      'I sing the body electric',
      'Whoever you are holding me now in hand',
      'To you',
    ]);
    expect(note?.items.at(-1)?.title).toBe('So long');
  });

  it('reads a folio range given in $g before a basic $a (Princeton manuscript)', () => {
    const [first] = contentsNotes(sampleRecord('lc-m2bf-princeton.xml', '3599298'));
    expect(first?.items).toEqual([
      {
        order: 'fol. 1r-15v',
        title: 'De interpretatione, with extensive marginal scholia and interlinear glosses',
        responsibility: null,
        extra: null,
      },
    ]);
  });
});
