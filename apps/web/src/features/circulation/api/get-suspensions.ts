import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, SuspensionsSchema, type Suspension } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /pessoas/afastamentos: the signed-in patron's suspensions, latest first. */
export function getSuspensions(signal?: AbortSignal): Promise<Suspension[]> {
  return apiGet(API_PATHS.suspensions, SuspensionsSchema, { signal, auth: 'private' });
}

/** Query options of the patron's suspensions. */
export function getSuspensionsQueryOptions() {
  return queryOptions({
    queryKey: ['circulation', 'suspensions'],
    queryFn: ({ signal }) => getSuspensions(signal),
    ...PRIVATE_QUERY,
  });
}

/** The patron's suspensions. */
export function useSuspensions() {
  return useQuery(getSuspensionsQueryOptions());
}
