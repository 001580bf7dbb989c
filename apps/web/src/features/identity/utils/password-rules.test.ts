import { describe, expect, it } from 'vitest';
import type { PasswordRules } from '@estante/contract';
import { checkPassword, nameParts } from './password-rules';

const rules = (overrides: Partial<PasswordRules> = {}): PasswordRules => ({
  length: { min: 8, max: 20 },
  has_numbers: true,
  only_numbers: false,
  diff_case: true,
  special_char: true,
  diff_name: true,
  last_pw: 3,
  ...overrides,
});

const unmet = (password: string, r = rules(), name = 'Ana Beatriz Souza') =>
  checkPassword(password, r, name)
    .filter((check) => !check.isMet)
    .map((check) => check.key);

describe('new password checklist (SPEC §5)', () => {
  it('accepts a password that meets every rule', () => {
    expect(unmet('Livro#2026a')).toEqual([]);
  });

  it('names each unmet rule', () => {
    expect(unmet('curta')).toEqual(['length', 'numbers', 'mixedCase', 'special']);
    expect(unmet('x'.repeat(21))).toContain('length');
    expect(unmet('semnumeroS#aa')).toEqual(['numbers']);
    expect(unmet('todasminusculas1#')).toEqual(['mixedCase']);
    expect(unmet('SemEspecial123')).toEqual(['special']);
  });

  it('accepts only the special characters SPEC §5 lists', () => {
    expect(unmet('Livro2026a+')).toEqual(['special']);
    for (const char of '@!#$%&*()-_') expect(unmet(`Livro2026a${char}`)).toEqual([]);
  });

  it('refuses parts of the name, whatever the case and accents', () => {
    expect(unmet('Beatriz#2026')).toEqual(['notName']);
    expect(unmet('xSOUZAx#2026')).toEqual(['notName']);
    expect(unmet('Jose#2026ab', rules(), 'José Álvares')).toEqual(['notName']);
    // Words shorter than three letters are not parts to avoid.
    expect(nameParts('Ana de Souza')).toEqual(['ana', 'souza']);
  });

  it('with only_numbers asks for digits only, in place of "contains digits"', () => {
    const digitsOnly = rules({
      only_numbers: true,
      diff_case: false,
      special_char: false,
      length: { min: 4, max: 6 },
    });
    expect(checkPassword('1234', digitsOnly, 'Ana').map((check) => check.key)).toEqual([
      'length',
      'onlyNumbers',
      'notName',
    ]);
    expect(unmet('12a4', digitsOnly)).toEqual(['onlyNumbers']);
  });

  it('lists only the rules the server asks for', () => {
    const lenient = rules({ has_numbers: false, diff_case: false, special_char: false, diff_name: false });
    expect(checkPassword('abc', lenient, 'Ana').map((check) => check.key)).toEqual(['length']);
  });
});
