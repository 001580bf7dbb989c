import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, NetworkRecordSchema, type NetworkRecord } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /rede-pergamum/acervo/{id}: one record of another institution of the library network. */
export function getNetworkRecord(id: number, signal?: AbortSignal): Promise<NetworkRecord> {
  return apiGet(API_PATHS.networkRecord(id), NetworkRecordSchema, { signal });
}

export function getNetworkRecordQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['network', 'records', id],
    queryFn: ({ signal }) => getNetworkRecord(id, signal),
    // The dialog shows its own "not found" message.
    meta: { silentStatuses: [404] },
    staleTime: 5 * 60_000,
  });
}

/** The network record shown in the dialog; nothing is fetched while no record is open. */
export function useNetworkRecord(id: number | null) {
  return useQuery({ ...getNetworkRecordQueryOptions(id ?? 0), enabled: id !== null });
}
