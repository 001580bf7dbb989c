import { LoanRequestBodySchema, PHONE_PATTERN } from '@estante/contract';

/** SPEC §9: a phone number has at most 16 characters. */
export const PHONE_MAX_LENGTH = 16;

/** SPEC §5: the phone input keeps only digits, hyphen, parentheses and space, up to 16 characters. */
export function keepPhoneCharacters(value: string): string {
  return value.replace(/[^0-9()\- ]/g, '').slice(0, PHONE_MAX_LENGTH);
}

/** Whether a typed phone number is one the server accepts (after trimming). */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** SPEC §5: a valid e-mail, checked with the same schema the server uses. */
export function isValidEmail(value: string): boolean {
  return LoanRequestBodySchema.shape.email.safeParse(value.trim()).success;
}
