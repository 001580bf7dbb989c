import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, LibrariesSchema, type Library } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /unidade-informacao: every library of the institution, the places a request can go to. */
export function getRequestLibraries(signal?: AbortSignal): Promise<Library[]> {
  return apiGet(API_PATHS.libraries, LibrariesSchema, { signal, auth: 'privateOrPublic' });
}

export function getRequestLibrariesQueryOptions() {
  return queryOptions({
    queryKey: ['library-requests', 'libraries'],
    queryFn: ({ signal }) => getRequestLibraries(signal),
  });
}

/** The libraries a request may go to. */
export function useRequestLibraries() {
  return useQuery(getRequestLibrariesQueryOptions());
}
