import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  AuthoritySearchResponseSchema,
  type AuthoritySearchResponse,
  type AuthorityType,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** An authority search: the words, the type (all when null) and the page. */
export interface AuthoritySearchRequest {
  term: string;
  type: AuthorityType | null;
  page: number;
}

/** GET /consulta/autoridades: authorities by heading and see-from words, with their title counts. */
export function searchAuthorities(
  request: AuthoritySearchRequest,
  signal?: AbortSignal,
): Promise<AuthoritySearchResponse> {
  return apiGet(API_PATHS.authoritySearch, AuthoritySearchResponseSchema, {
    signal,
    query: { termo: request.term, tipo: request.type, pagina: request.page },
  });
}

export function searchAuthoritiesQueryOptions(request: AuthoritySearchRequest) {
  return queryOptions({
    queryKey: ['search', 'authorities', request.term, request.type, request.page],
    queryFn: ({ signal }) => searchAuthorities(request, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The results of an authority search; nothing is asked before the first search (request null). */
export function useAuthoritySearch(request: AuthoritySearchRequest | null) {
  return useQuery({
    ...searchAuthoritiesQueryOptions(request ?? { term: '', type: null, page: 1 }),
    enabled: request !== null,
  });
}
