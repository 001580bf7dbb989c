import { describe, expect, it } from 'vitest';
import { checkEmailList, isValidCpf, personalDataProblems } from './account.ts';

describe('the CPF check', () => {
  it('takes eleven digits whose two last are the check digits of the nine before', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('11144477735')).toBe(true);
    // A check digit of 10 or 11 is written 0.
    expect(isValidCpf('12345678909')).toBe(true);
  });
  it('refuses a wrong check digit, punctuation, the wrong length and repeated digits', () => {
    expect(isValidCpf('52998224726')).toBe(false);
    expect(isValidCpf('52998224715')).toBe(false);
    expect(isValidCpf('529.982.247-25')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('00000000000')).toBe(false);
    expect(isValidCpf('99999999999')).toBe(false);
  });
});

describe('the e-mail list', () => {
  it('splits on semicolons, trims, drops empty parts and names the first bad address', () => {
    expect(checkEmailList(' a@x.org ; ;b@y.org;')).toEqual({ emails: ['a@x.org', 'b@y.org'], invalid: null });
    expect(checkEmailList('a@x.org; b@; c')).toEqual({ emails: ['a@x.org', 'b@', 'c'], invalid: 'b@' });
  });
});

describe('personal-data rules', () => {
  const today = '2026-03-02';
  it('checks only the fields sent', () => {
    expect(personalDataProblems({}, today)).toEqual([]);
    expect(personalDataProblems({ cidade: 'Natal' }, today)).toEqual([]);
  });
  it('names each field with its rule', () => {
    expect(
      personalDataProblems(
        {
          emails: '',
          telefone: '+55 11',
          celular: '(11) 9999-0000',
          cpf: '12345678900',
          data_nascimento: today,
        },
        today,
      ),
    ).toEqual([
      { field: 'emails', key: 'account.errors.emailRequired' },
      { field: 'telefone', key: 'account.errors.phoneInvalid' },
      { field: 'cpf', key: 'account.errors.cpfInvalid' },
      { field: 'data_nascimento', key: 'account.errors.birthDateFuture' },
    ]);
  });
  it('takes a birth date before today', () => {
    expect(personalDataProblems({ data_nascimento: '2026-03-01' }, today)).toEqual([]);
  });
});
