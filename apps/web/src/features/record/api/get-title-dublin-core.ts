import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, DublinCoreSchema, type DublinCore } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /acervo/{id}/dublin-core: the title as Dublin Core elements. */
export function getTitleDublinCore(id: number, signal?: AbortSignal): Promise<DublinCore> {
  return apiGet(API_PATHS.titleDublinCore(id), DublinCoreSchema, { signal });
}

export function getTitleDublinCoreQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['titles', id, 'dublin-core'],
    queryFn: ({ signal }) => getTitleDublinCore(id, signal),
  });
}

export function useTitleDublinCore(id: number) {
  return useQuery(getTitleDublinCoreQueryOptions(id));
}
