import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, AuthoritySchema, type Authority } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /autoridade/{id}: an authority record with its references and linked titles. */
export function getAuthority(id: number, signal?: AbortSignal): Promise<Authority> {
  return apiGet(API_PATHS.authority(id), AuthoritySchema, { signal });
}

export function getAuthorityQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['authorities', id],
    queryFn: ({ signal }) => getAuthority(id, signal),
    // The authority page shows its own "not found" message.
    meta: { silentStatuses: [404] },
  });
}

export function useAuthority(id: number) {
  return useQuery(getAuthorityQueryOptions(id));
}
