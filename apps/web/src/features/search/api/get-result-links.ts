import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, type ResultLinksResponse } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

// The schema loads with the call, not with the page (decision 0069).
const resultLinksResponseSchema = () =>
  import('@estante/contract/links').then((m) => m.ResultLinksResponseSchema);

/**
 * GET /vinculos/links-resultado: the online links of several titles, how many images each has and
 * where its copies are on the shelf.
 */
export function getResultLinks(ids: number[], signal?: AbortSignal): Promise<ResultLinksResponse> {
  return apiGet(API_PATHS.resultLinks, resultLinksResponseSchema, {
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
