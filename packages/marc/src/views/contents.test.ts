import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/sample-files.ts';
import type { MarcField } from '../types.ts';
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
