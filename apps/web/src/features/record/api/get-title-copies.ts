import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, CopiesResponseSchema, type Copy } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { COPIES_LIBRARY_PARAM } from '../../../config/paths';

/** GET /acervo/{id}/exemplares: the title's copies, optionally in one library. */
export function getTitleCopies(id: number, libraryId: number | null, signal?: AbortSignal): Promise<Copy[]> {
  return apiGet(API_PATHS.titleCopies(id), CopiesResponseSchema, {
    signal,
    query: { [COPIES_LIBRARY_PARAM]: libraryId },
  });
}

export function getTitleCopiesQueryOptions(id: number, libraryId: number | null) {
  return queryOptions({
    queryKey: ['titles', id, 'copies', libraryId],
    queryFn: ({ signal }) => getTitleCopies(id, libraryId, signal),
    placeholderData: keepPreviousData,
    // Copy status changes with every loan: do not keep it long.
    staleTime: 30_000,
  });
}

export function useTitleCopies(id: number, libraryId: number | null) {
  return useQuery(getTitleCopiesQueryOptions(id, libraryId));
}
