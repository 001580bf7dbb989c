import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, LoanTokenSchema, type LoanToken } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /emprestimo/token: the patron's self-service loan token and its validity. */
export function getLoanToken(signal?: AbortSignal): Promise<LoanToken> {
  return apiGet(API_PATHS.loanToken, LoanTokenSchema, { signal, auth: 'private' });
}

/** Query options of the loan token. */
export function getLoanTokenQueryOptions() {
  return queryOptions({
    queryKey: ['circulation', 'loan-token'],
    queryFn: ({ signal }) => getLoanToken(signal),
    ...PRIVATE_QUERY,
  });
}

/** The patron's loan token. */
export function useLoanToken() {
  return useQuery(getLoanTokenQueryOptions());
}
