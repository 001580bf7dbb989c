import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, PendingTitlesSchema, type PendingTitle } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /emprestimo/titulos-pendentes?showDetails=S: the titles the patron has on loan, with their details. */
export function getPendingTitles(signal?: AbortSignal): Promise<PendingTitle[]> {
  return apiGet(API_PATHS.pendingTitles, PendingTitlesSchema, {
    signal,
    auth: 'private',
    query: { showDetails: 'S' },
  });
}

/** Query options of the patron's loans. */
export function getPendingTitlesQueryOptions() {
  return queryOptions({
    queryKey: ['circulation', 'pending-titles'],
    queryFn: ({ signal }) => getPendingTitles(signal),
    ...PRIVATE_QUERY,
  });
}

/** The patron's loans. */
export function usePendingTitles() {
  return useQuery(getPendingTitlesQueryOptions());
}
