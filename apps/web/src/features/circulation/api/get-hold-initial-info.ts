import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, HoldInitialInfoSchema, type HoldInitialInfo } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /reserva/{id}/informacoes-iniciais: what the hold form offers, and whether a hold is possible now. */
export function getHoldInitialInfo(titleId: number, signal?: AbortSignal): Promise<HoldInitialInfo> {
  return apiGet(API_PATHS.holdInitialInfo(titleId), HoldInitialInfoSchema, { signal, auth: 'private' });
}

export function getHoldInitialInfoQueryOptions(titleId: number) {
  return queryOptions({
    queryKey: ['circulation', 'hold-form', titleId],
    queryFn: ({ signal }) => getHoldInitialInfo(titleId, signal),
    ...PRIVATE_QUERY,
  });
}

export function useHoldInitialInfo(titleId: number) {
  return useQuery(getHoldInitialInfoQueryOptions(titleId));
}
