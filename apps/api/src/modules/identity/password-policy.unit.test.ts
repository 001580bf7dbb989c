import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  breaksHistory,
  brokenPasswordRules,
  DEFAULT_PASSWORD_RULES,
  passwordRulesFrom,
  type PasswordRules,
} from './password-policy.ts';

const strict: PasswordRules = {
  length: { min: 8, max: 12 },
  has_numbers: true,
  only_numbers: false,
  diff_case: true,
  special_char: true,
  diff_name: true,
  last_pw: 3,
};
const person = { name: 'José Antônio da Silva', login: 'jsilva' };

describe('password rules (SPEC §3, §5)', () => {
  it('accepts a password meeting every rule', () => {
    expect(brokenPasswordRules('Livro#2026', strict, person)).toEqual([]);
  });

  it('names each rule a password breaks', () => {
    expect(brokenPasswordRules('abc', strict, person)).toEqual([
      'length',
      'has_numbers',
      'diff_case',
      'special_char',
    ]);
    expect(brokenPasswordRules('Livro#2026-longa', strict, person)).toEqual(['length']);
    expect(brokenPasswordRules('livro#2026', strict, person)).toEqual(['diff_case']);
    expect(brokenPasswordRules('Livro+2026', strict, person)).toEqual(['special_char']);
  });

  it('refuses parts of the name of three letters or more, ignoring case and accents', () => {
    expect(brokenPasswordRules('Antonio#12', strict, person)).toEqual(['diff_name']);
    expect(brokenPasswordRules('#JOSE2026a', strict, person)).toEqual(['diff_name']);
    expect(brokenPasswordRules('xJsilva#1', strict, person)).toEqual(['diff_name']);
    // "da" is shorter than three letters.
    expect(brokenPasswordRules('Dados#2026', strict, person)).toEqual([]);
  });

  it('can require digits only', () => {
    const pin = { ...DEFAULT_PASSWORD_RULES, only_numbers: true, length: { min: 4, max: 8 } };
    expect(brokenPasswordRules('482913', pin, person)).toEqual([]);
    expect(brokenPasswordRules('48a913', pin, person)).toEqual(['only_numbers']);
  });

  it('reads the institution setting over the defaults and ignores malformed values', () => {
    expect(passwordRulesFrom({})).toEqual(DEFAULT_PASSWORD_RULES);
    expect(
      passwordRulesFrom({ regras_senha: { length: { min: 10 }, diff_case: true, last_pw: 'x' } }),
    ).toEqual({
      ...DEFAULT_PASSWORD_RULES,
      length: { min: 10, max: DEFAULT_PASSWORD_RULES.length.max },
      diff_case: true,
    });
  });

  it('tells whether a password is one of the earlier ones', async () => {
    const earlier = [await hash('Primeira#1'), await hash('Segunda#2')];
    expect(await breaksHistory('Segunda#2', earlier)).toBe(true);
    expect(await breaksHistory('Terceira#3', earlier)).toBe(false);
    expect(await breaksHistory('Terceira#3', ['not-a-hash'])).toBe(false);
  });
});
