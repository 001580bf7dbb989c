import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  IndexBrowseResponseSchema,
  type IndexBrowseResponse,
  type IndexType,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** One index page: the index, the starting term and the page counted from it (0 and below: before it). */
export interface IndexBrowseRequest {
  type: IndexType;
  term: string;
  page: number;
}

/** GET /consulta/indice: index entries in filing order from a term, with their record counts. */
export function browseIndex(request: IndexBrowseRequest, signal?: AbortSignal): Promise<IndexBrowseResponse> {
  return apiGet(API_PATHS.indexBrowse, IndexBrowseResponseSchema, {
    signal,
    query: { tipo: request.type, termo: request.term, pagina: request.page },
  });
}

export function browseIndexQueryOptions(request: IndexBrowseRequest) {
  return queryOptions({
    queryKey: ['search', 'index', request.type, request.term, request.page],
    queryFn: ({ signal }) => browseIndex(request, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** An index page; nothing is asked until a browse is started (request null). */
export function useIndexBrowse(request: IndexBrowseRequest | null) {
  return useQuery({
    ...browseIndexQueryOptions(request ?? { type: 'titulo', term: '', page: 1 }),
    enabled: request !== null,
  });
}
