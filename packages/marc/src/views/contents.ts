import { trimPunctuation } from '../map/punctuation.ts';
import type { MarcField, MarcRecord } from '../types.ts';

/** One entry of a table of contents: a chapter, a story, a track. */
export interface ContentsItem {
  /** $g written before the title: a number or a place ("1.", "v. 2.", "fol. 1r-15v"); null when none. */
  order: string | null;
  /** The entry's title ($t, or a piece of $a); parallel titles stay joined with " = ". */
  title: string;
  /** Statement of responsibility ($r, or what follows " / " in $a); null when none. */
  responsibility: string | null;
  /** $g written after the title: pages, duration…; null when none. */
  extra: string | null;
}

/** How complete a 505 says it is (first indicator). */
export type ContentsCompleteness = 'complete' | 'incomplete' | 'partial';

/** The contents one 505 field gives. */
export interface ContentsNote {
  /** First indicator 0, 1 or 2; null for 8 (no display constant) or anything else. */
  completeness: ContentsCompleteness | null;
  /** True for the enhanced form (second indicator 0: $t, $r, $g). */
  enhanced: boolean;
  items: ContentsItem[];
}

const COMPLETENESS: Record<string, ContentsCompleteness> = {
  '0': 'complete',
  '1': 'incomplete',
  '2': 'partial',
};

/** Where one entry of a contents note ends: a trailing "--" (with or without spaces). */
const ITEM_END = /\s*--\s*$/;
/** " -- " between entries of a basic note; older records write "title.--title". */
const ITEM_SEPARATOR = /\s*--\s*/;

interface Draft {
  order: string[];
  title: string[];
  responsibility: string[];
  extra: string[];
}

const emptyDraft = (): Draft => ({ order: [], title: [], responsibility: [], extra: [] });

function joined(parts: string[], separator: string, { eachTrimmed = false } = {}): string | null {
  const kept = eachTrimmed ? parts.map((p) => trimPunctuation(p)).filter((p) => p !== '') : parts;
  const text = trimPunctuation(kept.join(separator));
  return text === '' ? null : text;
}

/** "Title / responsibility" of a basic note → its two parts. */
function splitResponsibility(piece: string): [string, string | null] {
  const slash = piece.indexOf(' / ');
  return slash < 0 ? [piece, null] : [piece.slice(0, slash), piece.slice(slash + 3)];
}

/** The entries of one 505, basic ($a split on "--") or enhanced ($g $t $r). */
function itemsOf(field: MarcField): ContentsItem[] {
  const subfields = field.subfields ?? [];
  const items: ContentsItem[] = [];
  // With "--" at the end of entries, they alone separate entries (a $t may continue a title, as in
  // parallel titles "Touki-bouki = $t The journey of the hyena"); without them, each $t starts one.
  const hasEndMarks = subfields.some((s) => 'tgr'.includes(s.code) && ITEM_END.test(s.value));
  let draft: Draft | null = null;
  const finish = () => {
    const title = draft ? joined(draft.title, ' ') : null;
    if (draft && title) {
      items.push({
        order: joined(draft.order, ' '),
        title,
        responsibility: joined(draft.responsibility, ' ; ', { eachTrimmed: true }),
        extra: joined(draft.extra, ' '),
      });
    }
    draft = null;
  };
  for (const { code, value } of subfields) {
    if (code === 'a') {
      const pieces = value.split(ITEM_SEPARATOR).filter((p) => p.trim() !== '');
      pieces.forEach((piece, index) => {
        if (index > 0 || (draft?.title.length ?? 0) > 0) finish();
        draft ??= emptyDraft();
        const [title, responsibility] = splitResponsibility(piece);
        draft.title.push(title);
        if (responsibility) draft.responsibility.push(responsibility);
      });
      if (ITEM_END.test(value)) finish();
      continue;
    }
    if (!'tgr'.includes(code)) continue;
    const ends = ITEM_END.test(value);
    const text = value.replace(ITEM_END, '');
    if (code === 't') {
      const current: Draft | null = draft;
      const started =
        current !== null &&
        current.title.length > 0 &&
        (!hasEndMarks || current.responsibility.length > 0 || current.extra.length > 0);
      if (started) finish();
      draft ??= emptyDraft();
      // A title ends with " /" when its responsibility follows; the separator goes, "=" stays.
      draft.title.push(text.replace(/\s*\/\s*$/, ''));
    } else if (code === 'r') {
      draft ??= emptyDraft();
      draft.responsibility.push(text);
    } else {
      draft ??= emptyDraft();
      if (draft.title.length === 0) draft.order.push(text);
      else draft.extra.push(text.replace(/\s*\/\s*$/, ''));
    }
    if (ends) finish();
  }
  finish();
  return items;
}

/** The record's contents notes (505), in record order; notes with no readable entry are left out. */
export function contentsNotes(record: MarcRecord): ContentsNote[] {
  // A stored record may be a bare stub with no field list; it has no contents then.
  return (record.fields ?? [])
    .filter((field) => field.tag === '505')
    .map((field) => ({
      completeness: COMPLETENESS[field.ind1 ?? ''] ?? null,
      enhanced: field.ind2 === '0',
      items: itemsOf(field),
    }))
    .filter((note) => note.items.length > 0);
}
