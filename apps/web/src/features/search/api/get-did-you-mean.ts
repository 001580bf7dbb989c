import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type DidYouMeanResponse, type SearchType } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { didYouMeanAnswer } from './search-answers';
import { QUIET_STATUSES } from '../utils/quiet-statuses';

/** GET /consulta/sugestoes: a better spelling of a search and how many records it finds. */
export function getDidYouMean(
  term: string,
  searchType: SearchType,
  signal?: AbortSignal,
): Promise<DidYouMeanResponse> {
  return apiGet(API_PATHS.didYouMean, didYouMeanAnswer, {
    signal,
    query: { termo: term, tipoBusca: searchType },
  });
}

export function getDidYouMeanQueryOptions(term: string, searchType: SearchType) {
  return queryOptions({
    queryKey: ['search', 'did-you-mean', term, searchType],
    queryFn: ({ signal }) => getDidYouMean(term, searchType, signal),
    staleTime: 5 * 60_000,
    // A suggestion is an aid: when it fails, the results stay and nothing else is said.
    meta: { silentStatuses: QUIET_STATUSES },
  });
}

export function useDidYouMean(term: string, searchType: SearchType) {
  return useQuery({ ...getDidYouMeanQueryOptions(term, searchType), enabled: term.trim().length > 0 });
}
