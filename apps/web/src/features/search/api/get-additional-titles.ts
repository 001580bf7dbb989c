import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, type AdditionalTitlesResponse } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { additionalTitlesAnswer } from './search-answers';

/** GET /consulta/titulos-adicionais: the other titles (uniform, translated, varying, added) of several titles. */
export function getAdditionalTitles(ids: number[], signal?: AbortSignal): Promise<AdditionalTitlesResponse> {
  return apiGet(API_PATHS.additionalTitles, additionalTitlesAnswer, {
    signal,
    query: { acervos: ids.join(',') },
  });
}

export function getAdditionalTitlesQueryOptions(ids: number[]) {
  return queryOptions({
    queryKey: ['titles', 'additional-titles', ids],
    queryFn: ({ signal }) => getAdditionalTitles(ids, signal),
    // Extras of the result lines: the list reads well without them, so a failure stays quiet.
    meta: { silentStatuses: [400, 404, 500] },
  });
}
