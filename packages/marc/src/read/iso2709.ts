// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- marcjs ships no types; this makes ours visible to every project that imports the package
/// <reference path="./marcjs.d.ts" />
import { Iso2709Parser, type MarcjsField } from 'marcjs';
import type { MarcField, MarcRecord, MarcSubfield, ReadResult } from '../types.ts';
import { chooseCharset, decodeMarc8Binary, type CharsetChoice } from './charset.ts';

const RECORD_TERMINATOR = 0x1d;
const FIELD_TERMINATOR = 0x1e;
const SUBFIELD_DELIMITER = '\x1f';
const LEADER_LENGTH = 24;

/** Where one field lies in the data area, from the directory. */
interface DirectoryEntry {
  tag: string;
  start: number;
  length: number;
}

type StructureCheck =
  { ok: true; entries: DirectoryEntry[]; warnings: string[] } | { ok: false; reason: string };

type RecordOutcome = { ok: true; record: MarcRecord; warnings: string[] } | { ok: false; reason: string };

/**
 * Reads ISO 2709 records from a byte stream fed in chunks.
 *
 * Records are cut at the record terminator (0x1D) here, not by marcjs's stream parser: that
 * parser keeps no byte offsets and cannot report a broken record, and its `parse` trusts the
 * leader and directory without checking them. So each record's leader and directory are checked
 * first; marcjs then splits the checked record into fields and subfields.
 */
export class Iso2709Reader {
  private pending: Buffer = Buffer.alloc(0);
  private pendingOffset = 0;
  private position = 0;

  /** Reads every complete record in `chunk` (plus what was left over from the previous one). */
  *feed(chunk: Uint8Array): Generator<ReadResult> {
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.pending = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
    yield* this.drain(false);
  }

  /** Reads what is left at the end of the input, reporting an unterminated record as truncated. */
  *finish(): Generator<ReadResult> {
    yield* this.drain(true);
  }

  private *drain(isFinal: boolean): Generator<ReadResult> {
    const buf = this.pending;
    let p = 0;
    for (;;) {
      p = skipFiller(buf, p);
      if (p >= buf.length) break;
      const terminator = buf.indexOf(RECORD_TERMINATOR, p);
      if (terminator === -1) {
        if (!isFinal) break;
        yield this.result(p, readUnterminated(buf.subarray(p)));
        p = buf.length;
        break;
      }
      const end = terminator + 1;
      const outcome = readRecord(buf.subarray(p, end));
      if (!outcome.ok) {
        // A record cut short runs into the next one up to that one's terminator; find where the
        // next record starts so that it is still read.
        const next = findNextLeader(buf, p + 1, end);
        if (next !== -1) {
          yield this.result(p, { ok: false, reason: truncatedReason(buf.subarray(p, next)) });
          p = next;
          continue;
        }
      }
      yield this.result(p, outcome);
      p = end;
    }
    this.pending = buf.subarray(p);
    this.pendingOffset += p;
  }

  private result(start: number, outcome: RecordOutcome): ReadResult {
    this.position += 1;
    const where = { position: this.position, byteOffset: this.pendingOffset + start };
    return outcome.ok
      ? { ok: true, ...where, record: outcome.record, warnings: outcome.warnings }
      : { ok: false, ...where, reason: outcome.reason };
  }
}

/** Reads one record given as its bytes up to and including the record terminator. */
export function readRecord(bytes: Buffer): RecordOutcome {
  const structure = checkStructure(bytes);
  if (!structure.ok) return structure;
  const leader = bytes.toString('latin1', 0, LEADER_LENGTH);
  const choice = chooseCharset(bytes, leader[9] ?? ' ');
  const warnings = [...structure.warnings];
  if (choice.warning) warnings.push(choice.warning);
  let fields: MarcField[];
  try {
    fields = parseFields(bytes, structure.entries, choice);
  } catch (error) {
    return { ok: false, reason: `undecodable encoding: ${(error as Error).message}` };
  }
  if (choice.charset === 'marc8' && fields.some(hasReplacementCharacter)) {
    if (choice.isFallback) {
      return {
        ok: false,
        reason:
          "undecodable encoding: leader/09 says UTF-8 ('a') but the bytes are neither valid UTF-8 nor MARC-8",
      };
    }
    warnings.push('some MARC-8 characters could not be decoded and are shown as U+FFFD');
  }
  return { ok: true, record: { leader: `${leader.slice(0, 9)}a${leader.slice(10)}`, fields }, warnings };
}

/** Handles bytes at the end of the input that have no record terminator. */
function readUnterminated(bytes: Buffer): RecordOutcome {
  const declared = readNumber(bytes, 0, 5);
  // Some exporters leave out the last terminator; accept the record if it is otherwise whole.
  if (declared === bytes.length + 1) {
    const outcome = readRecord(Buffer.concat([bytes, Buffer.from([RECORD_TERMINATOR])]));
    if (outcome.ok) {
      outcome.warnings.push('the record terminator (0x1D) is missing at the end of the file');
      return outcome;
    }
  }
  const said = declared >= 0 ? ` (the leader says ${declared} bytes)` : '';
  return {
    ok: false,
    reason: `truncated record: the file ends after ${bytes.length} bytes without a record terminator (0x1D)${said}`,
  };
}

function truncatedReason(bytes: Buffer): string {
  const declared = readNumber(bytes, 0, 5);
  const said = declared >= 0 ? ` (the leader says ${declared} bytes)` : '';
  return `truncated record: only ${bytes.length} bytes before the next record starts${said}`;
}

/** Checks the leader and directory against the bytes; marcjs would silently misread a bad one. */
function checkStructure(rec: Buffer): StructureCheck {
  const size = rec.length;
  if (size < LEADER_LENGTH + 2)
    return { ok: false, reason: `bad leader: the record is only ${size} bytes long` };
  const declared = readNumber(rec, 0, 5);
  if (declared < 0) {
    return { ok: false, reason: `bad leader: record length "${printable(rec, 0, 5)}" is not a number` };
  }
  const base = readNumber(rec, 12, 17);
  if (base < 0) {
    return {
      ok: false,
      reason: `bad leader: base address of data "${printable(rec, 12, 17)}" is not a number`,
    };
  }
  if (base < LEADER_LENGTH + 1 || base > size - 1) {
    return {
      ok: false,
      reason: `bad leader: base address of data ${base} is outside the ${size}-byte record`,
    };
  }
  if (rec[base - 1] !== FIELD_TERMINATOR) {
    return {
      ok: false,
      reason: `bad directory: it does not end with a field terminator (0x1E) at byte ${base - 1} (leader base address ${base})`,
    };
  }
  const directoryLength = base - 1 - LEADER_LENGTH;
  if (directoryLength % 12 !== 0) {
    return {
      ok: false,
      reason: `bad directory: its length (${directoryLength} bytes) is not a multiple of 12`,
    };
  }
  const dataLength = size - 1 - base;
  const entries: DirectoryEntry[] = [];
  let dataEnd = 0;
  for (let e = LEADER_LENGTH, n = 1; e < base - 1; e += 12, n += 1) {
    const tag = rec.toString('latin1', e, e + 3);
    if (!isTag(rec, e))
      return {
        ok: false,
        reason: `bad directory: entry ${n} has an invalid tag "${printable(rec, e, e + 3)}"`,
      };
    const length = readNumber(rec, e + 3, e + 7);
    const start = readNumber(rec, e + 7, e + 12);
    if (length < 0 || start < 0) {
      return {
        ok: false,
        reason: `bad directory: entry ${n} (tag ${tag}) has a non-numeric length or starting position`,
      };
    }
    if (length < 1 || start + length > dataLength) {
      return {
        ok: false,
        reason: `bad directory: entry ${n} (tag ${tag}) points outside the record (bytes ${start}–${start + length} of a ${dataLength}-byte data area)`,
      };
    }
    if (rec[base + start + length - 1] !== FIELD_TERMINATOR) {
      return {
        ok: false,
        reason: `missing field terminator: field ${tag} (directory entry ${n}) does not end with 0x1E`,
      };
    }
    entries.push({ tag, start: base + start, length });
    if (start + length > dataEnd) dataEnd = start + length;
  }
  const warnings: string[] = [];
  if (declared !== size) {
    // The leader cannot state more than 99,999 bytes and some exporters write 00000 or a wrong
    // number; the record is still safe to read when its fields fill the data area exactly.
    if (dataEnd !== dataLength) {
      return {
        ok: false,
        reason: `record length mismatch: the leader says ${declared} bytes but the record terminator comes after ${size} bytes`,
      };
    }
    warnings.push(
      size > 99_999
        ? `the record is ${size} bytes, more than the 99,999 a leader can state (leader says ${declared}); read up to its terminator`
        : `the leader says ${declared} bytes but the record is ${size} bytes; read up to its terminator`,
    );
  }
  return { ok: true, entries, warnings };
}

/** Lets marcjs split the checked record into fields, then decodes each value in the chosen charset. */
function parseFields(rec: Buffer, entries: DirectoryEntry[], choice: CharsetChoice): MarcField[] {
  // marcjs decodes every value as UTF-8 (`toString('utf8', …)`); for MARC-8 it is handed a view
  // that returns latin1 ("binary") strings instead, so each character is one original byte.
  const isUtf8 = choice.charset === 'utf8';
  const source = isUtf8
    ? rec
    : { toString: (_encoding: string, start: number, end: number) => rec.toString('latin1', start, end) };
  const decode = isUtf8 ? toNfc : decodeMarc8Binary;
  const parsed = Iso2709Parser.parse(source);
  const fields: MarcField[] = [];
  parsed.fields.forEach((parts, i) => {
    const tag = parts[0] ?? '';
    if (tag.startsWith('00')) {
      fields.push({ tag, value: decode(parts[1] ?? '') });
      return;
    }
    const entry = entries[i];
    // marcjs drops the subfields of a data field without indicators (value starting with the
    // delimiter) and treats tags such as '0A1' as control fields; re-split those from their bytes.
    const partsToUse = parts.length <= 2 && entry ? splitRaw(tag, rec, entry, isUtf8) : parts;
    fields.push(toDataField(tag, partsToUse, decode));
  });
  return fields;
}

function toDataField(tag: string, parts: MarcjsField, decode: (s: string) => string): MarcField {
  const indicators = parts[1] ?? '';
  const subfields: MarcSubfield[] = [];
  for (let i = 2; i + 1 < parts.length; i += 2) {
    const code = parts[i] ?? '';
    const value = parts[i + 1] ?? '';
    if (code === '' && value === '') continue;
    subfields.push({ code, value: decode(value) });
  }
  return { tag, ind1: indicators[0] ?? ' ', ind2: indicators[1] ?? ' ', subfields };
}

function splitRaw(tag: string, rec: Buffer, entry: DirectoryEntry, isUtf8: boolean): MarcjsField {
  const text = rec.toString(isUtf8 ? 'utf8' : 'latin1', entry.start, entry.start + entry.length - 1);
  const pieces = text.split(SUBFIELD_DELIMITER);
  const parts: MarcjsField = [tag, (pieces[0] ?? '').slice(0, 2)];
  for (const piece of pieces.slice(1)) parts.push(piece.slice(0, 1), piece.slice(1));
  return parts;
}

// Text made only of characters below U+0300 is already NFC; skipping `normalize` there saves time on 1M records.
const MAY_CHANGE_UNDER_NFC = /[\u0300-\uffff]/;

function toNfc(text: string): string {
  return MAY_CHANGE_UNDER_NFC.test(text) ? text.normalize('NFC') : text;
}

function hasReplacementCharacter(field: MarcField): boolean {
  if (field.value !== undefined) return field.value.includes('\ufffd');
  return (field.subfields ?? []).some((s) => s.value.includes('\ufffd'));
}

/** Skips bytes that some exporters put between records (newlines, NUL padding, DOS end-of-file, a BOM). */
function skipFiller(buf: Buffer, from: number): number {
  let p = from;
  if (buf[p] === 0xef && buf[p + 1] === 0xbb && buf[p + 2] === 0xbf) p += 3;
  while (p < buf.length) {
    const b = buf[p];
    if (b !== 0x0a && b !== 0x0d && b !== 0x20 && b !== 0x00 && b !== 0x1a) break;
    p += 1;
  }
  return p;
}

/**
 * Finds where a complete record starts inside a broken one: a leader whose length reaches
 * exactly to `end` and whose base address lands on a directory terminator.
 */
function findNextLeader(buf: Buffer, from: number, end: number): number {
  for (let i = from; i + LEADER_LENGTH < end; i += 1) {
    const b = buf[i]!;
    if (b < 0x30 || b > 0x39) continue;
    if (i + readNumber(buf, i, i + 5) !== end) continue;
    const base = readNumber(buf, i + 12, i + 17);
    if (base < LEADER_LENGTH + 1 || (base - 1 - LEADER_LENGTH) % 12 !== 0 || i + base > end) continue;
    if (buf[i + base - 1] === FIELD_TERMINATOR) return i;
  }
  return -1;
}

/** The decimal number written in ASCII digits at [from, to), or -1 when any byte is not a digit. */
function readNumber(buf: Uint8Array, from: number, to: number): number {
  if (to > buf.length) return -1;
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const d = buf[i]! - 0x30;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

function isTag(buf: Uint8Array, at: number): boolean {
  for (let i = at; i < at + 3; i += 1) {
    const b = buf[i]!;
    const isAlnum = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
    if (!isAlnum) return false;
  }
  return true;
}

function printable(buf: Buffer, from: number, to: number): string {
  return buf.toString('latin1', from, Math.min(to, buf.length)).replace(/[^\x20-\x7e]/g, '?');
}
