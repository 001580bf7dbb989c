import { hash, verify } from '@node-rs/argon2';
import type { Queryable } from '../../lib/db/index.ts';
import { IDENTITY_ERRORS } from './errors.ts';
import { findPasswordHistory } from './repository.ts';

/** Password rules (SPEC §3), as the server hands them to the web and checks them itself. */
export interface PasswordRules {
  length: { min: number; max: number };
  has_numbers: boolean;
  only_numbers: boolean;
  diff_case: boolean;
  special_char: boolean;
  diff_name: boolean;
  /** How many of the latest passwords a new one must differ from (0: no check). */
  last_pw: number;
}

/** Rules when the institution sets none (setting `regras_senha`). */
export const DEFAULT_PASSWORD_RULES: PasswordRules = {
  length: { min: 6, max: 64 },
  has_numbers: false,
  only_numbers: false,
  diff_case: false,
  special_char: false,
  diff_name: false,
  last_pw: 0,
};

/** SPEC §5: the special characters a password may need. */
export const PASSWORD_SPECIAL_CHARACTERS = '@!#$%&*()-_';

/** The institution's password rules: the `regras_senha` setting over the defaults. */
export function passwordRulesFrom(settings: Record<string, unknown>): PasswordRules {
  const given = settings['regras_senha'];
  if (!given || typeof given !== 'object') return DEFAULT_PASSWORD_RULES;
  const raw = given as Record<string, unknown>;
  const flag = (key: keyof PasswordRules) =>
    typeof raw[key] === 'boolean' ? (raw[key] as boolean) : (DEFAULT_PASSWORD_RULES[key] as boolean);
  const length = (raw['length'] ?? {}) as Record<string, unknown>;
  const whole = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback;
  return {
    length: {
      min: whole(length['min'], DEFAULT_PASSWORD_RULES.length.min),
      max: whole(length['max'], DEFAULT_PASSWORD_RULES.length.max),
    },
    has_numbers: flag('has_numbers'),
    only_numbers: flag('only_numbers'),
    diff_case: flag('diff_case'),
    special_char: flag('special_char'),
    diff_name: flag('diff_name'),
    last_pw: whole(raw['last_pw'], DEFAULT_PASSWORD_RULES.last_pw),
  };
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The rules a password breaks, except the history (see breaksHistory); empty when it meets them. */
export function brokenPasswordRules(
  password: string,
  rules: PasswordRules,
  person: { name: string; login?: string },
): (keyof PasswordRules)[] {
  const broken: (keyof PasswordRules)[] = [];
  const length = [...password].length;
  if (length < rules.length.min || length > rules.length.max) broken.push('length');
  if (rules.has_numbers && !/\d/.test(password)) broken.push('has_numbers');
  if (rules.only_numbers && !/^\d+$/.test(password)) broken.push('only_numbers');
  if (rules.diff_case && !(/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password))) broken.push('diff_case');
  if (rules.special_char && ![...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)))
    broken.push('special_char');
  if (rules.diff_name) {
    // SPEC §5: must not contain parts of the name (parts of three letters or more, accents ignored).
    const folded = fold(password);
    const parts = [...fold(person.name).split(/[^\p{L}\p{N}]+/u), fold(person.login ?? '')].filter(
      (part) => part.length >= 3,
    );
    if (parts.some((part) => folded.includes(part))) broken.push('diff_name');
  }
  return broken;
}

/** True when the password equals one of the given earlier hashes (the last N passwords). */
export async function breaksHistory(password: string, hashes: readonly string[]): Promise<boolean> {
  for (const hash of hashes) {
    if (await verify(hash, password).catch(() => false)) return true;
  }
  return false;
}

/**
 * A new password for a patron (change or recovery): trimmed (SPEC §5), checked against every
 * rule and against the current and last N passwords; answers its hash, or refuses with the
 * password-criteria error.
 */
export async function hashNewPassword(
  db: Queryable,
  patron: { id: number; name: string; login: string; password_hash: string },
  password: string,
  rules: PasswordRules,
): Promise<string> {
  const next = password.trim();
  const history =
    rules.last_pw > 0
      ? [patron.password_hash, ...(await findPasswordHistory(db, patron.id, rules.last_pw - 1))]
      : [];
  if (
    brokenPasswordRules(next, rules, { name: patron.name, login: patron.login }).length > 0 ||
    (await breaksHistory(next, history))
  ) {
    throw IDENTITY_ERRORS.passwordCriteria();
  }
  return hash(next);
}
