import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, LoanRequestInitialInfoSchema, type LoanRequestInitialInfo } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /solicitacao-emprestimo/{id}/informacoes-iniciais: what the loan request form offers. */
export function getLoanRequestInitialInfo(
  titleId: number,
  signal?: AbortSignal,
): Promise<LoanRequestInitialInfo> {
  return apiGet(API_PATHS.loanRequestInitialInfo(titleId), LoanRequestInitialInfoSchema, {
    signal,
    auth: 'private',
  });
}

export function getLoanRequestInitialInfoQueryOptions(titleId: number) {
  return queryOptions({
    queryKey: ['circulation', 'loan-request-form', titleId],
    queryFn: ({ signal }) => getLoanRequestInitialInfo(titleId, signal),
    ...PRIVATE_QUERY,
  });
}

export function useLoanRequestInitialInfo(titleId: number) {
  return useQuery(getLoanRequestInitialInfoQueryOptions(titleId));
}
