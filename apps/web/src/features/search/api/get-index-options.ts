import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, IndexOptionsSchema, type IndexOption } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /consulta/opcoes-indice: the index types (SPEC §3) with the translation keys of their names. */
export function getIndexOptions(signal?: AbortSignal): Promise<IndexOption[]> {
  return apiGet(API_PATHS.indexOptions, IndexOptionsSchema, { signal });
}

export function getIndexOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'index-options'],
    queryFn: ({ signal }) => getIndexOptions(signal),
    staleTime: Infinity,
  });
}

export function useIndexOptions() {
  return useQuery(getIndexOptionsQueryOptions());
}
