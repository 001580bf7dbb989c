import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_PATHS, StaffPatronSearchSchema, type StaffPatronSearch } from '@estante/contract';
import { apiGet } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

export const PATRONS_KEY = [...STAFF_QUERY_KEY, 'patrons'] as const;

/** GET /equipe/leitores: one page of the patrons matching the text, by name. */
export function searchPatrons(q: string, page: number, signal?: AbortSignal): Promise<StaffPatronSearch> {
  return apiGet(STAFF_PATHS.patrons, StaffPatronSearchSchema, {
    signal,
    auth: 'private',
    query: { q, pagina: page },
  });
}

export function usePatronSearch(q: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...PATRONS_KEY, 'search', q, page],
      queryFn: ({ signal }) => searchPatrons(q, page, signal),
      ...PRIVATE_QUERY,
      placeholderData: keepPreviousData,
    }),
  );
}
