import { describe, expect, it } from 'vitest';
import { isbn10To13, isValidIsbn10, isValidIsbn13, readIsbn, readIssn } from './isbn.ts';
import { trimPunctuation } from './punctuation.ts';

describe('ISBN and ISSN', () => {
  it('normalises ISBNs as catalogued and converts ISBN-10 to ISBN-13', () => {
    expect(readIsbn('85-333-0227-4 (broch.)')).toEqual({
      normalized: '8533302274',
      isbn13: '9788533302273',
      isbn10: '8533302274',
    });
    expect(readIsbn('0553204300pbk.')).toEqual({
      normalized: '0553204300',
      isbn13: '9780553204308',
      isbn10: '0553204300',
    });
    expect(readIsbn('184533213x')).toMatchObject({ isbn13: '9781845332136', isbn10: '184533213X' });
    expect(readIsbn('978-85-359-0277-8')).toMatchObject({ isbn13: '9788535902778', isbn10: null });
    expect(readIsbn('0 19 852663 6')).toMatchObject({ isbn13: '9780198526636' });
    expect(isbn10To13('8535902775')).toBe('9788535902778');
  });

  it('rejects wrong check digits, EANs that are not books and garbage', () => {
    expect(readIsbn('8533302273')?.isbn13).toBeNull();
    expect(readIsbn('8901452100503')).toEqual({ normalized: '8901452100503', isbn13: null, isbn10: null });
    expect(readIsbn('HL00361126 :')).toEqual({ normalized: '00361126', isbn13: null, isbn10: null });
    expect(readIsbn('(pbk.)')).toBeNull();
    expect(isValidIsbn10('123456789X')).toBe(true);
    expect(isValidIsbn13('9781845332137')).toBe(false);
  });

  it('reads a number spaced out in groups, an X check digit spaced too, and keeps the first word of a wrong one', () => {
    expect(readIsbn('1 84533213 X')).toMatchObject({ isbn13: '9781845332136', isbn10: '184533213X' });
    expect(readIsbn('1 845 33213X (enc.)')).toMatchObject({ isbn13: '9781845332136' });
    // Grouped but with a wrong check digit: what is kept as the invalid number is the first word's digits.
    expect(readIsbn('0 19 852663 7')).toEqual({ normalized: '0', isbn13: null, isbn10: null });
    expect(readIsbn('12345X7891')).toEqual({ normalized: '12345X7891', isbn13: null, isbn10: null });
  });

  it('checks the whole text as one number: an X only last, nothing before or after', () => {
    // Each of these has a right check sum over the ten or thirteen characters that a looser test would read.
    expect(isValidIsbn10('12345X7891')).toBe(false);
    expect(isValidIsbn10('0198526636X')).toBe(false);
    expect(isValidIsbn10('90198526636')).toBe(false);
    expect(isValidIsbn10('0198526636')).toBe(true);
    expect(isValidIsbn13('97885359027780')).toBe(false);
    expect(isValidIsbn13('29788535902778')).toBe(false);
    expect(isValidIsbn13('9788535902778')).toBe(true);
  });

  it('normalises ISSNs to NNNN-NNNN and checks them', () => {
    expect(readIssn('0009-7330')).toBe('0009-7330');
    expect(readIssn('1524 4571 (Electronic)')).toBe('1524-4571');
    expect(readIssn('0317-8471')).toBe('0317-8471');
    expect(readIssn('0009-7331')).toBeNull();
  });

  it('reads an ISSN whose check digit is X (written either case) or spaced around its hyphen, and none in plain text', () => {
    expect(readIssn('0000-006x')).toBe('0000-006X');
    expect(readIssn('ISSN 1524 - 4571')).toBe('1524-4571');
    expect(readIssn('0000-0061')).toBeNull();
    expect(readIssn('sem ISSN')).toBeNull();
  });
});

describe('ISBD punctuation', () => {
  it('trims it the way traject does', () => {
    expect(trimPunctuation('The eighth day :')).toBe('The eighth day');
    expect(trimPunctuation('Roatcap, Adela Spindler.')).toBe('Roatcap, Adela Spindler');
    expect(trimPunctuation('Smith, J.')).toBe('Smith, J.');
    expect(trimPunctuation('[Kalakattā : ]')).toBe('Kalakattā');
    expect(trimPunctuation('[Bituaḥ u-viṭaḥon sotsyali].')).toBe('Bituaḥ u-viṭaḥon sotsyali');
    expect(trimPunctuation('[200-?] [195-?]')).toBe('[200-?] [195-?]');
    expect(trimPunctuation('שודדי־ים יהודיים :\u200f')).toBe('שודדי־ים יהודיים');
    expect(trimPunctuation('Oakland, Calif. :', { keepPeriod: true })).toBe('Oakland, Calif.');
  });
});
