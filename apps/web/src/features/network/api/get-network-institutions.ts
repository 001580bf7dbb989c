import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, NetworkInstitutionsResponseSchema, type NetworkInstitutions } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /rede-pergamum/oai/instituicoes: the institutions of the library network with their record counts. */
export function getNetworkInstitutions(signal?: AbortSignal): Promise<NetworkInstitutions> {
  return apiGet(API_PATHS.networkInstitutions, NetworkInstitutionsResponseSchema, { signal });
}

export function getNetworkInstitutionsQueryOptions() {
  return queryOptions({
    queryKey: ['network', 'institutions'],
    queryFn: ({ signal }) => getNetworkInstitutions(signal),
    staleTime: 10 * 60_000,
  });
}

export function useNetworkInstitutions() {
  return useQuery(getNetworkInstitutionsQueryOptions());
}
