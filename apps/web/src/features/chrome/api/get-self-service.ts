import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type SelfService } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { pageConfiguration } from '../../../lib/page-configuration';

// The schema loads with the call, not with the page (decision 0069).
const selfServiceSchema = () =>
  import('@estante/contract/schemas/institution').then((m) => m.SelfServiceSchema);

/** GET /parametros/autoatendimento: whether this terminal is a self-service station (SPEC §3). */
export function getSelfService(signal?: AbortSignal): Promise<SelfService> {
  return apiGet(API_PATHS.selfService, selfServiceSchema, { signal });
}

export function getSelfServiceQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'self-service'],
    queryFn: ({ signal }) => getSelfService(signal),
    staleTime: Infinity,
    // Written into the page by the server (decision 0076): no call when it is there.
    initialData: () => pageConfiguration()?.selfService,
  });
}

/**
 * The self-service parameters, or undefined while they load. The button they drive is optional, so
 * the page does not wait for them.
 */
export function useSelfService(): SelfService | undefined {
  return useQuery(getSelfServiceQueryOptions()).data;
}
