import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, TitleCommentsPageSchema, type TitleCommentsPage } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** Query key of everything about title comments; invalidating it refreshes the record page and the lists. */
export const COMMENTS_QUERY_KEY = ['comments'] as const;

/** GET /comentarios/acervo/{id}: one page of a title's approved comments, newest first (any token). */
export function getTitleComments(
  titleId: number,
  page: number,
  signal?: AbortSignal,
): Promise<TitleCommentsPage> {
  return apiGet(API_PATHS.titleComments(titleId), TitleCommentsPageSchema, {
    query: { paginaAtiva: page },
    signal,
  });
}

export function getTitleCommentsQueryOptions(titleId: number, page: number) {
  return queryOptions({
    queryKey: [...COMMENTS_QUERY_KEY, 'title', titleId, page],
    queryFn: ({ signal }) => getTitleComments(titleId, page, signal),
    // The page shown stays while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useTitleComments(titleId: number, page: number) {
  return useQuery(getTitleCommentsQueryOptions(titleId, page));
}
