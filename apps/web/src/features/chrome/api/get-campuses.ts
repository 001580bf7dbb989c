import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, CampusesSchema, LibrariesSchema, type Campus, type Library } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /campus: the institution's campuses. */
export function getCampuses(signal?: AbortSignal): Promise<Campus[]> {
  return apiGet(API_PATHS.campuses, CampusesSchema, { signal });
}

export function getCampusesQueryOptions() {
  return queryOptions({ queryKey: ['libraries', 'campuses'], queryFn: ({ signal }) => getCampuses(signal) });
}

/** The campuses, for the comment and suggestion pop-ups. */
export function useCampuses(enabled = true) {
  return useQuery({ ...getCampusesQueryOptions(), enabled });
}

/** GET /unidade-informacao?campus=…: the libraries of a campus. */
export function getLibraries(campus: number, signal?: AbortSignal): Promise<Library[]> {
  return apiGet(API_PATHS.libraries, LibrariesSchema, { signal, query: { campus } });
}

export function getLibrariesQueryOptions(campus: number) {
  return queryOptions({
    queryKey: ['libraries', 'of-campus', campus],
    queryFn: ({ signal }) => getLibraries(campus, signal),
  });
}

/** The libraries of a campus; nothing is asked until a campus is chosen. */
export function useLibraries(campus: number | null) {
  return useQuery({ ...getLibrariesQueryOptions(campus ?? -1), enabled: campus !== null && campus > 0 });
}
