import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, LoanHistorySchema, type LoanHistoryEntry } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** What the loan history asks for: a range of library days (null: the server's default) and whether only fined loans. */
export interface LoanHistoryQuery {
  from: string | null;
  to: string | null;
  finedOnly: boolean;
}

/** GET /emprestimo/historico?dataIni&dataFim&multa: the loans made between two days. */
export function getLoanHistory(query: LoanHistoryQuery, signal?: AbortSignal): Promise<LoanHistoryEntry[]> {
  return apiGet(API_PATHS.loanHistory, LoanHistorySchema, {
    signal,
    auth: 'private',
    query: { dataIni: query.from, dataFim: query.to, multa: query.finedOnly ? 'S' : null },
  });
}

/** Query options of one history search. */
export function getLoanHistoryQueryOptions(query: LoanHistoryQuery) {
  return queryOptions({
    queryKey: ['circulation', 'loan-history', query],
    queryFn: ({ signal }) => getLoanHistory(query, signal),
    ...PRIVATE_QUERY,
  });
}

/** The loans of a history search; the last answer stays on screen while the next one loads. */
export function useLoanHistory(query: LoanHistoryQuery) {
  return useQuery({ ...getLoanHistoryQueryOptions(query), placeholderData: keepPreviousData });
}
