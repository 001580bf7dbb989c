import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, DebtsSchema, type Debt } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /emprestimo/debitos-pendentes: the signed-in patron's debts not settled yet. */
export function getDebts(signal?: AbortSignal): Promise<Debt[]> {
  return apiGet(API_PATHS.pendingDebts, DebtsSchema, { signal, auth: 'private' });
}

/** Query options of the patron's pending debts. */
export function getDebtsQueryOptions() {
  return queryOptions({
    queryKey: ['circulation', 'debts'],
    queryFn: ({ signal }) => getDebts(signal),
    ...PRIVATE_QUERY,
  });
}

/** The patron's pending debts. */
export function useDebts() {
  return useQuery(getDebtsQueryOptions());
}
