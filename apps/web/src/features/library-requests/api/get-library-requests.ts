import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  LIBRARY_REQUEST_PATHS,
  LibraryRequestsSchema,
  type LibraryRequest,
  type RequestStatus,
  type RequestType,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** Query key of every list of the patron's requests; invalidating it refreshes them after a send or a cancel. */
export const LIBRARY_REQUESTS_QUERY_KEY = ['library-requests', 'list'] as const;

/** GET /solicitacoes/{type}?status=…: the patron's requests of a type, newest first. */
export function getLibraryRequests(
  type: RequestType,
  status: RequestStatus | null,
  signal?: AbortSignal,
): Promise<LibraryRequest[]> {
  return apiGet(LIBRARY_REQUEST_PATHS.list(type), LibraryRequestsSchema, {
    signal,
    auth: 'private',
    ...(status ? { query: { status } } : {}),
  });
}

export function getLibraryRequestsQueryOptions(type: RequestType, status: RequestStatus | null) {
  return queryOptions({
    queryKey: [...LIBRARY_REQUESTS_QUERY_KEY, type, status ?? 'all'],
    queryFn: ({ signal }) => getLibraryRequests(type, status, signal),
    ...PRIVATE_QUERY,
  });
}

export function useLibraryRequests(type: RequestType, status: RequestStatus | null) {
  return useQuery(getLibraryRequestsQueryOptions(type, status));
}
