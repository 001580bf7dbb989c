import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, MarcViewSchema, type MarcView } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /acervo/{id}/marc: the title's MARC record, field by field. */
export function getTitleMarc(id: number, signal?: AbortSignal): Promise<MarcView> {
  return apiGet(API_PATHS.titleMarc(id), MarcViewSchema, { signal });
}

export function getTitleMarcQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['titles', id, 'marc'],
    queryFn: ({ signal }) => getTitleMarc(id, signal),
  });
}

export function useTitleMarc(id: number) {
  return useQuery(getTitleMarcQueryOptions(id));
}
