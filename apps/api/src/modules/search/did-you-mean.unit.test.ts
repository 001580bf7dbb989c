import { describe, expect, it } from 'vitest';
import { matchCase, tokenize } from './did-you-mean.ts';

describe('did-you-mean words', () => {
  it('keeps the punctuation around each typed word apart from the word', () => {
    expect(tokenize('  (Machadoo,  de "Asis")  ')).toEqual([
      { before: '(', core: 'Machadoo', after: ',' },
      { before: '', core: 'de', after: '' },
      { before: '"', core: 'Asis', after: '")' },
    ]);
    expect(tokenize("d'água 1984 --")).toEqual([
      { before: '', core: "d'água", after: '' },
      { before: '', core: '1984', after: '' },
      { before: '--', core: '', after: '' },
    ]);
  });

  it('writes a correction in the case the word was typed in', () => {
    expect(matchCase('machadoo', 'machado')).toBe('machado');
    expect(matchCase('Sertao', 'sertão')).toBe('Sertão');
    expect(matchCase('SERTAOO', 'sertão')).toBe('SERTÃO');
    expect(matchCase('Érico', 'érico')).toBe('Érico');
  });
});
