import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, SummaryResponseSchema, type SummaryResponse } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /sumario/{id}/dados: a book's 505 contents, or a periodical's issues with their contents. */
export function getTitleSummary(id: number, signal?: AbortSignal): Promise<SummaryResponse> {
  return apiGet(API_PATHS.summary(id), SummaryResponseSchema, { signal });
}

export function useTitleSummary(id: number) {
  return useQuery(
    queryOptions({
      queryKey: ['titles', id, 'summary'],
      queryFn: ({ signal }) => getTitleSummary(id, signal),
    }),
  );
}
