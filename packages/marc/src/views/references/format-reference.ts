// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- citation-js ships no types; this makes ours visible to every project that imports the package
/// <reference path="./citation-js.d.ts" />
import { readFileSync } from 'node:fs';
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import type { MappedTitle } from '../../map/map-title.ts';
import type { MarcRecord } from '../../types.ts';
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
  const item = prepare(toCsl(mapped, options.marc), mapped, style, options);
  const entry = (format: 'text' | 'html') =>
    plugins.output.format('bibliography', [item], { template, lang, format, asEntryArray: true })[0]?.[1] ??
    '';
  return {
    text: entry('text').trim(),
    html: entry('html')
      .trim()
      .replace(/^<div[^>]*>/, '')
      .replace(/<\/div>$/, ''),
  };
}

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
): CslItem & Record<string, unknown> {
  const prepared: CslItem & Record<string, unknown> = { ...item };
  if (options.accessed && item.URL) {
    const d = options.accessed;
    prepared.accessed = { 'date-parts': [[d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()]] };
  }
  if (style !== 'abnt') return prepared;
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
  // ABNT names the kind of responsibility: (org.), (ed.), (comp.); CSL 1.0.2 has organizer and compiler for it.
  const editorKind = abntEditorKind(mapped, options.marc);
  if (item.editor && editorKind !== 'editor') {
    prepared[editorKind] = item.editor;
    delete prepared.editor;
  }
  return prepared;
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
