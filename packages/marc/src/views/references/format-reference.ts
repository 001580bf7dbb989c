// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- citation-js ships no types; this makes ours visible to every project that imports the package
/// <reference path="./citation-js.d.ts" />
import { readFileSync } from 'node:fs';
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import type { MappedTitle } from '../../map/map-title.ts';
import type { MarcRecord } from '../../types.ts';
import { trimPunctuation } from '../../map/punctuation.ts';
import { EDITOR_ROLE, splitTitle, toCsl, type CslItem } from './to-csl.ts';

/** The reference styles offered: ABNT NBR 6023:2018, APA 7, Chicago 17 author-date, MLA 9. */
export const REFERENCE_STYLES = ['abnt', 'apa', 'chicago', 'mla'] as const;
/** One of REFERENCE_STYLES. */
export type ReferenceStyle = (typeof REFERENCE_STYLES)[number];

/** Options of `formatReference`. */
export interface FormatReferenceOptions {
  /** The day the online copy was seen ("Acesso em" in ABNT); left out when absent. */
  accessed?: Date;
  /** The title's MARC record: gives thesis (502), host item (773) details the mapped title lacks. */
  marc?: MarcRecord;
}

/** A formatted reference. */
export interface FormattedReference {
  /** Plain text, no markup. */
  text: string;
  /** The same reference as HTML (<b>, <i>; the text escaped by citeproc), without a wrapping element. */
  html: string;
}

// Our own styles (citation-js 0.8 ships only apa, vancouver and harvard1); APA is citation-js's built-in.
const TEMPLATES: Record<ReferenceStyle, { template: string; lang: string; file?: string }> = {
  abnt: { template: 'estante-abnt-2018', lang: 'pt-BR', file: 'abnt-2018.csl' },
  apa: { template: 'apa', lang: 'en-US' },
  chicago: { template: 'estante-chicago-author-date', lang: 'en-US', file: 'chicago-author-date.csl' },
  mla: { template: 'estante-mla-9', lang: 'en-US', file: 'mla-9.csl' },
};

let registered = false;

/** Registers our CSL styles and the pt-BR locale with citation-js once per process. */
function register(): void {
  if (registered) return;
  const csl = plugins.config.get('@csl');
  for (const { template, file } of Object.values(TEMPLATES)) {
    if (file) csl.styles.add(template, readStyle(file));
  }
  csl.locales.add('pt-BR', readStyle('locale-pt-BR.xml'));
  registered = true;
}

function readStyle(file: string): string {
  return readFileSync(new URL(`./styles/${file}`, import.meta.url), 'utf8');
}

/** Formats a title as a bibliography entry in one of the reference styles, through citation-js and CSL. */
export function formatReference(
  mapped: MappedTitle,
  style: ReferenceStyle,
  options: FormatReferenceOptions = {},
): FormattedReference {
  register();
  const { template, lang } = TEMPLATES[style];
  const { item, finish } = prepare(toCsl(mapped, options.marc), mapped, style, options);
  const entry = (format: 'text' | 'html') =>
    finish(
      plugins.output.format('bibliography', [item], { template, lang, format, asEntryArray: true })[0]?.[1] ??
        '',
    );
  return {
    text: entry('text').trim(),
    html: entry('html')
      .trim()
      .replace(/^<div[^>]*>/, '')
      .replace(/<\/div>$/, ''),
  };
}

/** A CSL item ready for one style, and the last touch to its rendered entry. */
interface Prepared {
  item: CslItem & Record<string, unknown>;
  finish: (entry: string) => string;
}

/** The main entry of a corporate body (110): its hierarchy ($a, then each $b) and whether $a is a jurisdiction. */
function corporateMainEntry(
  marc: MarcRecord | undefined,
): { parts: string[]; isJurisdiction: boolean } | null {
  const field = marc?.fields.find((f) => f.tag === '110');
  if (!field) return null;
  const parts = (field.subfields ?? [])
    .filter((s) => s.code === 'a' || s.code === 'b')
    .map((s) => trimPunctuation(s.value).replace(/\.$/, ''))
    .filter((p) => p !== '');
  return parts.length > 1 ? { parts, isJurisdiction: field.ind1 === '1' } : null;
}

/** The issue date of a part as its host gives it (773 $g "v. 27, n. 3, p. 379-423, July 1948" → "July 1948"). */
function hostIssueDate(marc: MarcRecord | undefined): string | null {
  const related = marc?.fields.find((f) => f.tag === '773')?.subfields?.find((s) => s.code === 'g')?.value;
  const last = related?.split(',').at(-1)?.trim().replace(/\.$/, '');
  // A date is words (months, seasons) before a year; "p. 7-16" or "v. 3" is not.
  return last && /^[\p{L}][\p{L}./ -]*\s\d{4}$/u.test(last) ? last : null;
}

/** Capitalises the first letter after the ": " of a subtitle, as APA, Chicago and MLA write titles. */
function capitaliseSubtitle(title: string): string {
  return title.replace(/: (\p{Ll})/u, (_, letter: string) => `: ${letter.toLocaleUpperCase()}`);
}

/** APA 7 and MLA 9 leave business words (Inc., Co., Ltd.) out of publishers' names. */
function withoutBusinessWords(publisher: string): string {
  return publisher.replace(
    /,?\s+(?:(?:and|&)\s+)?(?:inc|incorporated|co|company|corp|corporation|ltd|limited|llc)\.?$/i,
    '',
  );
}

/** MLA 9 abbreviates academic presses: University → U, Press → P ("U of Chicago P", "MIT P"). */
function mlaPublisher(publisher: string): string {
  if (!/\bUniversity\b/.test(publisher) && publisher !== 'MIT Press') return publisher;
  return publisher
    .replace(/\bUniversity Press\b/g, 'UP')
    .replace(/\bUniversity\b/g, 'U')
    .replace(/\bPress\b/g, 'P');
}

/** A thesis kind in the reference's language: doctoral or master's, else as written. */
function thesisKind(genre: string, style: Exclude<ReferenceStyle, 'abnt'>): string {
  const doctoral = /^(tese|thesis \(ph|doctoral|ph\.?\s?d)/i.test(genre);
  const masters = /^(disserta[cç][aã]o|master)/i.test(genre);
  if (doctoral) return { apa: 'Doctoral dissertation', chicago: 'PhD diss.', mla: 'PhD dissertation' }[style];
  if (masters) return "Master's thesis";
  return genre;
}

/** Languages whose edition statement ABNT writes "N. ed." (NBR 6023:2018 8.3.1: in the document's language). */
const ABNT_NUMBERED_EDITION = new Set(['por', 'spa', 'ita']);

/**
 * What a style needs beyond plain CSL-JSON: the access date, and for ABNT the main title
 * apart from the subtitle (only the main title is bold), the first word of a title entry in
 * capitals (NBR 6023:2018 8.1.1.7) and the medium "E-book".
 */
function prepare(
  item: CslItem,
  mapped: MappedTitle,
  style: ReferenceStyle,
  options: FormatReferenceOptions,
): Prepared {
  const prepared: CslItem & Record<string, unknown> = { ...item };
  let finish = (entry: string) => entry;
  if (options.accessed && item.URL) {
    const d = options.accessed;
    prepared.accessed = { 'date-parts': [[d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()]] };
  }
  const corporate = corporateMainEntry(options.marc);
  const issueDate = item.type === 'article-journal' ? hostIssueDate(options.marc) : null;
  if (style !== 'abnt') {
    prepared.title = capitaliseSubtitle(item.title);
    if (item.type === 'thesis' && item.genre) {
      prepared.genre = thesisKind(item.genre, style);
      // APA 7: "[Doctoral dissertation, Institution]".
      if (style === 'apa' && item.publisher) {
        prepared.genre = `${prepared.genre}, ${item.publisher}`;
        delete prepared.publisher;
      }
    }
    if (style !== 'chicago' && typeof prepared.publisher === 'string') {
      prepared.publisher = withoutBusinessWords(prepared.publisher);
      if (style === 'mla') prepared.publisher = mlaPublisher(prepared.publisher);
    }
    if (corporate && item.author?.[0]?.literal) {
      // APA 7: the most specific government agency is the author. MLA 9: the bodies from the
      // largest to the smallest, separated by commas.
      if (style === 'apa' && corporate.isJurisdiction) {
        prepared.author = [{ literal: corporate.parts.at(-1)! }, ...item.author.slice(1)];
      } else if (style === 'mla') {
        prepared.author = [{ literal: corporate.parts.join(', ') }, ...item.author.slice(1)];
      }
    }
    if (style === 'mla') {
      // MLA 9 gives the issue's date as the journal prints it ("Oct. 1950"), and a URL without its protocol.
      if (issueDate) prepared.issued = { literal: issueDate };
      if (item.URL) prepared.URL = item.URL.replace(/^https?:\/\//, '');
    }
    return { item: prepared, finish };
  }
  // citeproc-js reads title-main / title-sub (CSL-M variables) and renders `title` from them.
  const [main, subtitle] = item['title-short'] ? splitTitle(mapped.title) : [item.title, null];
  const isTitleEntry = !item.author && !item.editor;
  prepared['title-main'] = !isTitleEntry
    ? main
    : item.type === 'periodical'
      ? upper(main)
      : upperFirstWord(main);
  if (subtitle) {
    prepared['title-sub'] = subtitle;
    prepared['title-subjoin'] = ': ';
  }
  if (mapped.workType === 'EBOOK') prepared.medium = 'E-book';
  // NBR 6023:2018 8.3.1: the edition in the document's language ("3rd ed." of an English book).
  if (mapped.edition && mapped.language && !ABNT_NUMBERED_EDITION.has(mapped.language)) {
    prepared.edition = mapped.edition;
  }
  // The date of a journal issue with its month or period ("set. 1997", "July 1948").
  if (issueDate) prepared.issued = { literal: issueDate };
  // ABNT names the kind of responsibility: (org.), (ed.), (comp.); CSL 1.0.2 has organizer and compiler for it.
  const editorKind = abntEditorKind(mapped, options.marc);
  if (item.editor && editorKind !== 'editor') {
    prepared[editorKind] = item.editor;
    delete prepared.editor;
  }
  if (corporate) {
    // The entity (jurisdiction or body) in capitals, its subordinate units as written: "BRASIL. Ministério da Saúde."
    const written = corporate.parts.join('. ');
    const [entity, ...units] = corporate.parts;
    const entry = [upper(entity!), ...units].join('. ');
    finish = (text) => (text.startsWith(upper(written)) ? entry + text.slice(written.length) : text);
  }
  return { item: prepared, finish };
}

/** Which CSL name variable carries a title's editors in ABNT; organizers unless the roles say otherwise. */
function abntEditorKind(
  mapped: MappedTitle,
  marc: MarcRecord | undefined,
): 'editor' | 'organizer' | 'compiler' {
  const roles = mapped.authors.map((a) => a.role ?? '').filter((role) => EDITOR_ROLE.test(role));
  // A chapter's host editors are marked in 773 $a: "Levi, Giovanni (org.)".
  const host = marc?.fields.find((f) => f.tag === '773')?.subfields?.find((s) => s.code === 'a')?.value ?? '';
  const text = [...roles, host].join(' ');
  if (/compil|\(comp/i.test(text)) return 'compiler';
  if (/^(edt|ed\.?|editor|editora)$|\((ed|eds)\.\)/im.test(roles.join('\n') + '\n' + host)) return 'editor';
  return 'organizer';
}

function upper(text: string): string {
  return text.toLocaleUpperCase('pt-BR');
}

/**
 * "Anais do congresso" → "ANAIS do congresso"; NBR 6023:2018 8.1.1.7: a leading article or
 * monosyllable is written in capitals with the word after it ("O GUARANI", "EM BUSCA de…").
 */
function upperFirstWord(title: string): string {
  const match =
    /^((?:(?:o|a|os|as|um|uma|uns|umas|em|no|na|nos|nas|de|do|da|dos|das|por|com|sem|e|the|an?|el|la|los|las|le|les)\s+)?\S+)(.*)$/isu.exec(
      title,
    );
  return match ? upper(match[1]!) + match[2]! : title;
}
