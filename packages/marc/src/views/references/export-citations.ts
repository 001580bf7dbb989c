// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- citation-js ships no types; ours are here
/// <reference path="./citation-js.d.ts" />
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-bibtex';
import type { CslItem, CslName } from './to-csl.ts';

/** Citation-manager formats written from CSL-JSON by citation-js's own plugins. */
export const CITATION_FORMATS = ['ris', 'bibtex'] as const;
/** One of CITATION_FORMATS. */
export type CitationFormat = (typeof CITATION_FORMATS)[number];

/** A RIS entry as citation-js maps it: tag → one value or several. */
type RisEntry = Record<string, string | number | readonly (string | number)[]>;
/** A BibTeX entry as citation-js maps it, before it is written out. */
interface BibtexEntry {
  type: string;
  label: string;
  properties: Record<string, string>;
}

// BibTeX values are written in UTF-8: citation-js's ASCII-only mode turns accents into LaTeX
// commands but drops every character it has no command for (all of Cyrillic, Greek, Arabic, CJK…).
plugins.config.get('@bibtex').format.asciiOnly = false;

/**
 * Writes CSL-JSON items (from `toCsl`) as one RIS or BibTeX file, in the items' order. citation-js
 * maps the fields; the lines are written here (see `risLines`, `bibtexEntry`).
 */
export function exportCitations(items: readonly CslItem[], format: CitationFormat): string {
  if (format === 'ris') {
    const entries = plugins.output.format(
      'ris',
      items.map((item) => ({ ...item })),
      {
        format: 'object',
      },
    ) as RisEntry[];
    return entries.map(risLines).join('');
  }
  const entries = plugins.output.format('bibtex', items.map(latexSafe), {
    format: 'object',
  }) as BibtexEntry[];
  const labels = new Set<string>();
  return entries
    .map((entry, index) => {
      const item = items[index]!;
      return bibtexEntry({ ...entry, label: uniqueLabel(entry.label, item, labels) }, item);
    })
    .join('\n');
}

/**
 * citation-js's key (author, year, first title word), made unique in the file: a title with no word
 * in Latin letters gives "undefined" as its word, and two works of an author in one year share a key.
 */
function uniqueLabel(label: string, item: CslItem, taken: Set<string>): string {
  const base = label.replace(/undefined/g, '') || `item${item.id}`;
  let unique = base;
  for (let n = 0; taken.has(unique); n++)
    unique = `${base}${String.fromCharCode(97 + (n % 26))}${n >= 26 ? n : ''}`;
  taken.add(unique);
  return unique;
}

/**
 * One RIS entry, one tag per line ("TY  - BOOK"), CRLF as the RIS specification asks. Each value
 * stays on its line whatever its length: citation-js's own writer breaks values every 70
 * characters, mid-word, and readers join the pieces with a space ("out ubro"). A line break inside
 * a value would start a bogus tag line, so it becomes a space.
 */
export function risLines(entry: RisEntry): string {
  const lines = [`TY  - ${String(entry['TY'])}`];
  for (const [tag, value] of Object.entries(entry)) {
    if (tag === 'TY') continue;
    for (const one of ([] as (string | number)[]).concat(value as string | number)) {
      lines.push(`${tag}  - ${String(one).replace(/\s*[\r\n]+\s*/g, ' ')}`);
    }
  }
  lines.push('ER  - ');
  return lines.map((line) => `${line}\r\n`).join('');
}

/** One BibTeX entry of the closest type for the item (see `bibtexType`). */
function bibtexEntry(entry: BibtexEntry, item: CslItem): string {
  const fields = Object.entries(entry.properties).map(([name, value]) => `\t${name} = {${value}},\n`);
  return `@${bibtexType(item, entry.type)}{${entry.label},\n${fields.join('')}}\n`;
}

/**
 * The BibTeX entry type closest to the item. citation-js writes `@misc` for every type BibTeX lacks,
 * theses included (its mapping knows only the genres "PhD thesis" and "Master's thesis"), and
 * `@inbook` for a chapter with its own title in an edited book. Here: a thesis is `@phdthesis`
 * when its degree (502, in `genre`) is a doctorate, else `@mastersthesis` (BibTeX's one other
 * thesis type; its `type` field keeps the degree as written); a chapter is `@incollection`; a
 * periodical is `@periodical` (a biblatex type that bibutils and Zotero read; classic BibTeX
 * styles print it as `@misc`). Maps, films, recordings and images stay `@misc`.
 */
export function bibtexType(item: CslItem, citationJsType: string): string {
  switch (item.type) {
    case 'thesis':
      return isDoctoral(item.genre ?? '') ? 'phdthesis' : 'mastersthesis';
    case 'chapter':
      return 'incollection';
    case 'periodical':
      return 'periodical';
    default:
      return citationJsType;
  }
}

/** A doctoral degree in the thesis kind: "Tese (Doutorado…)", "Thesis (Ph.D.)", "Tesis doctoral"… */
function isDoctoral(genre: string): boolean {
  if (/doutor|doctor|ph\.?\s?d|d\.\s?phil|dr\.|livre-doc|habilita/i.test(genre)) return true;
  if (
    /mestr|master|maestr|m\.\s?[as]\b|m\.?sc|bacharel|bachelor|licencia|gradua|especializa|conclus/i.test(
      genre,
    )
  )
    return false;
  // A Brazilian "Tese" without the degree is a doctoral thesis; an English "dissertation" too.
  return /^(tese|thesis|these|thèse|dissertation)\b/i.test(genre);
}

// LaTeX's special characters in BibTeX values; citation-js escapes them only in its ASCII-only mode.
const LATEX_SPECIAL: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};
const escapeLatex = (text: string) => text.replace(/[\\{}&%$#_~^]/g, (c) => LATEX_SPECIAL[c]!);
// Fields written as BibTeX text; URL, ISBN and ISSN are written as they are.
const TEXT_FIELDS = [
  'title',
  'title-short',
  'publisher',
  'publisher-place',
  'edition',
  'genre',
  'container-title',
  'volume',
  'issue',
  'page',
  'collection-title',
] as const;

/** The item with LaTeX's special characters escaped in every text field and name. */
function latexSafe(item: CslItem): CslItem {
  const safe: CslItem = { ...item };
  for (const field of TEXT_FIELDS) {
    const value = item[field];
    if (value !== undefined) safe[field] = escapeLatex(value);
  }
  const names = (list: CslName[] | undefined) =>
    list?.map((name) =>
      Object.fromEntries(Object.entries(name).map(([part, value]) => [part, escapeLatex(value)])),
    );
  if (item.author) safe.author = names(item.author)!;
  if (item.editor) safe.editor = names(item.editor)!;
  // No translator: citation-js's BibTeX writes none.
  return safe;
}
