import type { MarcRecord } from '../types.ts';
import { fieldsOf, indexRecord, joinSubfields, subfieldValue } from './extract.ts';
import { trimPunctuation } from './punctuation.ts';

/** Kinds of title a record gives besides its title proper (245). */
export type AdditionalTitleKind = 'uniform' | 'translated' | 'varying' | 'added';

/** One title of a record other than the title proper, for the result line. */
export interface AdditionalTitle {
  /** uniform: 130/240; translated: 242; varying: 246; added: 740. */
  kind: AdditionalTitleKind;
  /** The title, ISBD punctuation at the end removed. */
  title: string;
  /** 246 $i display text ("Title within map border"), without its final colon. */
  label: string | null;
  /** 242 $y: the language of the translated title (MARC code). */
  language: string | null;
}

/** Tag → kind and the subfields that make up the title, in the order the result line shows them. */
const SOURCES: { tag: string; kind: AdditionalTitleKind; codes: string }[] = [
  { tag: '130', kind: 'uniform', codes: 'adfgklmnoprst' },
  { tag: '240', kind: 'uniform', codes: 'adfgklmnoprs' },
  { tag: '242', kind: 'translated', codes: 'abnp' },
  { tag: '246', kind: 'varying', codes: 'abnp' },
  { tag: '740', kind: 'added', codes: 'anp' },
];

/** Comparison form: case, accents, punctuation and spacing ignored. */
function comparable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The record's other titles: uniform (130, 240), translated (242), varying forms (246) and
 * added titles (740). A title equal to the title proper, or to one listed before it, is left out.
 */
export function additionalTitles(record: MarcRecord): AdditionalTitle[] {
  const rec = indexRecord(record);
  const titleField = fieldsOf(rec, '245')[0];
  const seen = new Set<string>(titleField ? [comparable(joinSubfields(titleField, 'abnp'))] : []);
  const out: AdditionalTitle[] = [];
  for (const source of SOURCES) {
    for (const field of fieldsOf(rec, source.tag)) {
      const title = trimPunctuation(joinSubfields(field, source.codes));
      const key = comparable(title);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      const label = source.tag === '246' ? subfieldValue(field, 'i') : null;
      const language = source.tag === '242' ? subfieldValue(field, 'y') : null;
      out.push({
        kind: source.kind,
        title,
        label: label ? trimPunctuation(label) || null : null,
        language: language?.trim() || null,
      });
    }
  }
  return out;
}
