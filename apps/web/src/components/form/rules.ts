import type { TFunction } from 'i18next';
import { isRangeInOrder } from './date-range';
import { isValidEmail, isValidPhone } from './contact';

/**
 * The form kit's rules (SPEC §5): each answers the message to show, naming the field by its label,
 * or undefined when the value is fine. An empty optional value is fine for every rule but `required`.
 */
export const rules = {
  required: (value: string, label: string, t: TFunction) =>
    value.trim() ? undefined : t('form.required', { field: label }),

  email: (value: string, label: string, t: TFunction) =>
    !value.trim() || isValidEmail(value) ? undefined : t('form.emailInvalid', { field: label }),

  /** SPEC §5: several e-mails separated by semicolons; names the first that is not an address. */
  emailList: (value: string, label: string, t: TFunction) => {
    const wrong = splitEmails(value).find((email) => !isValidEmail(email));
    return wrong === undefined ? undefined : t('form.emailListInvalid', { field: label, email: wrong });
  },

  /** SPEC §5/§9: digits, hyphen, parentheses and space, up to 16 characters. */
  phone: (value: string, label: string, t: TFunction) =>
    !value.trim() || isValidPhone(value) ? undefined : t('form.phoneInvalid', { field: label }),

  /** A real calendar day as YYYY-MM-DD (what a date input gives). */
  date: (value: string, label: string, t: TFunction) =>
    !value || isCalendarDay(value) ? undefined : t('form.dateInvalid', { field: label }),

  /** SPEC §5: the start date may not be after the end date. */
  dateRange: (from: string, to: string, t: TFunction) =>
    isRangeInOrder({ from: from || null, to: to || null }) ? undefined : t('form.dateRange'),

  maxLength: (value: string, max: number, label: string, t: TFunction) =>
    value.trim().length <= max ? undefined : t('form.tooLong', { field: label, max }),
};

/** The e-mails of a semicolon-separated list, trimmed, without empty entries. */
export function splitEmails(value: string): string[] {
  return value
    .split(';')
    .map((email) => email.trim())
    .filter(Boolean);
}

function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Keeps the first message of each field: `firstErrors({ a: [rule1(), rule2()] })`. */
export function firstErrors<K extends string>(
  checks: Partial<Record<K, ReadonlyArray<string | undefined>>>,
): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const [name, messages] of Object.entries(checks) as [K, ReadonlyArray<string | undefined>][]) {
    const message = messages.find((m) => m !== undefined);
    if (message !== undefined) found[name] = message;
  }
  return found;
}
