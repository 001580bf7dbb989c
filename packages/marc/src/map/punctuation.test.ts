import { describe, expect, it } from 'vitest';
import { trimPunctuation } from './punctuation.ts';

describe('trimPunctuation, rule by rule', () => {
  it.each([
    ['Title /', 'Title'],
    ['Title :', 'Title'],
    ['Title ;', 'Title'],
    ['Title =', 'Title'],
    ['Title,', 'Title'],
    ['Title  :  ', 'Title'],
    ['Title !', 'Title !'],
    ['Title ?', 'Title ?'],
    ['Title -', 'Title -'],
  ])('drops a final ISBD separator and the blanks before it: %j', (text, trimmed) => {
    expect(trimPunctuation(text)).toBe(trimmed);
  });

  it.each([
    ['\tTitle\n', 'Title'],
    ['\u000bTitle\u000c', 'Title'],
    ['\rTitle', 'Title'],
    ['\u00a0Title\u00a0', 'Title'],
    ['\u200eTitle\u200f', 'Title'],
    ['\u2000Title\u2005', 'Title'],
    ['Title\u200a', 'Title'],
    ['Title\u200b', 'Title'],
    ['\u202fTitle', 'Title'],
    ['\u3000Title\ufeff', 'Title'],
    ['Title :\u200f', 'Title'],
  ])('reads spaces, no-break and typographic spaces and bidi marks as blanks: %j', (text, trimmed) => {
    expect(trimPunctuation(text)).toBe(trimmed);
  });

  it.each([
    ['Title\u0008', 'Title\u0008'],
    ['Title\u000e', 'Title\u000e'],
    ['Title\u00a1', 'Title\u00a1'],
    ['Title\u1fff', 'Title\u1fff'],
    ['Title\u200c', 'Title\u200c'],
    ['Title\u2010', 'Title\u2010'],
    ['Title\u202e', 'Title\u202e'],
    ['Title\u2fff', 'Title\u2fff'],
    ['Title\ufefe', 'Title\ufefe'],
  ])('keeps the characters next to those ranges: %j', (text, kept) => {
    expect(trimPunctuation(text)).toBe(kept);
  });

  it.each([
    ['Spindler.', 'Spindler'],
    ['The end.', 'The end'],
    ['Año 2020.', 'Año 2020'],
    ['São Paulo.', 'São Paulo'],
    ['Ação.', 'Ação'],
    ['ação.', 'ação'],
    ['Москва.', 'Москва'],
    ['Cafe\u0301s.', 'Cafe\u0301s'],
    ['(2. ed.)', '(2. ed.)'],
    ['Note (rev.).', 'Note (rev.)'],
    ['Collection [sic].', 'Collection [sic]'],
    ['Rio.', 'Rio'],
    [').', ')'],
  ])('drops a period after a word of three or more letters or after a bracket: %j', (text, trimmed) => {
    expect(trimPunctuation(text)).toBe(trimmed);
  });

  it.each([
    'Smith, J.',
    'Smith, Jr.',
    'ed.',
    'A.',
    '.',
    'a b.',
    'Vol. 2-.',
    'Dr. no.',
    'p.',
    'v.1.',
    'Ver §§§.',
  ])('keeps a period after initials, short abbreviations and non-letters: %j', (text) => {
    expect(trimPunctuation(text)).toBe(text);
  });

  it('keeps every final period when asked, and still drops separators', () => {
    expect(trimPunctuation('Oakland, Calif.', { keepPeriod: true })).toBe('Oakland, Calif.');
    expect(trimPunctuation('Penguin Books.', { keepPeriod: true })).toBe('Penguin Books.');
    expect(trimPunctuation('New York :', { keepPeriod: true })).toBe('New York');
    expect(trimPunctuation('Penguin Books.', {})).toBe('Penguin Books');
  });

  it.each([
    ['[S.l.]', 'S.l.'],
    ['[Rio de Janeiro', 'Rio de Janeiro'],
    ['Rio de Janeiro]', 'Rio de Janeiro'],
    ['[a]', 'a'],
    ['[]', '[]'],
    ['[', '['],
    [']', ']'],
    ['[ ]', ''],
    ['[1990] [i.e. 1991]', '[1990] [i.e. 1991]'],
    ['[1990 [i.e. 1991]]', '[1990 [i.e. 1991]]'],
    ['[a [b', '[a [b'],
    ['a] b]', 'a] b]'],
  ])('drops outer square brackets only when no other bracket is inside: %j', (text, trimmed) => {
    expect(trimPunctuation(text)).toBe(trimmed);
  });

  it.each([
    ['[Kalakattā : ]', 'Kalakattā'],
    ['[Place] :', 'Place'],
    ['[São Paulo :].', 'São Paulo'],
    [' [Londres ;] /', 'Londres'],
    ['Title : ;', 'Title'],
    ['[[Title :]] ,', '[[Title :]]'],
  ])('repeats the rules until nothing changes, up to four times: %j', (text, trimmed) => {
    expect(trimPunctuation(text)).toBe(trimmed);
  });

  it('stops after four passes', () => {
    // Each pass takes one final separator.
    expect(trimPunctuation('Title : ; , /')).toBe('Title');
    expect(trimPunctuation('Title = : ; , /')).toBe('Title =');
  });

  it('gives an empty text for blanks and separators only', () => {
    expect(trimPunctuation('')).toBe('');
    expect(trimPunctuation('  ')).toBe('');
    expect(trimPunctuation(' : ')).toBe('');
    expect(trimPunctuation(',')).toBe('');
  });
});
