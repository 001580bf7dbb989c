// The East Asian Character Code (EACC) table: 24-bit MARC-8 code → Unicode scalar, decoded
// from the run encoding in tables.ts (written by generate-tables.ts).
import { EACC_ALPHABET } from './eacc-alphabet.ts';
import { EACC_CODES } from './tables.ts';

let eacc: Map<number, number> | undefined;

/** The EACC table (7-bit bytes b1 b2 b3 as b1 << 16 | b2 << 8 | b3), decoded once on first use. */
export function eaccTable(): Map<number, number> {
  if (eacc) return eacc;
  // The value of each digit by its character code (tables.ts holds no other character).
  const digit = new Int8Array(128);
  [...EACC_ALPHABET].forEach((symbol, value) => (digit[symbol.charCodeAt(0)] = value));
  const map = new Map<number, number>();
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const d = digit[EACC_CODES.charCodeAt(pos++)]!;
      value += (d & 31) * scale;
      if (d < 32) return value;
      scale *= 32;
    }
  };
  let key = 0;
  while (pos < EACC_CODES.length) {
    key += varint();
    const run = varint();
    for (let r = 0; r < run; r++, key++, pos += 3) {
      const d1 = digit[EACC_CODES.charCodeAt(pos)]!;
      const d2 = digit[EACC_CODES.charCodeAt(pos + 1)]!;
      const d3 = digit[EACC_CODES.charCodeAt(pos + 2)]!;
      map.set(key, (d1 << 12) | (d2 << 6) | d3);
    }
    key--; // the gap of the next run counts from the last code of this one
  }
  eacc = map;
  return map;
}
