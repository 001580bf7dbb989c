// Offline generator for tables.ts. It reads a transcription of the Library of Congress MARC-8
// code tables (public-domain standard data) and writes our own compact encoding of it; it
// needs no network. Usage (from the repo root):
//   npx tsx packages/marc/src/marc8/generate-tables.ts path/to/marc8_mapping.py
// The input is pymarc's marc8_mapping.py (in the pymarc wheel), which lists every code of
// LoC codetables.xml as `0xKEY: (0xUCS, isCombining)` grouped in `CHARSET_<final> = {...}`.
// Only those numbers are read; see docs/decisions/0003-marc8-decoder.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EACC_ALPHABET } from './eacc-alphabet.ts';

/** One code of a set: Unicode scalar (null = maps to nothing) and whether it is combining. */
interface Code {
  ucs: number | null;
  combining: boolean;
}

// Final character of each set's escape sequence → name (LoC MARC 21 Spec., Character Sets, Part 2).
const SET_NAMES = new Map<number, string>([
  [0x42, 'Basic Latin (ASCII)'],
  [0x45, 'Extended Latin (ANSEL)'],
  [0x67, 'Greek Symbols'],
  [0x62, 'Subscripts'],
  [0x70, 'Superscripts'],
  [0x32, 'Basic Hebrew'],
  [0x4e, 'Basic Cyrillic'],
  [0x51, 'Extended Cyrillic'],
  [0x33, 'Basic Arabic'],
  [0x34, 'Extended Arabic'],
  [0x53, 'Basic Greek'],
  [0x31, 'East Asian Character Code (EACC)'],
]);

// LoC codetables.xml gives the ANSEL double diacritics as <ucs> U+0361 / U+0360 on the first
// half and no character for the second half (the September 2004 change); the half marks
// U+FE20–U+FE23 are only its <alt> values, which the transcription carries. Use the <ucs> values.
const ANSEL_PRIMARY: ReadonlyMap<number, Code> = new Map([
  [0xeb, { ucs: 0x0361, combining: true }],
  [0xec, { ucs: null, combining: true }],
  [0xfa, { ucs: 0x0360, combining: true }],
  [0xfb, { ucs: null, combining: true }],
]);

// Where the transcription predates LoC's current codetables.xml for EACC: three ideographs once
// mapped to U+3013 GETA MARK as "not found in unified han" now map to CJK Extension B, and two
// hangul that were Private Use now map to standard code points (checked against the
// codetables.xml that YAZ ships; e.g. <marc>6F7625</marc><ucs>318D</ucs>).
const EACC_CURRENT: ReadonlyMap<number, number> = new Map([
  [0x217559, 0x212c4],
  [0x222a34, 0x2251b],
  [0x223339, 0x22c4d],
  [0x6f7625, 0x318d],
  [0x6f773c, 0xc717],
]);

function parse(source: string): Map<number, Map<number, Code>> {
  const sets = new Map<number, Map<number, Code>>();
  const blocks = source.split(/^CHARSET_/m).slice(1);
  for (const block of blocks) {
    const head = /^([0-9A-Fa-f]{2}) = \{/.exec(block);
    if (!head) continue;
    const body = block.slice(0, block.indexOf('\n}'));
    const codes = new Map<number, Code>();
    for (const m of body.matchAll(/0x([0-9A-Fa-f]+):\s*\(\s*0x([0-9A-Fa-f]+),\s*([01]),?\s*\)/g)) {
      codes.set(parseInt(m[1]!, 16), { ucs: parseInt(m[2]!, 16), combining: m[3] === '1' });
    }
    sets.set(parseInt(head[1]!, 16), codes);
  }
  return sets;
}

function hex(n: number, width: number): string {
  return n.toString(16).toUpperCase().padStart(width, '0');
}

/** Single-byte set as "KK:UUUU" tokens; '*' marks combining, "KK:-" a code that maps to nothing. */
function encodeSingle(codes: Map<number, Code>): string[] {
  return [...codes.entries()]
    .filter(([key]) => key >= 0x20) // C0 controls (ESC, field and subfield separators) are not graphics
    .sort(([a], [b]) => a - b)
    .map(([key, c]) => `${hex(key, 2)}:${c.ucs === null ? '-' : hex(c.ucs, 4)}${c.combining ? '*' : ''}`);
}

function varint(n: number): string {
  let out = '';
  do {
    const low = n & 31;
    n = Math.floor(n / 32);
    out += EACC_ALPHABET[n > 0 ? low + 32 : low];
  } while (n > 0);
  return out;
}

/** EACC as runs of consecutive 24-bit codes: varint(gap from previous code), varint(length), then 3 digits per code point. */
function encodeEacc(codes: Map<number, Code>): string {
  const keys = [...codes.keys()].sort((a, b) => a - b);
  let out = '';
  let prev = 0;
  for (let i = 0; i < keys.length;) {
    let j = i + 1;
    while (j < keys.length && keys[j] === keys[j - 1]! + 1) j++;
    out += varint(keys[i]! - prev) + varint(j - i);
    for (let k = i; k < j; k++) {
      const c = codes.get(keys[k]!)!;
      // Three digits hold 18 bits: enough for the BMP and CJK Extension B (U+2xxxx).
      if (c.ucs === null || c.ucs > 0x3ffff || c.combining)
        throw new Error(`unexpected EACC code ${hex(keys[k]!, 6)}`);
      out += EACC_ALPHABET[c.ucs >> 12]! + EACC_ALPHABET[(c.ucs >> 6) & 63]! + EACC_ALPHABET[c.ucs & 63]!;
    }
    prev = keys[j - 1]!;
    i = j;
  }
  return out;
}

function chunk(s: string, width: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < s.length; i += width) parts.push(s.slice(i, i + width));
  return parts;
}

function main(): void {
  const input = process.argv[2];
  if (!input) throw new Error('usage: generate-tables.ts path/to/marc8_mapping.py');
  const sets = parse(readFileSync(input, 'utf8'));
  const ansel = sets.get(0x45);
  if (!ansel) throw new Error('no Extended Latin set in the input');
  for (const [key, code] of ANSEL_PRIMARY) ansel.set(key, code);
  const eaccSet = sets.get(0x31);
  for (const [key, ucs] of EACC_CURRENT) {
    if (!eaccSet?.has(key)) throw new Error(`EACC ${hex(key, 6)} missing from the input`);
    eaccSet.set(key, { ucs, combining: false });
  }

  const lines: string[] = [
    '// GENERATED by generate-tables.ts: do not edit by hand.',
    '// Data: Library of Congress, MARC 21 Specifications for Record Structure, Character Sets and',
    '// Exchange Media, MARC-8 code tables (codetables.xml), public domain; see',
    '// docs/decisions/0003-marc8-decoder.md for provenance and the encoding.',
    '',
    '/** One single-byte MARC-8 graphic set, keyed by the final character of its escape sequence. */',
    'export interface SingleByteSetData {',
    '  readonly final: number;',
    '  readonly name: string;',
    '  /** "KK:UUUU" tokens (hex MARC-8 byte : hex UCS); "*" = combining, "-" = maps to nothing. */',
    '  readonly codes: string;',
    '}',
    '',
    'export const SINGLE_BYTE_SETS: readonly SingleByteSetData[] = [',
  ];
  for (const [final, name] of SET_NAMES) {
    if (final === 0x31) continue;
    const codes = sets.get(final);
    if (!codes) throw new Error(`missing set ${hex(final, 2)}`);
    lines.push(`  {`, `    final: 0x${hex(final, 2).toLowerCase()},`, `    name: '${name}',`);
    // Twelve space-separated tokens a line; each line but the last ends in a space.
    const tokens = encodeSingle(codes);
    if (tokens.length <= 12) lines.push(`    codes: '${tokens.join(' ')}',`);
    else lines.push('    codes:');
    for (let i = 0; tokens.length > 12 && i < tokens.length; i += 12) {
      const last = i + 12 >= tokens.length;
      lines.push(`      '${tokens.slice(i, i + 12).join(' ')}${last ? "'," : " ' +"}`);
    }
    lines.push('  },');
  }
  lines.push('];', '');
  const eacc = sets.get(0x31);
  if (!eacc) throw new Error('missing EACC set');
  lines.push(
    `/** EACC (final 0x31), ${eacc.size} codes, in the run encoding decoded by eacc-table.ts. */`,
    'export const EACC_CODES: string = [',
    ...chunk(encodeEacc(eacc), 100).map((p) => `  '${p}',`),
    "].join('');",
    '',
  );
  const out = join(dirname(fileURLToPath(import.meta.url)), 'tables.ts');
  writeFileSync(out, lines.join('\n'));
  console.log(`wrote ${out}`);
}

main();
