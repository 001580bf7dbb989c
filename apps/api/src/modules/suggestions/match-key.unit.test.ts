import { describe, expect, it } from 'vitest';
import { suggestionMatchKey } from './match-key.ts';

describe('suggestionMatchKey', () => {
  it('keys an ISBN as its ISBN-13 and an ISSN as NNNN-NNNN, as the catalogue keeps them', () => {
    expect(suggestionMatchKey('978-85-359-0277-8')).toBe('9788535902778');
    expect(suggestionMatchKey('85-333-0227-4')).toBe('9788533302273');
    expect(suggestionMatchKey('0100 1965')).toBe('0100-1965');
    expect(suggestionMatchKey('01001965')).toBe('0100-1965');
  });

  it('keys nothing when the number is missing or its check digit is wrong', () => {
    expect(suggestionMatchKey(undefined)).toBeNull();
    expect(suggestionMatchKey('  ')).toBeNull();
    expect(suggestionMatchKey('978-85-359-0277-9')).toBeNull();
    expect(suggestionMatchKey('0100-1966')).toBeNull();
  });
});
