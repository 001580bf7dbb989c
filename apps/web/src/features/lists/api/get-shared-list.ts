import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, SharedListSchema, type SharedList } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /acervo/listas/compartilhadas/{token}: a list shared by link, read-only. */
export function getSharedList(token: string, signal?: AbortSignal): Promise<SharedList> {
  return apiGet(API_PATHS.sharedList(token), SharedListSchema, { signal });
}

/** Query options of a shared list. */
export function getSharedListQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['shared-list', token],
    queryFn: ({ signal }) => getSharedList(token, signal),
    retry: false,
    // A link that shares nothing (any more) is said on the page itself, not in a toast.
    meta: { silentStatuses: [404] },
  });
}

/** A list shared by link. */
export function useSharedList(token: string) {
  return useQuery(getSharedListQueryOptions(token));
}
