import type { TFunction } from 'i18next';
import { languageTag } from '../../../lib/i18n';

/** Largest amount a payment slip can carry (the contract's limit). */
const MAX_AMOUNT = 1_000_000;

function numberFormat(language: string, grouping: boolean): Intl.NumberFormat {
  // The interface language decides the separators, not the browser's region: the texts name the currency.
  return new Intl.NumberFormat(languageTag(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: grouping,
  });
}

/**
 * An amount with its currency label (SPEC §5: two decimals, a decimal comma by default; SPEC §9: the
 * label comes from the texts, R$ in Portuguese and COP$ in Spanish). The amount is never converted.
 */
export function formatMoney(value: number, t: TFunction, language: string): string {
  return t('circulation.debts.money', { amount: numberFormat(language, true).format(value) });
}

/** An amount as the patron would type it in the language (no currency label, no grouping): 4,00 / 4.00. */
export function amountInput(value: number, language: string): string {
  return numberFormat(language, false).format(value);
}

/**
 * The amount a patron typed, with a decimal comma or point and at most two decimals (4 / 4,5 / 4.50);
 * null when it is not such an amount.
 */
export function parseAmount(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(`${match[1]}.${match[2] ?? '0'}`);
  return value > MAX_AMOUNT ? null : value;
}

/** Adds amounts of money without binary-fraction drift (0.1 + 0.2), in cents. */
export function sumMoney(values: readonly number[]): number {
  return values.reduce((cents, value) => cents + Math.round(value * 100), 0) / 100;
}
