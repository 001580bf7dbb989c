// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- marcjs ships no types; this makes ours visible to every project that imports the package
/// <reference path="../read/marcjs.d.ts" />
import { Iso2709Formater, type MarcjsField } from 'marcjs';
import type { MarcRecord } from '../types.ts';

// Structural bytes must not appear inside values or the record cannot be read back.
// eslint-disable-next-line no-control-regex -- the ISO 2709 delimiters are control characters
const STRUCTURAL = /[\x1d\x1e\x1f]/g;

/**
 * Writes a record as ISO 2709 in UTF-8 (leader/09 'a') with marcjs's formatter, which measures
 * fields in UTF-8 bytes. Throws a RangeError when the record cannot be written: a field over
 * 9,999 bytes or a record over 99,999 bytes does not fit the directory or the leader.
 */
export function toIso2709(record: MarcRecord): Buffer {
  const fields: MarcjsField[] = record.fields.map((f) => {
    if (f.value !== undefined) return [f.tag, clean(f.value)];
    const parts: MarcjsField = [f.tag, `${f.ind1?.charAt(0) || ' '}${f.ind2?.charAt(0) || ' '}`];
    for (const s of f.subfields ?? []) parts.push(s.code.slice(0, 1), clean(s.value));
    return parts;
  });
  // marcjs pads lengths with padStart, which does not cut: an oversized field or record would
  // silently corrupt the directory, so the limits are checked first.
  let total = 24 + 1 + 1;
  for (const parts of fields) {
    const length = fieldByteLength(parts);
    if (length > 9_999)
      throw new RangeError(`field ${parts[0]} is ${length} bytes, more than the 9,999 ISO 2709 allows`);
    total += 12 + length;
  }
  if (total > 99_999)
    throw new RangeError(`the record is ${total} bytes, more than the 99,999 ISO 2709 allows`);
  const leader = record.leader.padEnd(24, ' ');
  // Positions 09-11 and 20-23 are fixed for MARC 21 in UTF-8.
  const normalized = `${leader.slice(0, 9)}a22${leader.slice(12, 20)}4500`;
  return Buffer.from(Iso2709Formater.format({ leader: normalized, fields }));
}

function fieldByteLength(parts: MarcjsField): number {
  // A control field is [tag, value]; a data field [tag, indicators, code, value, code, value…].
  let length = Buffer.byteLength(parts[1]!) + 1;
  for (let i = 2; i < parts.length; i += 2) length += 2 + Buffer.byteLength(parts[i + 1]!);
  return length;
}

function clean(value: string): string {
  return value.normalize('NFC').replace(STRUCTURAL, ' ');
}
