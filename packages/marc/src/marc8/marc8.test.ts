import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeMarc8, looksLikeUtf8 } from './index.ts';
import { eaccTable } from './eacc-table.ts';
import { SINGLE_BYTE_SETS } from './tables.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const MARC_DIR = resolve(REPO_ROOT, '../shared/data/marc');
// Files whose leader/09 says MARC-8 but whose bytes are UTF-8 (shared/data/marc/README.md).
const MISLABELLED_UTF8 = ['evergreen-fsl-armenian-russian.mrc', 'evergreen-maps.mrc'];

/** MARC-8 bytes written as a latin1 string ("\xE2" is byte E2). */
const m8 = (s: string): string => decodeMarc8(Buffer.from(s, 'latin1'));

describe('decodeMarc8: ANSEL (Extended Latin) and combining diacritics', () => {
  it('moves a diacritic from before its base letter to after it and composes to NFC', () => {
    expect(m8('S\xE4ao Paulo')).toBe('S\u00E3o Paulo');
    expect(m8('a\xF0c\xE4ao')).toBe('a\u00E7\u00E3o');
    expect(m8('Jos\xE2e')).toBe('Jos\u00E9');
    expect(m8('Fran\xF0cois M\xE8uller')).toBe('François Müller');
  });

  it('keeps stacked diacritics on the same base', () => {
    // Vietnamese ệ: circumflex and dot below both precede the e in MARC-8.
    expect(m8('Vi\xE3\xF2et')).toBe('Vi\u1EC7t');
    // Two marks of the same combining class keep their order; nothing precomposed exists.
    expect(m8('\xE2\xE8x')).toBe('x\u0301\u0308');
    expect(m8('\xE5\xE2a')).toBe('\u0101\u0301');
  });

  it('maps the ligature and double tilde halves to U+0361 / U+0360 between the two letters', () => {
    // LoC codetables.xml (September 2004): first half → double diacritic, second half → nothing.
    expect(m8('\xEBt\xECs')).toBe('t\u0361s');
    expect(m8('\xFAn\xFBg')).toBe('n\u0360g');
  });

  it('decodes ANSEL spacing characters', () => {
    expect(m8('\xA1\xB1\xA2\xB2\xC3\xC7\xC8\xB0')).toBe('ŁłØø©ß€ʻ');
  });

  it('passes ASCII and control characters (subfield delimiters) through unchanged', () => {
    expect(m8('10\x1FaTitle :\x1Fbsub.')).toBe('10\x1FaTitle :\x1Fbsub.');
    expect(m8('')).toBe('');
  });
});

describe('decodeMarc8: escape sequences (MARC 21 Character Sets, Part 2)', () => {
  it('Basic Cyrillic (ESC ( N) and back to ASCII (ESC ( B)', () => {
    // Basic Cyrillic puts lowercase at 4/0–5/15 and capitals at 6/0–7/14 (LoC code table).
    expect(m8('\x1B(NMOSKWA\x1B(B 1990')).toBe('москва 1990');
    expect(m8('\x1B,Nmoskwa\x1B(B')).toBe('МОСКВА');
  });

  it('Extended Cyrillic as G1 (ESC ) Q)', () => {
    expect(m8('\x1B)Q\xC0\xE0\x1B)E')).toBe('ґҐ');
    expect(m8('\x1B-Q\xC0')).toBe('ґ');
  });

  it('Basic Greek (ESC ( S), with its combining accents', () => {
    expect(m8('\x1B(Sabd\x1B(B')).toBe('αβγ');
    expect(m8('\x1B(S\x22a\x1B(B')).toBe('\u03AC'); // acute before alpha → ά
  });

  it('Greek symbols, subscripts and superscripts (ESC g / ESC b / ESC p), ESC s returns to ASCII', () => {
    expect(m8('\x1Bgabc\x1Bsabc')).toBe('αβγabc');
    expect(m8('H\x1Bb2\x1BsO')).toBe('H₂O');
    expect(m8('m\x1Bp2\x1Bs')).toBe('m²');
    expect(m8('\x1Bp(1)\x1Bs')).toBe('⁽¹⁾');
  });

  it('Basic Hebrew (ESC ( 2) with points', () => {
    expect(m8('\x1B(2ylem\x1B(B')).toBe('שלום');
    expect(m8('\x1B(2\x40`\x1B(B')).toBe('\u05D0\u05B7'); // patah precedes alef in MARC-8
  });

  it('Basic Arabic (ESC ( 3) and Extended Arabic (ESC ) 4)', () => {
    expect(m8('\x1B(3cJGH\x1B(B')).toBe('كتاب');
    expect(m8('\x1B)4\xA9\x1B)E')).toBe('پ');
  });

  it('EACC, three bytes a character, as G0 (ESC $ 1) and as G1 (ESC $ ) 1)', () => {
    expect(m8('\x1B$1\x21\x30\x64\x1B(B')).toBe('人');
    expect(m8('\x1B$,1\x21\x30\x64\x1B(B')).toBe('人');
    expect(m8('\x1B$)1\xA1\xB0\xE4\x1B)E')).toBe('人');
    // SPACE stays a single byte while EACC is designated.
    expect(m8('\x1B$1\x21\x30\x64 \x21\x30\x64\x1B(B.')).toBe('人 人.');
    // Mapped to CJK Extension B (outside the BMP) by the current LoC table.
    expect(m8('\x1B$1\x21\x75\x59\x1B(B')).toBe('\u{212C4}');
  });

  it('accepts the two-character final !E for ANSEL', () => {
    expect(m8('\x1B)!E\xE2a')).toBe('á');
  });
});

describe('decodeMarc8: bad input', () => {
  it('gives U+FFFD for unassigned bytes, unknown escapes and truncated EACC codes, never throws', () => {
    expect(m8('a\xC9b')).toBe('a\uFFFDb'); // C9 is unassigned in ANSEL
    expect(m8('a\xFFb\xA0')).toBe('a\uFFFDb\uFFFD');
    expect(m8('a\x1B(Zb')).toBe('a\uFFFDb'); // no set has final Z; designations unchanged
    expect(m8('a\x1B')).toBe('a\uFFFD');
    expect(m8('\x1B$1\x21\x30')).toBe('\uFFFD');
    expect(m8('\x1B$1\x7E\x7E\x7E\x1B(B')).toBe('\uFFFD');
    expect(m8('\x1B(2\x7E\x1B(B')).toBe('\uFFFD'); // unassigned in Basic Hebrew
  });

  it('drops DEL and keeps a trailing diacritic that has no base', () => {
    expect(m8('ye\x7Fz')).toBe('yez');
    expect(m8('x\xE2')).toBe('x\u0301');
  });
});

describe('looksLikeUtf8', () => {
  it('is true only for valid UTF-8 with a multi-byte sequence', () => {
    expect(looksLikeUtf8(Buffer.from('São Paulo', 'utf8'))).toBe(true);
    expect(looksLikeUtf8(Buffer.from('Москва 人 \u{212C4}', 'utf8'))).toBe(true);
    expect(looksLikeUtf8(Buffer.from('plain ASCII', 'utf8'))).toBe(false);
    expect(looksLikeUtf8(Buffer.from('S\xE4ao Paulo', 'latin1'))).toBe(false); // MARC-8
    expect(looksLikeUtf8(Uint8Array.of(0xc0, 0x80))).toBe(false); // overlong
    expect(looksLikeUtf8(Uint8Array.of(0xed, 0xa0, 0x80))).toBe(false); // surrogate
    expect(looksLikeUtf8(Uint8Array.of(0xf4, 0x90, 0x80, 0x80))).toBe(false); // > U+10FFFF
    expect(looksLikeUtf8(Uint8Array.of(0x61, 0xc3))).toBe(false); // truncated
  });
});

// ---------------------------------------------------------------------------------------------
// Oracle: yaz-marcdump (YAZ, Index Data) converts the same records independently.

interface Field {
  tag: string;
  data: Uint8Array;
}

/** Splits an ISO 2709 file on the record terminator 0x1D. */
function splitRecords(file: Uint8Array): Uint8Array[] {
  const records: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < file.length; i++) {
    if (file[i] === 0x1d) {
      records.push(file.subarray(start, i + 1));
      start = i + 1;
    }
  }
  return records;
}

/** Walks the ISO 2709 directory; field data is returned without its 0x1E terminator. */
function readFields(record: Uint8Array): Field[] {
  const text = (from: number, to: number): string =>
    Buffer.from(record.subarray(from, to)).toString('latin1');
  const base = Number(text(12, 17));
  const fields: Field[] = [];
  for (let p = 24; p + 12 < base && record[p] !== 0x1e; p += 12) {
    const length = Number(text(p + 3, p + 7));
    const start = base + Number(text(p + 7, p + 12));
    let data = record.subarray(start, start + length);
    if (data[data.length - 1] === 0x1e) data = data.subarray(0, -1);
    fields.push({ tag: text(p, p + 3), data });
  }
  return fields;
}

/** Builds one ISO 2709 record (leader/09 blank = MARC-8) from tag + data pairs. */
function buildRecord(fields: { tag: string; data: Uint8Array }[]): Uint8Array {
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  let directory = '';
  const bodies: Uint8Array[] = [];
  let offset = 0;
  for (const f of fields) {
    const body = Buffer.concat([f.data, Uint8Array.of(0x1e)]);
    directory += f.tag + pad(body.length, 4) + pad(offset, 5);
    bodies.push(body);
    offset += body.length;
  }
  const base = 24 + directory.length + 1;
  const total = base + offset + 1;
  const leader = `${pad(total, 5)}nam  22${pad(base, 5)} a 4500`;
  return Buffer.concat([Buffer.from(leader + directory + '\x1e', 'latin1'), ...bodies, Uint8Array.of(0x1d)]);
}

/** Runs yaz-marcdump once on the records (MARC-8 → UTF-8, ISO 2709 out) and returns its records. */
function yazConvert(records: Uint8Array[]): Uint8Array[] {
  const probe = spawnSync('yaz-marcdump', ['-V'], { encoding: 'utf8' });
  if (probe.error) {
    throw new Error(
      'yaz-marcdump not found: the MARC-8 oracle test needs it. Install it with `apt-get install yaz`.',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'estante-marc8-'));
  try {
    const input = join(dir, 'in.mrc');
    writeFileSync(input, Buffer.concat(records));
    const run = spawnSync('yaz-marcdump', ['-f', 'MARC-8', '-t', 'UTF-8', '-o', 'marc', input], {
      maxBuffer: 1 << 28,
    });
    if (run.status !== 0) throw new Error(`yaz-marcdump failed: ${String(run.stderr)}`);
    return splitRecords(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * yaz prints decomposed text (base letter, then its combining marks: NFD for every field of the
 * corpus); decodeMarc8 returns NFC, so yaz's text is compared after NFC (canonically equivalent).
 */
const yazText = (data: Uint8Array): string => Buffer.from(data).toString('utf8').normalize('NFC');

/** Compares every field of our decoding with yaz's; returns readable mismatches. */
function compareWithYaz(label: string, records: Uint8Array[]): { fields: number; mismatches: string[] } {
  const converted = yazConvert(records);
  const mismatches: string[] = [];
  let fields = 0;
  if (converted.length !== records.length) {
    mismatches.push(`${label}: yaz returned ${converted.length} records for ${records.length}`);
    return { fields, mismatches };
  }
  records.forEach((record, r) => {
    const ours = readFields(record);
    const theirs = readFields(converted[r]!);
    if (ours.length !== theirs.length) {
      mismatches.push(`${label} record ${r}: ${ours.length} fields, yaz ${theirs.length}`);
      return;
    }
    ours.forEach((field, f) => {
      fields++;
      let mine = decodeMarc8(field.data);
      const yaz = yazText(theirs[f]!.data);
      // yaz's ISO 2709 writer drops a subfield delimiter that ends a field (an empty subfield
      // with no code, 5 fields of evergreen-jazz-1k.mrc): record structure, not character set.
      if (mine.endsWith('\x1f') && !yaz.endsWith('\x1f')) mine = mine.slice(0, -1);
      if (mine !== yaz) {
        mismatches.push(
          `${label} record ${r} field ${field.tag}: ours ${JSON.stringify(mine)} yaz ${JSON.stringify(yaz)}`,
        );
      }
    });
  });
  return { fields, mismatches };
}

describe('oracle: yaz-marcdump', () => {
  it('decodes every genuinely MARC-8 record in shared/data/marc exactly as yaz does', () => {
    expect(existsSync(MARC_DIR), `test data not found at ${MARC_DIR}`).toBe(true);
    const files = readdirSync(MARC_DIR)
      .filter((name) => name.endsWith('.mrc'))
      .sort();
    let records = 0;
    let fields = 0;
    const mismatches: string[] = [];
    for (const name of files) {
      const all = splitRecords(readFileSync(join(MARC_DIR, name)));
      const marc8 = all.filter((r) => r[9] === 0x20 && !looksLikeUtf8(r)); // leader/09 blank
      if (marc8.length === 0) continue;
      const result = compareWithYaz(name, marc8);
      console.log(`${name}: ${marc8.length} MARC-8 records, ${result.fields} fields compared with yaz`);
      records += marc8.length;
      fields += result.fields;
      mismatches.push(...result.mismatches);
    }
    console.log(`total: ${records} MARC-8 records, ${fields} fields identical to yaz-marcdump`);
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(records).toBeGreaterThan(0);
  });

  it('decodes every code of every MARC-8 table exactly as yaz does', () => {
    const fields: { tag: string; data: Uint8Array }[] = [];
    for (const set of SINGLE_BYTE_SETS) {
      const bytes: number[] = [0x20, 0x20, 0x1f, 0x61]; // blank indicators, subfield $a
      const technique1 = set.final === 0x62 || set.final === 0x67 || set.final === 0x70;
      for (const token of set.codes.split(' ')) {
        const code = parseInt(token.slice(0, 2), 16);
        if (code < 0x21 || (code >= 0x80 && code < 0xa1)) continue; // space and C1 controls
        // Each code, then ASCII "x" for a combining mark to sit on; G1 sets via ESC ) F.
        if (code >= 0xa1) bytes.push(0x1b, 0x29, set.final, code, 0x78, 0x1b, 0x29, 0x45);
        else bytes.push(0x1b, ...(technique1 ? [] : [0x28]), set.final, code, 0x1b, 0x73, 0x78);
      }
      fields.push({ tag: '500', data: Uint8Array.from(bytes) });
    }
    // EACC: every code, 2,000 a field (a field holds at most 9,999 bytes).
    const eacc = [...eaccTable().keys()];
    for (let i = 0; i < eacc.length; i += 2000) {
      const bytes = [0x20, 0x20, 0x1f, 0x61, 0x1b, 0x24, 0x31];
      for (const key of eacc.slice(i, i + 2000)) bytes.push(key >> 16, (key >> 8) & 0xff, key & 0xff);
      bytes.push(0x1b, 0x28, 0x42);
      fields.push({ tag: '880', data: Uint8Array.from(bytes) });
    }
    const { fields: compared, mismatches } = compareWithYaz('all codes', [buildRecord(fields)]);
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(compared).toBe(fields.length);
  });

  it('detects the files whose leader/09 claims MARC-8 but whose bytes are UTF-8', () => {
    for (const name of MISLABELLED_UTF8) {
      const records = splitRecords(readFileSync(join(MARC_DIR, name)));
      expect(records.length, name).toBeGreaterThan(0);
      for (const record of records) {
        expect(record[9], name).toBe(0x20);
        expect(looksLikeUtf8(record), name).toBe(true);
      }
    }
  });
});
