import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newRecoveryCodes,
  otpauthUrl,
  recoveryCodeHash,
  totpStep,
} from './totp.ts';

// RFC 4226 appendix D and RFC 6238 appendix B (SHA-1) test secret.
const RFC_SECRET = Buffer.from('12345678901234567890');

describe('one-time codes (RFC 4226 / RFC 6238)', () => {
  it('gives the HOTP values of RFC 4226', () => {
    expect([0, 1, 2, 3, 9].map((counter) => hotp(RFC_SECRET, counter))).toEqual([
      '755224',
      '287082',
      '359152',
      '969429',
      '520489',
    ]);
  });

  it('gives the TOTP values of RFC 6238 (eight digits)', () => {
    expect(hotp(RFC_SECRET, totpStep(new Date(59_000)), 8)).toBe('94287082');
    expect(hotp(RFC_SECRET, totpStep(new Date(1_111_111_109_000)), 8)).toBe('07081804');
    expect(hotp(RFC_SECRET, totpStep(new Date(2_000_000_000_000)), 8)).toBe('69279037');
  });

  it('accepts the current code and one step of drift, once', () => {
    const at = new Date('2026-03-02T12:00:10Z');
    const step = totpStep(at);
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step), at, null)).toBe(step);
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step - 1), at, null)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step + 1), at, null)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step - 2), at, null)).toBeNull();
    // Already used: the same step (or an earlier one) does not work again.
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step), at, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', at, null)).toBeNull();
  });

  it('writes and reads base32 secrets as authenticator apps do', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
    expect(() => base32Decode('not base32!')).toThrow();
  });

  it('builds the otpauth address of the QR code', () => {
    expect(otpauthUrl({ secret: 'MZXW6YTBOI', account: 'ana', issuer: 'Biblioteca Estante' })).toBe(
      'otpauth://totp/Biblioteca%20Estante%3Aana?secret=MZXW6YTBOI&issuer=Biblioteca+Estante&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('makes ten distinct recovery codes, matched without regard to dash or case', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(recoveryCodeHash(codes[0]!.toUpperCase().replace('-', ''))).toBe(recoveryCodeHash(codes[0]!));
  });
});
