import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, RenewalOverviewSchema, type RenewalOverview } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /pessoas/renovar: what can be renewed, what blocks every renewal, and the automatic-renewal setting. */
export function getRenewalOverview(signal?: AbortSignal): Promise<RenewalOverview> {
  return apiGet(API_PATHS.renewalOverview, RenewalOverviewSchema, { signal, auth: 'private' });
}

/** Query options of the renewal overview. */
export function getRenewalOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['circulation', 'renewal-overview'],
    queryFn: ({ signal }) => getRenewalOverview(signal),
    ...PRIVATE_QUERY,
  });
}

/** The patron's renewal overview. */
export function useRenewalOverview() {
  return useQuery(getRenewalOverviewQueryOptions());
}
