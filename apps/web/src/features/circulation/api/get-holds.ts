import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, HoldsSchema, type Hold } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** Query key of everything about the patron's holds; invalidating it refreshes the list and the history. */
export const HOLDS_QUERY_KEY = ['circulation', 'holds'] as const;

/** GET /reserva: holds in the queue (with the place) or waiting at the desk (with the deadline). */
export function getHolds(signal?: AbortSignal): Promise<Hold[]> {
  return apiGet(API_PATHS.holds, HoldsSchema, { signal, auth: 'private' });
}

export function getHoldsQueryOptions() {
  return queryOptions({
    queryKey: [...HOLDS_QUERY_KEY, 'open'],
    queryFn: ({ signal }) => getHolds(signal),
    ...PRIVATE_QUERY,
  });
}

export function useHolds() {
  return useQuery(getHoldsQueryOptions());
}
