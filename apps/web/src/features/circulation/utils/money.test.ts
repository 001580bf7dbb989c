import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { amountInput, formatMoney, parseAmount, sumMoney } from './money';

/** The text with its no-break space shown as a plain space, as a reader sees it. */
const shown = (text: string) => text.replace(/\u00a0/g, ' ');

describe('money (SPEC §5 currency formatter, §9 currency label)', () => {
  it('writes R$ with two decimals and a decimal comma in Portuguese', () => {
    const t = i18n.getFixedT('pt');
    expect(shown(formatMoney(4, t, 'pt'))).toBe('R$ 4,00');
    expect(shown(formatMoney(4.5, t, 'pt'))).toBe('R$ 4,50');
    expect(shown(formatMoney(1234.5, t, 'pt'))).toBe('R$ 1.234,50');
  });

  it('writes COP$ in the Spanish texts, with the same amount (never converted)', () => {
    const t = i18n.getFixedT('es');
    expect(shown(formatMoney(4, t, 'es'))).toBe('COP$ 4,00');
    expect(shown(formatMoney(0.05, t, 'es'))).toBe('COP$ 0,05');
  });

  it('keeps R$ in English, with the decimal point English readers expect', () => {
    const t = i18n.getFixedT('en');
    expect(shown(formatMoney(4, t, 'en'))).toBe('R$ 4.00');
    expect(shown(formatMoney(1234.5, t, 'en'))).toBe('R$ 1,234.50');
  });

  it('keeps the label and the number together on one line', () => {
    expect(formatMoney(4, i18n.getFixedT('pt'), 'pt')).toBe('R$\u00a04,00');
  });

  it('offers an amount to type without label or grouping', () => {
    expect(amountInput(1234.5, 'pt')).toBe('1234,50');
    expect(amountInput(4, 'en')).toBe('4.00');
  });

  it('reads an amount typed with a comma or a point and at most two decimals', () => {
    expect(parseAmount('4')).toBe(4);
    expect(parseAmount(' 4,5 ')).toBe(4.5);
    expect(parseAmount('4.50')).toBe(4.5);
    expect(parseAmount('0,01')).toBe(0.01);
    expect(parseAmount('4,555')).toBeNull();
    expect(parseAmount('1.234,50')).toBeNull();
    expect(parseAmount('-4')).toBeNull();
    expect(parseAmount('quatro')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });

  it('adds amounts in cents, without binary-fraction drift', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([4, 1.35, 2.65])).toBe(8);
    expect(sumMoney([])).toBe(0);
  });
});
