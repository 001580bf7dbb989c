// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- citation-js ships no types; ours are here
/// <reference path="./citation-js.d.ts" />
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-bibtex';
import type { CslItem } from './to-csl.ts';

/** Citation-manager formats written from CSL-JSON by citation-js's own plugins. */
export const CITATION_FORMATS = ['ris', 'bibtex'] as const;
/** One of CITATION_FORMATS. */
export type CitationFormat = (typeof CITATION_FORMATS)[number];

/** Writes CSL-JSON items (from `toCsl`) as one RIS or BibTeX file, in the items' order. */
export function exportCitations(items: readonly CslItem[], format: CitationFormat): string {
  return plugins.output.format(
    format,
    items.map((item) => ({ ...item })),
  );
}
