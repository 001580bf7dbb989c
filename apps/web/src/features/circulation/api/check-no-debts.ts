import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, NoDebtsCheckSchema, type NoDebtsCheck } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /unidade-informacao/nada-consta/verifica: whether the declaration can be issued now, and why not. */
export function checkNoDebts(signal?: AbortSignal): Promise<NoDebtsCheck> {
  return apiGet(API_PATHS.noDebtsCheck, NoDebtsCheckSchema, { signal, auth: 'private' });
}

/** Query options of the no-debts check. */
export function getNoDebtsCheckQueryOptions() {
  return queryOptions({
    queryKey: ['circulation', 'no-debts'],
    queryFn: ({ signal }) => checkNoDebts(signal),
    ...PRIVATE_QUERY,
  });
}

/** Whether the patron can have the no-debts declaration now. */
export function useNoDebtsCheck() {
  return useQuery(getNoDebtsCheckQueryOptions());
}
