import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, LoanRequestsSchema, type LoanRequest, type LoanRequestState } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import type { DateRange } from '../../../components/form/date-range';

/** The loan requests query: a date range and, optionally, one state. */
export interface LoanRequestsFilter extends DateRange {
  status: LoanRequestState | null;
}

/** Query key of everything about the patron's loan requests. */
export const LOAN_REQUESTS_QUERY_KEY = ['circulation', 'requests'] as const;

/** GET /solicitacao-emprestimo (dataIni, dataFim, status). */
export function getLoanRequests(filter: LoanRequestsFilter, signal?: AbortSignal): Promise<LoanRequest[]> {
  return apiGet(API_PATHS.loanRequests, LoanRequestsSchema, {
    signal,
    auth: 'private',
    query: { dataIni: filter.from, dataFim: filter.to, status: filter.status },
  });
}

export function getLoanRequestsQueryOptions(filter: LoanRequestsFilter) {
  return queryOptions({
    queryKey: [...LOAN_REQUESTS_QUERY_KEY, 'list', filter],
    queryFn: ({ signal }) => getLoanRequests(filter, signal),
    placeholderData: keepPreviousData,
    ...PRIVATE_QUERY,
  });
}

export function useLoanRequests(filter: LoanRequestsFilter) {
  return useQuery(getLoanRequestsQueryOptions(filter));
}
