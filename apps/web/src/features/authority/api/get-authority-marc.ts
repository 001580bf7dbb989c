import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, MarcViewSchema, type MarcView } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /autoridade/{id}/marc: the authority's MARC record. */
export function getAuthorityMarc(id: number, signal?: AbortSignal): Promise<MarcView> {
  return apiGet(API_PATHS.authorityMarc(id), MarcViewSchema, { signal });
}

export function getAuthorityMarcQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['authorities', id, 'marc'],
    queryFn: ({ signal }) => getAuthorityMarc(id, signal),
  });
}

export function useAuthorityMarc(id: number) {
  return useQuery(getAuthorityMarcQueryOptions(id));
}
