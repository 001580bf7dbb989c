// MARC-8 → Unicode decoder. Behaviour follows the Library of Congress "MARC 21 Specifications for
// Record Structure, Character Sets and Exchange Media": Character Sets Part 2 (MARC-8 encoding
// environment: G0/G1 designation by escape sequences; combining marks precede their base) and
// Part 5 (code tables, generated into tables.ts). Unicode wants marks after the base.
import { eaccTable } from './eacc-table.ts';
import { SINGLE_BYTE_SETS } from './tables.ts';

// Table cell values: a UCS code point, optionally with the COMBINING flag; or a sentinel.
const COMBINING = 0x1000000;
const UNMAPPED = -1;
/** The ANSEL second halves of double diacritics, which map to no character (LoC codetables). */
const NOTHING = -2;
const REPLACEMENT = 0xfffd;

/** A designated graphic set: 128 cells indexed by the 7-bit byte, or the 3-byte EACC set. */
type CharSet = Int32Array | 'eacc';

function buildSingleByte(codes: string): Int32Array {
  const table = new Int32Array(128).fill(UNMAPPED);
  for (const token of codes.split(' ')) {
    // Extended sets are listed by their G1 byte (A1–FE); index by the low 7 bits so the
    // set works whether it is designated as G0 or G1 (Part 2, "Accessing alternate sets").
    const key = parseInt(token.slice(0, 2), 16) & 0x7f;
    const ucs = token.slice(3, 7);
    table[key] = ucs.startsWith('-') ? NOTHING : parseInt(ucs, 16) | (token.endsWith('*') ? COMBINING : 0);
  }
  return table;
}

const SETS = new Map<number, CharSet>([[0x31, 'eacc']]);
// C1 controls 88/89 (non-sort begin/end) and 8D/8E (joiner/non-joiner) are listed with ANSEL,
// but as controls they apply whatever is designated as G1.
const C1 = new Int32Array(32).fill(UNMAPPED);
for (const set of SINGLE_BYTE_SETS) {
  SETS.set(set.final, buildSingleByte(set.codes));
  for (const token of set.codes.split(' ')) {
    const key = parseInt(token.slice(0, 2), 16);
    if (key >= 0x80 && key < 0xa0) C1[key - 0x80] = parseInt(token.slice(3, 7), 16);
  }
}

function requireSet(final: number): CharSet {
  const set = SETS.get(final);
  if (set === undefined) throw new Error(`MARC-8 table 0x${final.toString(16)} missing from tables.ts`);
  return set;
}

const BASIC_LATIN = requireSet(0x42);
const ANSEL = requireSet(0x45);
// Technique 1 (Part 2): ESC g / ESC b / ESC p designate these MARC-specific sets as G0, ESC s
// redesignates ASCII.
const TECHNIQUE_1 = new Map<number, CharSet>([
  [0x67, requireSet(0x67)],
  [0x62, requireSet(0x62)],
  [0x70, requireSet(0x70)],
  [0x73, BASIC_LATIN],
]);

/** Designations in force while decoding one byte run. */
interface State {
  g0: CharSet;
  g1: CharSet;
}

/**
 * Applies the escape sequence at bytes[i] (ESC) to state; returns the index after it, or the
 * negated index after it when the sequence is unknown (the caller emits U+FFFD).
 */
function applyEscape(bytes: Uint8Array, i: number, state: State): number {
  let j = i + 1;
  let intermediates = '';
  // ISO 2022 syntax: ESC, intermediate bytes 2/0–2/15, one final byte 3/0–7/14.
  while (j < bytes.length && bytes[j]! >= 0x20 && bytes[j]! <= 0x2f && intermediates.length < 3) {
    intermediates += String.fromCharCode(bytes[j]!);
    j++;
  }
  const final = bytes[j];
  if (final === undefined || final < 0x30 || final > 0x7e) return -(i + 1); // malformed: only ESC is bad
  const next = j + 1;
  if (intermediates === '') {
    const set = TECHNIQUE_1.get(final);
    if (set === undefined) return -next;
    state.g0 = set;
    return next;
  }
  // "!E" is the registered two-character final of ANSEL; the "!" is part of the final.
  if (intermediates.length > 1 && intermediates.endsWith('!')) intermediates = intermediates.slice(0, -1);
  const set = SETS.get(final);
  if (set === undefined) return -next;
  // Technique 2 (Part 2): ( or , designate a G0 set, ) or - a G1 set; $ before them marks a
  // multiple-byte set, and $ alone designates G0.
  switch (intermediates) {
    case '(':
    case ',':
    case '$':
    case '$,':
    case '$(':
      state.g0 = set;
      return next;
    case ')':
    case '-':
    case '$)':
    case '$-':
      state.g1 = set;
      return next;
    default:
      return -next;
  }
}

const utf16 = new TextDecoder('utf-16le');
// WHATWG 'latin1' is windows-1252, identical to ASCII below 0x7F: only used on ASCII-only input.
const ascii = new TextDecoder('latin1');

/** Decodes MARC-8 bytes (one field's data, or any MARC-8 byte run) to a Unicode string in NFC, with combining diacritics moved after their base letter. */
export function decodeMarc8(bytes: Uint8Array): string {
  const n = bytes.length;
  let i = 0;
  while (i < n && bytes[i]! < 0x7f && bytes[i] !== 0x1b) i++;
  if (i === n) return ascii.decode(bytes); // plain ASCII (without DEL) is already Unicode and NFC

  // Every input byte yields at most one UTF-16 unit: only 3-byte EACC codes map outside the BMP.
  const out = new Uint16Array(n);
  let len = 0;
  const marks: number[] = [];
  const state: State = { g0: BASIC_LATIN, g1: ANSEL };
  for (i = 0; i < n;) {
    const b = bytes[i]!;
    let cell: number;
    if (b === 0x1b) {
      const next = applyEscape(bytes, i, state);
      if (next > 0) {
        i = next;
        continue;
      }
      i = -next;
      cell = UNMAPPED;
    } else if (b <= 0x20) {
      // C0 controls (field/subfield separators) pass through; SPACE is one byte in every set,
      // even while the multiple-byte EACC is designated (Part 2).
      cell = b;
      i++;
    } else if (b === 0x7f) {
      // DEL is a control whose defined use is to erase a character (ANSI X3.4 / ISO 646), not a
      // graphic of any MARC-8 set: drop it, as YAZ does (seen in real records, e.g. Hebrew 880s).
      i++;
      continue;
    } else if (b === 0xa0 || b === 0xff) {
      cell = UNMAPPED; // outside the 94-character G0 and G1 ranges
      i++;
    } else if (b >= 0x80 && b < 0xa0) {
      cell = C1[b - 0x80]!;
      i++;
    } else {
      const set = b < 0x80 ? state.g0 : state.g1;
      if (set !== 'eacc') {
        cell = set[b & 0x7f]!;
        i++;
      } else {
        // EACC: three bytes per character; a truncated or escape-interrupted one is unknown.
        const b2 = bytes[i + 1];
        const b3 = bytes[i + 2];
        if (b2 === undefined || b3 === undefined || b2 === 0x1b || b3 === 0x1b) {
          cell = UNMAPPED;
          i = b2 === 0x1b ? i + 1 : b3 === 0x1b ? i + 2 : n;
        } else {
          cell = eaccTable().get(((b & 0x7f) << 16) | ((b2 & 0x7f) << 8) | (b3 & 0x7f)) ?? UNMAPPED;
          i += 3;
        }
      }
    }
    if (cell === NOTHING) continue;
    if (cell === UNMAPPED) cell = REPLACEMENT;
    if (cell & COMBINING) {
      // MARC-8 puts combining marks before their base (Part 2); hold them until it arrives.
      marks.push(cell & 0xffffff);
      continue;
    }
    if (cell > 0xffff) {
      out[len++] = 0xd800 + ((cell - 0x10000) >> 10);
      out[len++] = 0xdc00 + ((cell - 0x10000) & 0x3ff);
    } else out[len++] = cell;
    for (const m of marks) out[len++] = m;
    marks.length = 0;
  }
  // Marks with no base left (malformed data) are kept rather than dropped.
  for (const m of marks) out[len++] = m;
  return utf16.decode(out.subarray(0, len)).normalize('NFC');
}

/** Heuristic: true when bytes are valid UTF-8 and contain at least one multi-byte sequence (used to override a wrong leader/09). */
export function looksLikeUtf8(bytes: Uint8Array): boolean {
  let multibyte = false;
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // Well-formed sequences per Unicode Table 3-7: no overlongs, surrogates or values > U+10FFFF.
    let extra: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) extra = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      extra = 2;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      extra = 3;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return false;
    if (i + extra >= n) return false; // truncated sequence
    const second = bytes[i + 1]!;
    if (second < lo || second > hi) return false;
    for (let k = 2; k <= extra; k++) {
      const c = bytes[i + k]!;
      if (c < 0x80 || c > 0xbf) return false;
    }
    multibyte = true;
    i += extra + 1;
  }
  return multibyte;
}
