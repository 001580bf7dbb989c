import type { SearchTabKey } from './institution.ts';

/**
 * The search tabs (SPEC §2) that search part of the catalogue, each with a form of its own; the
 * condition of each is in docs/search.md "Search tabs".
 */
export const TAB = {
  ebooks: 'ebooks',
  archive: 'arquivo',
  normativeActs: 'atos-normativos',
  caseLaw: 'jurisprudencia',
  accessibility: 'acessibilidade',
  newAcquisitions: 'novas-aquisicoes',
  teachingPlan: 'plano-ensino',
  advanced: 'avancada',
} as const satisfies Record<string, SearchTabKey>;

/** Tabs a patron may open without typing a term: new acquisitions lists what arrived. */
const TABS_BROWSED_WITHOUT_TERM: readonly string[] = [TAB.newAcquisitions];
/** Tabs whose chosen options may stand in for the term ("Lei n. 9.610" by kind and number). */
const TABS_SEARCHED_BY_OPTIONS: readonly string[] = [TAB.archive, TAB.normativeActs, TAB.caseLaw];

/**
 * Whether a search in this tab needs a term (SPEC §5 "search field required"): always, except on
 * new acquisitions, and on the archive, normative-acts and jurisprudence tabs once an option is chosen.
 */
export function searchNeedsTerm(tab: string, options: Record<string, string[]> = {}): boolean {
  if (TABS_BROWSED_WITHOUT_TERM.includes(tab)) return false;
  if (!TABS_SEARCHED_BY_OPTIONS.includes(tab)) return true;
  return !Object.values(options).some((values) => values.some((value) => value.trim() !== ''));
}
