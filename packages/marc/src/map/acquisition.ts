import type { MarcField } from '../types.ts';
import { fieldsOf, subfieldValue, type IndexedRecord } from './extract.ts';

/** How a copy came to the library (Pergamum's acquisition modes). */
export type AcquisitionMode = 'compra' | 'doacao' | 'permuta';

/** What a record says about how and when one copy was acquired (docs/marc-mapping.md "Acquisition"). */
export interface CopyAcquisition {
  /** YYYY-MM-DD; a year alone is its 1 January. */
  acquiredOn: string | null;
  mode: AcquisitionMode | null;
  /** Vendor or donor: Koha 952 $e, else 541 $a. */
  source: string | null;
  /** Purchase price as a decimal string with a dot (952 $g, else 541 $h). */
  price: string | null;
}

// Words of 541 $c (method of acquisition) in English, Portuguese and Spanish; the first one in the
// text wins ("Gift and purchase of …" is a gift first).
const MODE_WORDS: [RegExp, AcquisitionMode][] = [
  [/\b(purchas\w*|bought|compra\w*|adquirid\w* por compra)/i, 'compra'],
  [/\b(gift\w*|donat\w*|doa[çc][ãa]o|doa[çc][õo]es|doad\w*|donaci[óo]n\w*|donativ\w*)/i, 'doacao'],
  [/\b(exchang\w*|permuta\w*|canje\w*)/i, 'permuta'],
];

/** The mode a 541 $c names, or null (a legal or copyright deposit is none of the three). */
export function acquisitionModeOf(text: string | null): AcquisitionMode | null {
  if (!text) return null;
  let best: { at: number; mode: AcquisitionMode } | null = null;
  for (const [pattern, mode] of MODE_WORDS) {
    const found = pattern.exec(text);
    if (found && (best === null || found.index < best.at)) best = { at: found.index, mode };
  }
  return best?.mode ?? null;
}

const pad = (n: number) => String(n).padStart(2, '0');

function day(year: number, month: number, date: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || date < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return date <= days ? `${year}-${pad(month)}-${pad(date)}` : null;
}

/**
 * A date as MARC acquisition fields write it: YYYYMMDD (541 $d's own form), YYYY-MM-DD (Koha),
 * YYYY-MM, a year alone, or a slashed date. Slashed dates are month first when `monthFirst` (SirsiDynix
 * 949/999 $u always is); otherwise only an unambiguous one is read (a day above 12 says which is
 * which), since a Brazilian 10/03/2020 and an American one are different days.
 */
export function acquisitionDateOf(text: string | null, monthFirst = false): string | null {
  if (!text) return null;
  const value = text.trim();
  let m = /^(\d{4})(\d{2})(\d{2})\b/.exec(value);
  if (m) return day(+m[1]!, +m[2]!, +m[3]!);
  m = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(value);
  if (m) return day(+m[1]!, +m[2]!, +m[3]!);
  m = /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/.exec(value);
  if (m) {
    const a = +m[1]!;
    const b = +m[2]!;
    // Two-digit years: Sirsi's and LC's own records are of the 20th century when above 30.
    const year = m[3]!.length === 2 ? (+m[3]! > 30 ? 1900 : 2000) + +m[3]! : +m[3]!;
    if (monthFirst || b > 12) return day(year, a, b);
    if (a > 12) return day(year, b, a);
    return null;
  }
  m = /^(\d{4})-(\d{2})$/.exec(value);
  if (m) return day(+m[1]!, +m[2]!, 1);
  // A year alone ("2015", "1991.") — not the first of a span such as "1974-1992".
  m = /^(\d{4})\.?$/.exec(value);
  if (m) return day(+m[1]!, 1, 1);
  return null;
}

/** A price as a decimal string: "25.90", "R$ 25,90", "$1,250.00" → "1250.00"; null when unclear. */
export function acquisitionPriceOf(text: string | null): string | null {
  if (!text) return null;
  const m = /(\d{1,3}(?:[.,]\d{3})*|\d+)(?:([.,])(\d{1,2}))?(?!\d)/.exec(text);
  if (!m) return null;
  const whole = m[1]!.replace(/[.,]/g, '');
  const cents = m[3] ? m[3].padEnd(2, '0') : '00';
  const value = `${Number(whole)}.${cents}`;
  return Number(value) > 0 && Number(value) < 1e10 ? value : null;
}

const clean = (value: string | null) => {
  const trimmed = value
    ?.replace(/\s+/g, ' ')
    .trim()
    .replace(/[;,:.]$/, '');
  return trimmed ? trimmed : null;
};

/** An item field's own acquisition data (Koha 952, SirsiDynix 949/999), or null when it has none. */
export function itemAcquisitionOf(field: MarcField): CopyAcquisition | null {
  const get = (code: string) => clean(subfieldValue(field, code));
  let found: CopyAcquisition;
  if (field.tag === '952') {
    // Koha items: $d date acquired, $e source of acquisition, $g purchase price.
    found = {
      acquiredOn: acquisitionDateOf(get('d')),
      mode: null,
      source: get('e'),
      price: acquisitionPriceOf(get('g')),
    };
  } else {
    // SirsiDynix 949/999 $u: the date the item was created, month first.
    found = { acquiredOn: acquisitionDateOf(get('u'), true), mode: null, source: null, price: null };
  }
  return found.acquiredOn || found.source || found.price ? found : null;
}

/** One 541 (immediate source of acquisition) and the copies it speaks of. */
interface SourceNote {
  acquisition: CopyAcquisition;
  /** $3 (materials specified), lower case; null when the note is about every copy. */
  materials: string | null;
}

function sourceNotesOf(rec: IndexedRecord): SourceNote[] {
  return fieldsOf(rec, '541').flatMap((field) => {
    const get = (code: string) => clean(subfieldValue(field, code));
    const acquisition: CopyAcquisition = {
      mode: acquisitionModeOf(get('c')),
      acquiredOn: acquisitionDateOf(get('d')),
      source: get('a'),
      price: acquisitionPriceOf(get('h')),
    };
    if (!acquisition.mode && !acquisition.acquiredOn) return [];
    return [{ acquisition, materials: get('3')?.toLowerCase() ?? null }];
  });
}

/**
 * A copy's acquisition: what its own item field says, completed by the 541 that speaks of it — a
 * 541 without $3 speaks of every copy, one with $3 of the copies whose library code or location is a
 * word of $3 ("Harrisburg copy:" → library HARRISBURG). The item's date wins over the note's.
 */
export function copyAcquisition(
  rec: IndexedRecord,
  own: CopyAcquisition | null,
  copy: { library: string | null; location: string | null },
): CopyAcquisition | null {
  const words = [copy.library, copy.location]
    .filter((w): w is string => Boolean(w))
    .map((w) => w.toLowerCase());
  const note = sourceNotesOf(rec).find(
    (n) =>
      n.materials === null ||
      words.some((w) =>
        new RegExp(`(^|[^a-z0-9])${w.replace(/[^a-z0-9]/g, '\\$&')}([^a-z0-9]|$)`).test(n.materials!),
      ),
  )?.acquisition;
  if (!own && !note) return null;
  return {
    acquiredOn: own?.acquiredOn ?? note?.acquiredOn ?? null,
    mode: own?.mode ?? note?.mode ?? null,
    source: own?.source ?? note?.source ?? null,
    price: own?.price ?? note?.price ?? null,
  };
}
