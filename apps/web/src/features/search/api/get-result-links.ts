import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, type ResultLinksResponse } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { resultLinksAnswer } from './search-answers';

/**
 * GET /vinculos/links-resultado: the online links of several titles, how many images each has and
 * where its copies are on the shelf.
 */
export function getResultLinks(ids: number[], signal?: AbortSignal): Promise<ResultLinksResponse> {
  return apiGet(API_PATHS.resultLinks, resultLinksAnswer, {
    signal,
    query: { acervos: ids.join(',') },
  });
}

export function getResultLinksQueryOptions(ids: number[]) {
  return queryOptions({
    queryKey: ['titles', 'result-links', ids],
    queryFn: ({ signal }) => getResultLinks(ids, signal),
    // Extras of the result lines: the list reads well without them, so a failure stays quiet.
    meta: { silentStatuses: [400, 404, 500] },
  });
}
