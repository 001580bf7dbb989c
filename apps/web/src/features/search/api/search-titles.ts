import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  formatAdvancedRow,
  formatFilter,
  SEARCH_BASES,
  searchNeedsTerm,
  type SearchResponse,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { SEARCH_PARAM, SEARCH_TAB_PARAM } from '../../../config/paths';
import { optionParams, type SearchState } from '../hooks/use-search-state';
import { searchAnswer } from './search-answers';

/**
 * Whether a search has a column for its first row. Free search ('livre') looks in every field, so
 * it names none; title, subject and author each name theirs.
 */
function hasFirstColumn(state: SearchState): boolean {
  return state.searchType !== 'livre';
}

/**
 * SPEC §4: a search of the Target GEDWeb base without a first column finds nothing, and the API is
 * not asked.
 */
export function isEmptyWithoutCall(state: SearchState): boolean {
  return state.base === SEARCH_BASES.targetGedweb && !hasFirstColumn(state);
}

/** The answer of a search that is not sent: no titles, and no id (no search was made, so no history entry). */
function emptyResult(state: SearchState, tab: string): SearchResponse {
  return {
    data: [],
    total: 0,
    id: '',
    base: state.base ?? SEARCH_BASES.catalogue,
    tab,
    paginaAtiva: state.page,
    quantPag: state.pageSize,
    ordenacao: state.ordering,
    filtros: [],
  };
}

/** GET /consulta: one page of titles for a search in a search tab. */
export async function searchTitles(
  state: SearchState,
  tab: string,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  if (isEmptyWithoutCall(state)) return emptyResult(state, tab);
  return apiGet(API_PATHS.search, searchAnswer, {
    signal,
    query: {
      [SEARCH_PARAM.term]: state.term,
      [SEARCH_PARAM.searchType]: state.searchType,
      [SEARCH_PARAM.termType]: state.termType,
      [SEARCH_PARAM.similar]: state.similar,
      [SEARCH_PARAM.page]: state.page,
      [SEARCH_PARAM.pageSize]: state.pageSize,
      [SEARCH_PARAM.ordering]: state.ordering,
      [SEARCH_TAB_PARAM]: tab,
      [SEARCH_PARAM.row]: state.rows.map(formatAdvancedRow),
      [SEARCH_PARAM.option]: optionParams(state.options),
      [SEARCH_PARAM.filter]: state.filters.map(formatFilter),
      [SEARCH_PARAM.base]: state.base,
    },
  });
}

export function searchTitlesQueryOptions(state: SearchState, tab: string) {
  return queryOptions({
    // The display only changes how the page is drawn: switching it asks for nothing.
    queryKey: ['search', tab, { ...state, display: undefined }],
    queryFn: ({ signal }) => searchTitles(state, tab, signal),
    // Keep the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Whether a search state is one to run: a term, or a tab that searches by its options alone. */
export function isRunnableSearch(state: SearchState, tab: string): boolean {
  return state.term.length > 0 || !searchNeedsTerm(tab, state.options);
}

/** The results of a search; not run while it has nothing to search for. */
export function useSearchTitles(state: SearchState, tab: string) {
  return useQuery({ ...searchTitlesQueryOptions(state, tab), enabled: isRunnableSearch(state, tab) });
}
