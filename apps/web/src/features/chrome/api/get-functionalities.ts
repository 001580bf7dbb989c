import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { API_PATHS, type ActivityPermission } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { pageFunctionalities } from '../../../lib/page-configuration';
import { currentLanguage } from '../../../lib/i18n';

// The schema loads with the call, not with the page (decision 0069).
const functionalitiesSchema = () =>
  import('@estante/contract/schemas/institution').then((m) => m.FunctionalitiesSchema);

/** GET /parametros/funcionalidades: the activities that gate features (SPEC §6). */
export function getFunctionalities(signal?: AbortSignal): Promise<ActivityPermission[]> {
  return apiGet(API_PATHS.functionalities, functionalitiesSchema, { signal });
}

export function getFunctionalitiesQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'functionalities'],
    queryFn: ({ signal }) => getFunctionalities(signal),
    staleTime: Infinity,
    // Written into the page by the server (decision 0076): no call when it is there.
    initialData: () => pageFunctionalities(currentLanguage()),
  });
}

/** The offered activities; the configuration wrapper has loaded them before any page shows. */
export function useFunctionalities(): ActivityPermission[] {
  return useSuspenseQuery(getFunctionalitiesQueryOptions()).data;
}
