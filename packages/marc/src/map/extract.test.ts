import { describe, expect, it } from 'vitest';
import { dataField } from '../testing/fields.ts';
import {
  all,
  alternatesOf,
  controlValue,
  extract,
  fieldsOf,
  first,
  indexRecord,
  isControlSubfield,
  joinSubfields,
  linkedAlternate,
  subfieldValue,
  subfieldValues,
} from './extract.ts';

// The traject-style extraction every mapping is written with, on a small record written by hand.

const data = dataField;

const record = indexRecord({
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '001', value: 'ctrl-1' },
    { tag: '001', value: 'second' },
    { tag: '008', value: '200101s2020    bl            000 0 por d' },
    data('100', '1 ', ['a', 'Silva, Ana,'], ['d', '1950-'], ['0', '(BR)1'], ['e', 'autora.']),
    data('245', '10', ['6', '880-01'], ['a', 'Título :'], ['b', 'subtítulo /'], ['c', 'Ana Silva.']),
    data('246', '3 ', ['a', ' ']),
    data('264', ' 1', ['a', 'São Paulo :'], ['b', 'Editora,'], ['c', '2020.']),
    data('264', ' 4', ['c', '©2019']),
    data('490', '0 ', ['a', 'Série'], ['v', '3']),
    data('830', ' 0', ['a', 'Série.'], ['v', '3']),
    data('880', '10', ['6', '245-01/(N'], ['a', 'Заглавие']),
    data('880', '1 ', ['6', '100-02/(N'], ['a', 'Сильва']),
    data('880', '  ', ['6', '245-03'], ['a', 'Outro']),
  ],
});

describe('extract specs', () => {
  it('joins the chosen subfields of each field in record order, one string per field', () => {
    expect(extract('245ab')(record)).toEqual(['Título : subtítulo /']);
    expect(extract('264c')(record)).toEqual(['2020.', '©2019']);
  });

  it('takes every subfield but $0–$9 when no codes are given', () => {
    expect(extract('100')(record)).toEqual(['Silva, Ana, 1950- autora.']);
    expect(extract('245')(record)).toEqual(['Título : subtítulo / Ana Silva.']);
  });

  it('filters by indicators, * for any and # for a blank', () => {
    expect(extract('264|*1|c')(record)).toEqual(['2020.']);
    expect(extract('264|#4|c')(record)).toEqual(['©2019']);
    expect(extract('264|**|c')(record)).toEqual(['2020.', '©2019']);
    expect(extract('264|1*|c')(record)).toEqual([]);
    expect(extract('245|10|a')(record)).toEqual(['Título :']);
    expect(extract('245|11|a')(record)).toEqual([]);
  });

  it('reads positions of a control field, one or a range', () => {
    expect(extract('008[7-10]')(record)).toEqual(['2020']);
    expect(extract('008[6]')(record)).toEqual(['s']);
    expect(extract('008[35-37]')(record)).toEqual(['por']);
    expect(extract('001')(record)).toEqual(['ctrl-1', 'second']);
  });

  it('reads several specs joined by ":" one after another', () => {
    expect(extract('490av:830av')(record)).toEqual(['Série 3', 'Série. 3']);
    expect(extract(' 490a : 830a ')(record)).toEqual(['Série', 'Série.']);
  });

  it('joins with the separator asked for, trims, and leaves out fields with nothing', () => {
    expect(extract('264abc', { separator: ' | ' })(record)).toEqual([
      'São Paulo : | Editora, | 2020.',
      '©2019',
    ]);
    expect(extract('246a')(record)).toEqual([]);
    expect(extract('999a')(record)).toEqual([]);
  });

  it('removes final ISBD punctuation when asked', () => {
    expect(extract('245ab', { trimPunctuation: true })(record)).toEqual(['Título : subtítulo']);
    expect(extract('830a', { trimPunctuation: true })(record)).toEqual(['Série']);
  });

  it('reads the linked 880s too, or only them', () => {
    expect(extract('245a', { alternateScript: true })(record)).toEqual(['Título :', 'Заглавие', 'Outro']);
    expect(extract('245a', { alternateScript: 'only' })(record)).toEqual(['Заглавие', 'Outro']);
    expect(extract('100a', { alternateScript: 'only' })(record)).toEqual(['Сильва']);
    expect(extract('245a', { alternateScript: false })(record)).toEqual(['Título :']);
  });

  it.each(['24', '245|1|a', '245[a]', '245[1-]', '245|10a', '24$a', ''])('refuses the spec %j', (spec) => {
    expect(() => extract(spec)).toThrow(`bad extract spec "${spec}"`);
  });
});

describe('reading fields and subfields', () => {
  it('gives the fields of a tag in record order, none for a tag not there', () => {
    expect(fieldsOf(record, '264').map((f) => f.ind2)).toEqual(['1', '4']);
    expect(fieldsOf(record, '500')).toEqual([]);
  });

  it('gives the first control field of a tag, or null', () => {
    expect(controlValue(record, '001')).toBe('ctrl-1');
    expect(controlValue(record, '003')).toBeNull();
  });

  it('gives subfield values by code in record order, and the first of one code or null', () => {
    const heading = fieldsOf(record, '100')[0]!;
    expect(subfieldValues(heading, 'ed')).toEqual(['1950-', 'autora.']);
    expect(subfieldValues(heading, 'x')).toEqual([]);
    expect(subfieldValue(heading, 'd')).toBe('1950-');
    expect(subfieldValue(heading, 'q')).toBeNull();
    expect(subfieldValue({ tag: '001', value: 'x' }, 'a')).toBeNull();
  });

  it('joins a field: chosen codes, or all but $0–$9; blank values left out; values trimmed', () => {
    const field = data('650', ' 0', ['a', ' Gatos '], ['x', ''], ['z', 'Brasil'], ['2', 'lcsh'], ['9', '7']);
    expect(joinSubfields(field, null)).toBe('Gatos Brasil');
    expect(joinSubfields(field, 'az2', ' -- ')).toBe('Gatos -- Brasil -- lcsh');
    expect(joinSubfields({ tag: '650' }, null)).toBe('');
  });

  it('knows $0–$9 as the control subfields', () => {
    expect([...'0123456789'].every(isControlSubfield)).toBe(true);
    expect(['a', 'z', '/', ':', 'A'].some(isControlSubfield)).toBe(false);
  });

  it('finds the 880 linked to a field by tag and occurrence, and none without a link', () => {
    const title = fieldsOf(record, '245')[0]!;
    expect(subfieldValue(linkedAlternate(record, title)!, 'a')).toBe('Заглавие');
    expect(linkedAlternate(record, fieldsOf(record, '100')[0]!)).toBeNull();
    expect(linkedAlternate(record, data('245', '  ', ['6', '880-09'], ['a', 'x']))).toBeNull();
    expect(linkedAlternate(record, data('245', '  ', ['6', '100-01'], ['a', 'x']))).toBeNull();
    expect(linkedAlternate(record, data('100', '  ', ['6', '880-01'], ['a', 'x']))).toBeNull();
    expect(alternatesOf(record, '245').map((f) => subfieldValue(f, 'a'))).toEqual(['Заглавие', 'Outro']);
    expect(alternatesOf(record, '600')).toEqual([]);
  });

  it('takes the first string of a rule, or null; and every string of several rules once', () => {
    expect(first(extract('264c'))(record)).toBe('2020.');
    expect(first(extract('500a'))(record)).toBeNull();
    expect(all(extract('490a'), extract('830a', { trimPunctuation: true }), extract('264c'))(record)).toEqual(
      ['Série', '2020.', '©2019'],
    );
  });
});
