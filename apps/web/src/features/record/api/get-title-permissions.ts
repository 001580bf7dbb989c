import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, TitlePermissionsSchema, type TitlePermissions } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /acervo/{id}/permissoes: which sub-tabs the title shows. */
export function getTitlePermissions(id: number, signal?: AbortSignal): Promise<TitlePermissions> {
  return apiGet(API_PATHS.titlePermissions(id), TitlePermissionsSchema, { signal });
}

export function getTitlePermissionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['titles', id, 'permissions'],
    queryFn: ({ signal }) => getTitlePermissions(id, signal),
    // A missing title is the record page's own "not found".
    meta: { silentStatuses: [404] },
  });
}

export function useTitlePermissions(id: number) {
  return useQuery(getTitlePermissionsQueryOptions(id));
}
