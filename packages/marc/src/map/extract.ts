import type { MarcField, MarcRecord } from '../types.ts';
import { trimPunctuation } from './punctuation.ts';

/** A record with its fields grouped by tag, built once per mapping so every rule is O(fields of its tags). */
export interface IndexedRecord {
  /** The record as read. */
  record: MarcRecord;
  /** Fields by tag, in record order. */
  byTag: ReadonlyMap<string, MarcField[]>;
}

/** A mapping rule: the strings it extracts from a record, one per matching field. */
export type Rule = (record: IndexedRecord) => string[];

/** Options of `extract`, as in traject's `extract_marc`. */
export interface ExtractOptions {
  /** Joins the subfields of one field (default one space). */
  separator?: string;
  /** Removes ISBD punctuation at the end, as traject's `trim_punctuation` does. */
  trimPunctuation?: boolean;
  /** Also read the 880 fields linked to the tag (vernacular script); 'only' reads just those. */
  alternateScript?: boolean | 'only';
}

const EMPTY: MarcField[] = [];

/** Groups a record's fields by tag. */
export function indexRecord(record: MarcRecord): IndexedRecord {
  const byTag = new Map<string, MarcField[]>();
  for (const field of record.fields) {
    const list = byTag.get(field.tag);
    if (list) list.push(field);
    else byTag.set(field.tag, [field]);
  }
  return { record, byTag };
}

/** The fields with one tag, in record order. */
export function fieldsOf(record: IndexedRecord, tag: string): MarcField[] {
  return record.byTag.get(tag) ?? EMPTY;
}

/** The value of the first control field with this tag, or null. */
export function controlValue(record: IndexedRecord, tag: string): string | null {
  return fieldsOf(record, tag)[0]?.value ?? null;
}

/** The values of the subfields with these codes, in record order. */
export function subfieldValues(field: MarcField, codes: string): string[] {
  const out: string[] = [];
  for (const s of field.subfields ?? []) if (codes.includes(s.code)) out.push(s.value);
  return out;
}

/** The first subfield with this code, or null. */
export function subfieldValue(field: MarcField, code: string): string | null {
  return field.subfields?.find((s) => s.code === code)?.value ?? null;
}

/** The 880 field linked to `field` through $6 (`245-01` ↔ `880-01`), if any. */
export function linkedAlternate(record: IndexedRecord, field: MarcField): MarcField | null {
  const link = subfieldValue(field, '6');
  if (!link || !link.startsWith('880-')) return null;
  const occurrence = link.slice(4, 6);
  for (const candidate of fieldsOf(record, '880')) {
    const back = subfieldValue(candidate, '6');
    if (back && back.startsWith(field.tag) && back.slice(4, 6) === occurrence) return candidate;
  }
  return null;
}

/** The 880 fields that stand for `tag` (their $6 starts with it). */
export function alternatesOf(record: IndexedRecord, tag: string): MarcField[] {
  return fieldsOf(record, '880').filter((f) => subfieldValue(f, '6')?.startsWith(tag));
}

/** One parsed spec of `extract`; `from` is -1 when no positions are given. */
interface Spec {
  tag: string;
  ind1: string | null;
  ind2: string | null;
  codes: string | null;
  from: number;
  to: number;
}

/**
 * Builds a rule from a traject-style spec: `245abnp`, `008[35-37]`, `264|*1|abc` (indicators,
 * `*` for any), several joined by `:` (`490av:830anpv`). No codes means every subfield except
 * the control subfields $0–$9.
 */
export function extract(spec: string, options: ExtractOptions = {}): Rule {
  const specs = spec.split(':').map(parseSpec);
  const separator = options.separator ?? ' ';
  return (record) => {
    const out: string[] = [];
    for (const s of specs) {
      const fields =
        options.alternateScript === 'only'
          ? alternatesOf(record, s.tag)
          : options.alternateScript
            ? [...fieldsOf(record, s.tag), ...alternatesOf(record, s.tag)]
            : fieldsOf(record, s.tag);
      for (const field of fields) {
        if (s.ind1 !== null && s.ind1 !== '*' && field.ind1 !== s.ind1) continue;
        if (s.ind2 !== null && s.ind2 !== '*' && field.ind2 !== s.ind2) continue;
        const text =
          field.value !== undefined ? positions(field.value, s) : joinSubfields(field, s.codes, separator);
        const value = options.trimPunctuation ? trimPunctuation(text) : text.trim();
        if (value !== '') out.push(value);
      }
    }
    return out;
  };
}

/** The first string a rule extracts, or null. */
export function first(rule: Rule): (record: IndexedRecord) => string | null {
  return (record) => rule(record)[0] ?? null;
}

/** Every string the rules extract, duplicates removed, in order. */
export function all(...rules: Rule[]): Rule {
  return (record) => [...new Set(rules.flatMap((rule) => rule(record)))];
}

/** The text of a data field: the chosen subfields (or all but $0–$9) joined in record order. */
export function joinSubfields(field: MarcField, codes: string | null, separator = ' '): string {
  const parts: string[] = [];
  for (const s of field.subfields ?? []) {
    const isWanted = codes === null ? !isControlSubfield(s.code) : codes.includes(s.code);
    if (isWanted && s.value.trim() !== '') parts.push(s.value.trim());
  }
  return parts.join(separator);
}

/** $0–$9 hold links, sources and local data, not text to show or search. */
export function isControlSubfield(code: string): boolean {
  return code >= '0' && code <= '9';
}

function positions(value: string, spec: Spec): string {
  return spec.from < 0 ? value : value.slice(spec.from, spec.to + 1);
}

function parseSpec(text: string): Spec {
  const match = /^([0-9A-Za-z]{3})(?:\|([^|]{2})\|)?(?:\[(\d+)(?:-(\d+))?\])?([^[|]*)$/.exec(text.trim());
  if (!match) throw new Error(`bad extract spec "${text}"`);
  const from = match[3] === undefined ? -1 : Number(match[3]);
  return {
    tag: match[1]!,
    ind1: blank(match[2]?.[0]),
    ind2: blank(match[2]?.[1]),
    codes: match[5] ? match[5] : null,
    from,
    to: match[4] === undefined ? from : Number(match[4]),
  };
}

/** '#' stands for a blank indicator, as in the MARC documentation. */
function blank(indicator: string | undefined): string | null {
  if (indicator === undefined) return null;
  return indicator === '#' ? ' ' : indicator;
}
