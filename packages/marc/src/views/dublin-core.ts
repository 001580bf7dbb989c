import type { MarcRecord } from '../types.ts';
import {
  extract,
  fieldsOf,
  indexRecord,
  joinSubfields,
  type IndexedRecord,
  type Rule,
} from '../map/extract.ts';
import { fixedField, headingOf } from '../map/map-title.ts';
import { trimPunctuation } from '../map/punctuation.ts';

/** One simple Dublin Core statement. */
export interface DublinCoreElement {
  /** One of the 15 DC elements, e.g. 'title', 'creator'. */
  element: string;
  /** The MARC text, control subfields left out. */
  value: string;
}

// Library of Congress "MARC to Dublin Core Crosswalk" (unqualified), one line per element, in the
// order of the DC element set. The crosswalk's Appendix 2 gives dc:type from leader/06-07.
const crosswalk: { element: string; rule: Rule }[] = [
  { element: 'title', rule: extract('245abfgknps:246abnp', { trimPunctuation: true }) },
  {
    element: 'creator',
    rule: extract('100abcdq:110abcdgn:111acdegnq:700abcdq:710abcdgn:711acdegnq:720a', {
      trimPunctuation: true,
    }),
  },
  {
    element: 'subject',
    rule: (rec) => [
      ...headings(rec, '600', '610', '611', '630', '650', '653'),
      ...extract('050ab:060ab:080ab:082ab')(rec),
    ],
  },
  { element: 'description', rule: (rec) => notes(rec) },
  { element: 'publisher', rule: extract('260ab:264|*1|ab', { trimPunctuation: true }) },
  { element: 'date', rule: (rec) => dates(rec) },
  {
    element: 'type',
    rule: (rec) => [...types(rec.record), ...extract('655a', { trimPunctuation: true })(rec)],
  },
  { element: 'format', rule: extract('340:856q') },
  { element: 'identifier', rule: extract('020a:022a:024a:856u') },
  { element: 'source', rule: extract('534t:786ot') },
  { element: 'language', rule: (rec) => languages(rec) },
  {
    element: 'relation',
    rule: extract(
      '530:760ot:762ot:765ot:767ot:770ot:772ot:773ot:774ot:775ot:776ot:777ot:780ot:785ot:786ot:787ot',
    ),
  },
  {
    element: 'coverage',
    rule: (rec) => [...headings(rec, '651', '662'), ...extract('751a:752', { separator: ' -- ' })(rec)],
  },
  { element: 'rights', rule: extract('506:540') },
];

/** The simple Dublin Core of a record, after the Library of Congress MARC → DC crosswalk; duplicates removed. */
export function toDublinCore(record: MarcRecord): DublinCoreElement[] {
  const rec = indexRecord(record);
  const out: DublinCoreElement[] = [];
  for (const { element, rule } of crosswalk) {
    // An empty value (an empty note, a heading of excluded subfields only) is no element.
    for (const value of new Set(rule(rec))) if (value !== '') out.push({ element, value });
  }
  return out;
}

function headings(rec: IndexedRecord, ...tags: string[]): string[] {
  return tags.flatMap((tag) => fieldsOf(rec, tag).map((f) => headingOf(f, 'e4')));
}

/** 500–599 except 506 and 540 (rights), 530 (relation) and 546 (language). */
function notes(rec: IndexedRecord): string[] {
  const out: string[] = [];
  for (const field of rec.record.fields) {
    if (field.tag < '500' || field.tag > '599' || ['506', '530', '540', '546'].includes(field.tag)) continue;
    out.push(joinSubfields(field, null));
  }
  return out;
}

/** 260/264 $c; 008/07-10 only when there is neither and the 008 is whole. */
function dates(rec: IndexedRecord): string[] {
  const found = extract('260c:264|*1|c', { trimPunctuation: true })(rec);
  if (found.length > 0) return found;
  const date1 = fixedField(rec)?.slice(7, 11) ?? '';
  return /^\d{4}$/.test(date1) ? [date1] : [];
}

/** Appendix 2: a c d t → Text; e f g k → Image; i j → Sound; m o p r → no type; leader/07 c or s → Collection. */
function types(record: MarcRecord): string[] {
  const type = record.leader[6] ?? ' ';
  const level = record.leader[7] ?? ' ';
  const out: string[] = [];
  if ('acdt'.includes(type)) out.push('Text');
  else if ('efgk'.includes(type)) out.push('Image');
  else if ('ij'.includes(type)) out.push('Sound');
  if (level === 'c' || level === 's') out.push('Collection');
  return out;
}

/** 008/35-37 (whole 008 only), 041 codes and the 546 language note. */
function languages(rec: IndexedRecord): string[] {
  const out: string[] = [];
  const fromFixed = fixedField(rec)?.slice(35, 38) ?? '';
  if (/^[a-z]{3}$/.test(fromFixed)) out.push(fromFixed);
  for (const field of fieldsOf(rec, '041')) {
    for (const s of field.subfields ?? []) {
      if (!'abdefghj'.includes(s.code)) continue;
      const compact = s.value.trim().toLowerCase();
      for (let i = 0; i + 3 <= compact.length; i += 3) out.push(compact.slice(i, i + 3));
    }
  }
  out.push(...extract('546a')(rec));
  return out.map((v) => trimPunctuation(v));
}
