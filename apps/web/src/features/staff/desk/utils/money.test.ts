import { describe, expect, it } from 'vitest';
import { parseAmount } from './money';

describe('an amount typed at the desk', () => {
  it('takes a decimal comma or point and at most two decimals', () => {
    expect(parseAmount('4')).toBe(4);
    expect(parseAmount(' 4,5 ')).toBe(4.5);
    expect(parseAmount('4.50')).toBe(4.5);
    expect(parseAmount('4,505')).toBeNull();
    expect(parseAmount('4,')).toBeNull();
    expect(parseAmount('R$ 4')).toBeNull();
  });

  it('refuses nothing at all and more than the desk takes at once', () => {
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('0,00')).toBeNull();
    expect(parseAmount('1000000')).toBe(1_000_000);
    expect(parseAmount('1000000,01')).toBeNull();
  });
});
