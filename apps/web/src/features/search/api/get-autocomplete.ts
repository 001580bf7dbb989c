import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type AutocompleteSuggestion, type SearchType } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { QUIET_STATUSES } from '../utils/quiet-statuses';

// The schema loads with the call, not with the page (decision 0069).
const autocompleteResponseSchema = () =>
  import('@estante/contract/search-aids').then((m) => m.AutocompleteResponseSchema);

/** GET /consulta/autocompletar: up to eight titles, authors or subjects starting with the text. */
export function getAutocomplete(
  term: string,
  searchType: SearchType,
  signal?: AbortSignal,
): Promise<AutocompleteSuggestion[]> {
  return apiGet(API_PATHS.autocomplete, autocompleteResponseSchema, {
    signal,
    query: { termo: term, tipo: searchType },
  });
}

export function getAutocompleteQueryOptions(term: string, searchType: SearchType) {
  return queryOptions({
    queryKey: ['search', 'autocomplete', searchType, term],
    queryFn: ({ signal }) => getAutocomplete(term, searchType, signal),
    // The list shown stays while the next one loads, so it does not flicker as one types.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    meta: { silentStatuses: QUIET_STATUSES },
  });
}

/** Suggestions for a (debounced) text; asked only while `enabled`. */
export function useAutocomplete(term: string, searchType: SearchType, enabled: boolean) {
  return useQuery({ ...getAutocompleteQueryOptions(term, searchType), enabled });
}
