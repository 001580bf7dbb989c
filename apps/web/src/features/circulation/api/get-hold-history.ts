import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, HoldsSchema, type Hold } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import type { DateRange } from '../../../components/form/date-range';
import { HOLDS_QUERY_KEY } from './get-holds';

/** GET /reserva/historico (dataIni, dataFim): every hold placed between two days. */
export function getHoldHistory(range: DateRange, signal?: AbortSignal): Promise<Hold[]> {
  return apiGet(API_PATHS.holdHistory, HoldsSchema, {
    signal,
    auth: 'private',
    query: { dataIni: range.from, dataFim: range.to },
  });
}

export function getHoldHistoryQueryOptions(range: DateRange) {
  return queryOptions({
    queryKey: [...HOLDS_QUERY_KEY, 'history', range],
    queryFn: ({ signal }) => getHoldHistory(range, signal),
    placeholderData: keepPreviousData,
    ...PRIVATE_QUERY,
  });
}

export function useHoldHistory(range: DateRange) {
  return useQuery(getHoldHistoryQueryOptions(range));
}
