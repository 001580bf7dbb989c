import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { API_PATHS, type Institution } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { pageConfiguration } from '../../../lib/page-configuration';

// The schema loads with the call, not with the page (decision 0069).
const institutionSchema = () =>
  import('@estante/contract/schemas/institution').then((m) => m.InstitutionSchema);

/** GET /parametros/instituicao: the institution's public settings. */
export function getInstitution(signal?: AbortSignal): Promise<Institution> {
  return apiGet(API_PATHS.institution, institutionSchema, { signal });
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
