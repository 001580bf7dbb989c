import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { API_PATHS, InstitutionSchema, type Institution } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { pageConfiguration } from '../../../lib/page-configuration';

/** GET /parametros/instituicao: the institution's public settings. */
export function getInstitution(signal?: AbortSignal): Promise<Institution> {
  return apiGet(API_PATHS.institution, InstitutionSchema, { signal });
}

export function getInstitutionQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'institution'],
    queryFn: ({ signal }) => getInstitution(signal),
    staleTime: Infinity,
    // Written into the page by the server (decision 0076): no call when it is there.
    initialData: () => pageConfiguration()?.institution,
  });
}

/** The institution data; the configuration wrapper has loaded it before any page shows. */
export function useInstitution(): Institution {
  return useSuspenseQuery(getInstitutionQueryOptions()).data;
}
