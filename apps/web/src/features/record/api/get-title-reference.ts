import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  ReferenceResponseSchema,
  type ReferenceQuerySchema,
  type ReferenceFormat,
  type ReferenceResponse,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /acervo/{id}/referencia: the title's bibliographic reference in one format (ABNT, APA, Chicago, MLA). */
export function getTitleReference(
  id: number,
  format: ReferenceFormat,
  signal?: AbortSignal,
): Promise<ReferenceResponse> {
  return apiGet(API_PATHS.titleReference(id), ReferenceResponseSchema, {
    query: { formato: format.toLowerCase() } satisfies Record<
      keyof typeof ReferenceQuerySchema.shape,
      string
    >,
    signal,
  });
}

export function getTitleReferenceQueryOptions(id: number, format: ReferenceFormat = 'ABNT') {
  return queryOptions({
    queryKey: ['titles', id, 'reference', format],
    queryFn: ({ signal }) => getTitleReference(id, format, signal),
  });
}

/** The reference in `format`; the previous format's stays on screen while the next one loads. */
export function useTitleReference(id: number, format: ReferenceFormat = 'ABNT') {
  return useQuery({ ...getTitleReferenceQueryOptions(id, format), placeholderData: keepPreviousData });
}
