import { queryOptions, useQuery } from '@tanstack/react-query';
import { NetworkSourcesSchema, STAFF_PATHS, type NetworkSources } from '@estante/contract';
import { apiGet } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

/** GET /equipe/catalogo/rede-fontes: the OAI-PMH repositories harvested into the network tab. */
export function getNetworkSources(signal?: AbortSignal): Promise<NetworkSources> {
  return apiGet(STAFF_PATHS.networkSources, NetworkSourcesSchema, { signal, auth: 'private' });
}

export function useNetworkSources() {
  return useQuery(
    queryOptions({
      queryKey: [...STAFF_QUERY_KEY, 'network-sources'] as const,
      queryFn: ({ signal }) => getNetworkSources(signal),
      ...PRIVATE_QUERY,
    }),
  );
}
