import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type OrderingOption } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { orderingsAnswer } from './search-answers';

/** GET /consulta/ordenacao: the result orderings on offer (labels are translation keys). */
export function getOrderings(signal?: AbortSignal): Promise<OrderingOption[]> {
  return apiGet(API_PATHS.orderings, orderingsAnswer, { signal });
}

export function getOrderingsQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'orderings'],
    queryFn: ({ signal }) => getOrderings(signal),
    staleTime: Infinity,
  });
}

/** The orderings; fetched only once a result list needs them. */
export function useOrderings(enabled = true) {
  return useQuery({ ...getOrderingsQueryOptions(), enabled });
}
