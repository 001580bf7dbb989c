import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPhone, keepPhoneCharacters } from './contact';
import { isRangeInOrder, lastTwelveMonths, localDay } from './date-range';

describe('phone input (SPEC §5, §9)', () => {
  it('keeps only digits, hyphen, parentheses and space', () => {
    expect(keepPhoneCharacters('+55 (11) 5555-0101 ramal 2')).toBe('55 (11) 5555-010');
    expect(keepPhoneCharacters('(48) 3721-9000')).toBe('(48) 3721-9000');
  });

  it('cuts the number at 16 characters', () => {
    expect(keepPhoneCharacters('12345678901234567890')).toBe('1234567890123456');
  });

  it('accepts what the input keeps and refuses an empty number', () => {
    expect(isValidPhone('(11) 5555-0101')).toBe(true);
    expect(isValidPhone('   ')).toBe(false);
    expect(isValidPhone('11 5555 0101 x2')).toBe(false);
  });
});

describe('e-mail check (SPEC §5)', () => {
  it('accepts an address and refuses text that is not one', () => {
    expect(isValidEmail('elisa@demo.estante.example')).toBe(true);
    expect(isValidEmail(' elisa@demo.estante.example ')).toBe(true);
    expect(isValidEmail('elisa@')).toBe(false);
    expect(isValidEmail('elisa demo.estante.example')).toBe(false);
  });
});

describe('history date range (SPEC §5)', () => {
  it('opens on the last twelve months, in the patron’s calendar', () => {
    expect(lastTwelveMonths(new Date(2031, 4, 10, 23, 30))).toEqual({ from: '2030-05-10', to: '2031-05-10' });
    expect(localDay(new Date(2031, 0, 2))).toBe('2031-01-02');
  });

  it('refuses a start after the end, and lets either end open', () => {
    expect(isRangeInOrder({ from: '2031-05-11', to: '2031-05-10' })).toBe(false);
    expect(isRangeInOrder({ from: '2031-05-10', to: '2031-05-10' })).toBe(true);
    expect(isRangeInOrder({ from: null, to: '2031-05-10' })).toBe(true);
  });
});
