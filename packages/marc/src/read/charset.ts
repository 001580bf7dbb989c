import { isUtf8 } from 'node:buffer';
import { decodeMarc8, looksLikeUtf8 } from '../marc8/index.ts';

/** The character set a record's bytes are decoded with. */
export type Charset = 'utf8' | 'marc8';

/** The charset chosen for a record and, when leader/09 was not believed, why. */
export interface CharsetChoice {
  /** Charset used to decode every field of the record. */
  charset: Charset;
  /** Set when the choice differs from what leader/09 says (or leader/09 is invalid). */
  warning?: string;
  /** Leader/09 said UTF-8 but the bytes are not: MARC-8 is only a guess, so unknown characters make the record undecodable. */
  isFallback: boolean;
}

/**
 * Chooses the charset of one ISO 2709 record from leader/09 and its bytes.
 * Leader/09 is often wrong in real files (FSL and map files say MARC-8 but hold UTF-8,
 * PSU has 'R'), so the bytes decide when they contradict it.
 */
export function chooseCharset(bytes: Uint8Array, leader09: string): CharsetChoice {
  if (leader09 === 'a') {
    // Stryker disable next-line BooleanLiteral: isFallback is read only when the charset is MARC-8
    if (isUtf8(bytes)) return { charset: 'utf8', isFallback: false };
    return {
      charset: 'marc8',
      isFallback: true,
      warning: "leader/09 says UTF-8 ('a') but the bytes are not valid UTF-8; decoded as MARC-8",
    };
  }
  if (leader09 === ' ') {
    // Valid UTF-8 with multibyte sequences is practically never MARC-8: ANSEL diacritics
    // (0xE0–0xFE) are followed by an ASCII base letter, which is invalid UTF-8.
    if (looksLikeUtf8(bytes)) {
      return {
        charset: 'utf8',
        // Stryker disable next-line BooleanLiteral: isFallback is read only when the charset is MARC-8
        isFallback: false,
        warning: 'leader/09 says MARC-8 (blank) but the bytes are UTF-8; decoded as UTF-8',
      };
    }
    return { charset: 'marc8', isFallback: false };
  }
  const utf8 = isUtf8(bytes);
  return {
    charset: utf8 ? 'utf8' : 'marc8',
    isFallback: !utf8,
    warning: `leader/09 '${leader09}' is not a valid value (blank or 'a'); the bytes are ${utf8 ? 'UTF-8' : 'not UTF-8, decoded as MARC-8'}`,
  };
}

// Matches any byte that MARC-8 decoding would change: escape, DEL (dropped, as yaz-marcdump does)
// or a G1 (ANSEL) byte.
// eslint-disable-next-line no-control-regex -- ESC (0x1B) is the MARC-8 escape character
const NEEDS_MARC8 = /[\x1b\x7f-\xff]/;

/** Decodes one MARC-8 value held as a latin1 ("binary") string; ASCII-only text is returned as is. */
export function decodeMarc8Binary(binary: string): string {
  // Stryker disable next-line ConditionalExpression: decodeMarc8 returns such text unchanged too; this only saves time
  if (!NEEDS_MARC8.test(binary)) return binary;
  return decodeMarc8(Buffer.from(binary, 'latin1'));
}
