import { describe, expect, it } from 'vitest';
import { parseCopies, parsePrice } from './numbers';

describe('numbers a librarian types', () => {
  it('takes whole copies from one up, and nothing else', () => {
    expect(parseCopies(' 2 ')).toBe(2);
    expect(parseCopies('999999')).toBe(999_999);
    for (const text of ['0', '-1', '1,5', 'dois', '', '1000000']) expect(parseCopies(text), text).toBeNull();
  });

  it('takes a price with a decimal comma or point and at most two decimals', () => {
    expect(parsePrice('89,9')).toBe(89.9);
    expect(parsePrice('89.90')).toBe(89.9);
    expect(parsePrice('120')).toBe(120);
    for (const text of ['1,234', '1.000,00', 'R$ 10', '-5', '']) expect(parsePrice(text), text).toBeNull();
  });
});
