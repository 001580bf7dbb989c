import { PASSWORD_SPECIAL_CHARS, type PasswordRules } from '@estante/contract';

/** One rule of the new-password checklist (SPEC §5), as the translation key of its line. */
export type PasswordCheckKey = 'length' | 'numbers' | 'onlyNumbers' | 'mixedCase' | 'special' | 'notName';

/** A rule the server asks for and whether the typed password meets it. */
export interface PasswordCheck {
  key: PasswordCheckKey;
  isMet: boolean;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The parts of a name a password must not contain: its words of three letters or more (SPEC §5). */
export function nameParts(name: string): string[] {
  return fold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length >= 3);
}

/**
 * SPEC §5: checks a new password live against the server's rules, in a stable order; only the rules
 * the server asks for are listed. "Differ from the last N" is the server's to check.
 */
export function checkPassword(password: string, rules: PasswordRules, name: string): PasswordCheck[] {
  const checks: PasswordCheck[] = [
    { key: 'length', isMet: password.length >= rules.length.min && password.length <= rules.length.max },
  ];
  if (rules.only_numbers) checks.push({ key: 'onlyNumbers', isMet: /^\d+$/.test(password) });
  else if (rules.has_numbers) checks.push({ key: 'numbers', isMet: /\d/.test(password) });
  if (rules.diff_case)
    checks.push({ key: 'mixedCase', isMet: /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) });
  if (rules.special_char) {
    checks.push({
      key: 'special',
      isMet: [...PASSWORD_SPECIAL_CHARS].some((char) => password.includes(char)),
    });
  }
  if (rules.diff_name) {
    const folded = fold(password);
    checks.push({ key: 'notName', isMet: !nameParts(name).some((part) => folded.includes(part)) });
  }
  return checks;
}
