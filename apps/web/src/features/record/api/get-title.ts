import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, TitleSchema, type Title } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /acervo/{id}: a title with every field it has. */
export function getTitle(id: number, signal?: AbortSignal): Promise<Title> {
  return apiGet(API_PATHS.title(id), TitleSchema, { signal });
}

export function getTitleQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['titles', id],
    queryFn: ({ signal }) => getTitle(id, signal),
    // The record page shows its own "not found" message.
    meta: { silentStatuses: [404] },
  });
}

export function useTitle(id: number) {
  return useQuery(getTitleQueryOptions(id));
}
