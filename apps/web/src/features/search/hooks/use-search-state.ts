import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  formatAdvancedRow,
  formatFilter,
  ORDERINGS,
  parseAdvancedRow,
  parseFilter,
  NEW_ACQUISITIONS_DEFAULTS,
  PAGE_SIZES,
  RESULT_DISPLAYS,
  SEARCH_BASES,
  SEARCH_DEFAULTS,
  SEARCH_TYPES,
  TAB,
  TERM_TYPES,
  type AdvancedRow,
  type AppliedFilter,
  type Ordering,
  type ResultDisplay,
  type SearchBase,
  type SearchType,
  type TermType,
} from '@estante/contract';
import { SEARCH_PARAM } from '../../../config/paths';

/** The search a URL describes (SPEC §3 search state), in English names. */
export interface SearchState {
  /** The typed term; empty when no search was made. */
  term: string;
  searchType: SearchType;
  termType: TermType;
  /** Similar-word variant of the search type. */
  similar: boolean;
  /** 1-based result page. */
  page: number;
  pageSize: number;
  ordering: Ordering;
  /** Applied result filters (SPEC §4), in the order they were chosen. */
  filters: AppliedFilter[];
  /** Advanced-search rows after the first (the first is term/searchType/termType). */
  rows: AdvancedRow[];
  /** Options of the tab's own form, by key. */
  options: Record<string, string[]>;
  /** The display mode chosen (SPEC §3 `exibicao`); undefined: the tab's own (displayOf). */
  display?: ResultDisplay | undefined;
  /** The base searched; undefined: the library's catalogue. */
  base?: SearchBase | undefined;
}

/** SPEC §9 defaults: page 1, 20 per page, ordering C; the display is the tab's own (defaultDisplay). */
export const DEFAULT_SEARCH_STATE: SearchState = {
  term: '',
  searchType: 'livre',
  termType: 'qualquer',
  similar: false,
  page: SEARCH_DEFAULTS.paginaAtiva,
  pageSize: SEARCH_DEFAULTS.quantPag,
  ordering: SEARCH_DEFAULTS.ordenacao,
  filters: [],
  rows: [],
  options: {},
};

/** The display a tab opens in (SPEC §3/§9): compact covers on new acquisitions, detailed lines elsewhere. */
export function defaultDisplay(tab: string): ResultDisplay {
  return tab === TAB.newAcquisitions ? NEW_ACQUISITIONS_DEFAULTS.exibicao : SEARCH_DEFAULTS.exibicao;
}

/** The display a search is drawn in on a tab: the one chosen, else the tab's own. */
export function displayOf(state: SearchState, tab: string): ResultDisplay {
  return state.display ?? defaultDisplay(tab);
}

/** The state with a display chosen on a tab; the tab's own display is left out of the URL. */
export function withDisplay(state: SearchState, tab: string, display: ResultDisplay): SearchState {
  return { ...state, display: display === defaultDisplay(tab) ? undefined : display };
}

const OTHER_BASES = Object.values(SEARCH_BASES).filter((base) => base !== SEARCH_BASES.catalogue);

/** The largest page the API accepts (contract SearchQuerySchema). */
const MAX_PAGE = 10_000;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

function positiveInt(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/** Reads the search state from URL parameters; unknown or invalid values fall back to the defaults. */
export function parseSearchState(params: URLSearchParams): SearchState {
  const pageSize = Number(params.get(SEARCH_PARAM.pageSize));
  return {
    term: (params.get(SEARCH_PARAM.term) ?? '').trim(),
    searchType: oneOf(SEARCH_TYPES, params.get(SEARCH_PARAM.searchType), DEFAULT_SEARCH_STATE.searchType),
    termType: oneOf(TERM_TYPES, params.get(SEARCH_PARAM.termType), DEFAULT_SEARCH_STATE.termType),
    similar: ['true', '1'].includes(params.get(SEARCH_PARAM.similar) ?? ''),
    page: positiveInt(params.get(SEARCH_PARAM.page), DEFAULT_SEARCH_STATE.page, MAX_PAGE),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_SEARCH_STATE.pageSize,
    ordering: oneOf(ORDERINGS, params.get(SEARCH_PARAM.ordering), DEFAULT_SEARCH_STATE.ordering),
    filters: uniqueFilters(
      params.getAll(SEARCH_PARAM.filter).flatMap((raw) => {
        const filter = parseFilter(raw);
        return filter ? [filter] : [];
      }),
    ),
    rows: params.getAll(SEARCH_PARAM.row).flatMap((raw) => {
      const row = parseAdvancedRow(raw);
      return row ? [row] : [];
    }),
    options: parseOptions(params.getAll(SEARCH_PARAM.option)),
    display: oneOf<ResultDisplay | ''>(RESULT_DISPLAYS, params.get(SEARCH_PARAM.display), '') || undefined,
    base: oneOf<SearchBase | ''>(OTHER_BASES, params.get(SEARCH_PARAM.base), '') || undefined,
  };
}

function uniqueFilters(filters: AppliedFilter[]): AppliedFilter[] {
  const seen = new Set<string>();
  return filters.filter((filter) => {
    const key = formatFilter(filter);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function parseOptions(raws: string[]): Record<string, string[]> {
  const options: Record<string, string[]> = {};
  for (const raw of raws) {
    const match = /^([a-zA-Z_]+):(.+)$/.exec(raw);
    if (match) (options[match[1]!] ??= []).push(match[2]!);
  }
  return options;
}

/** The `opcao` values of a tab-options record, `chave:valor`, keys in a stable order. */
export function optionParams(options: Record<string, string[]>): string[] {
  return Object.keys(options)
    .sort()
    .flatMap((key) => {
      // Stryker disable next-line ArrayDeclaration: every key comes from the record itself, so it has values.
      const values = options[key] ?? [];
      return values.filter((value) => value !== '').map((value) => `${key}:${value}`);
    });
}

/** Whether a filter is applied. */
export function hasFilter(state: SearchState, filter: AppliedFilter): boolean {
  return state.filters.some((f) => f.tipo === filter.tipo && f.valor === filter.valor);
}

/** The state with a filter added or removed, back on page 1 (the result list changes). */
export function toggleFilter(state: SearchState, filter: AppliedFilter): SearchState {
  const filters = hasFilter(state, filter)
    ? state.filters.filter((f) => !(f.tipo === filter.tipo && f.valor === filter.valor))
    : [...state.filters, filter];
  return { ...state, filters, page: 1 };
}

/** Writes a search state as URL parameters: the term always, the rest only when not the default. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.term) params.set(SEARCH_PARAM.term, state.term);
  if (state.searchType !== DEFAULT_SEARCH_STATE.searchType)
    params.set(SEARCH_PARAM.searchType, state.searchType);
  if (state.termType !== DEFAULT_SEARCH_STATE.termType) params.set(SEARCH_PARAM.termType, state.termType);
  if (state.similar) params.set(SEARCH_PARAM.similar, 'true');
  if (state.page !== DEFAULT_SEARCH_STATE.page) params.set(SEARCH_PARAM.page, String(state.page));
  if (state.pageSize !== DEFAULT_SEARCH_STATE.pageSize)
    params.set(SEARCH_PARAM.pageSize, String(state.pageSize));
  if (state.ordering !== DEFAULT_SEARCH_STATE.ordering) params.set(SEARCH_PARAM.ordering, state.ordering);
  for (const row of state.rows) params.append(SEARCH_PARAM.row, formatAdvancedRow(row));
  for (const option of optionParams(state.options)) params.append(SEARCH_PARAM.option, option);
  for (const filter of state.filters) params.append(SEARCH_PARAM.filter, formatFilter(filter));
  if (state.display) params.set(SEARCH_PARAM.display, state.display);
  if (state.base && state.base !== SEARCH_BASES.catalogue) params.set(SEARCH_PARAM.base, state.base);
  return params;
}

/** The `?query` of a search state, for links (pagination). */
export function searchHref(state: SearchState): string {
  const query = toSearchParams(state).toString();
  return query ? `?${query}` : '?';
}

/**
 * The search state of the current URL and a setter that writes a new one (STYLE: search state lives
 * in the URL). A new state keeps the reader's place: the page is not scrolled back to the top, so a
 * filter ticked or an order chosen halfway down stays under the reader's eyes (decision 0068).
 */
export function useSearchState(): [SearchState, (next: SearchState) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchState(params), [params]);
  const setState = useCallback(
    (next: SearchState) => setParams(toSearchParams(next), { preventScrollReset: true }),
    [setParams],
  );
  return [state, setState];
}
