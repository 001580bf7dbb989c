import type { TFunction } from 'i18next';
import { DESK_MAX_AMOUNT } from '@estante/contract';
import { languageTag } from '../../../../lib/i18n';

/** An amount with the currency label of the texts (SPEC §5: two decimals; §9: R$ in Portuguese). */
export function formatMoney(value: number, t: TFunction, language: string): string {
  const amount = new Intl.NumberFormat(languageTag(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return t('circulation.debts.money', { amount });
}

/** An amount typed at the desk, with a decimal comma or point (4 / 4,5 / 4.50); null when it is not one. */
export function parseAmount(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(`${match[1]}.${match[2] ?? '0'}`);
  return value > 0 && value <= DESK_MAX_AMOUNT ? value : null;
}
