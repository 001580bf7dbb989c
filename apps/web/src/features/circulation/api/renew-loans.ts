import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, RenewResultSchema, type RenewResult } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';
import { getPendingTitlesQueryOptions } from './get-pending-titles';
import { getRenewalOverviewQueryOptions } from './get-renewal-overview';

/** POST /emprestimo/renovacao: renews the loans; each answers for itself (renewed, or why not). */
export function renewLoans(loanIds: readonly number[]): Promise<RenewResult> {
  return apiPost(API_PATHS.renewal, RenewResultSchema, {
    body: { emprestimos: loanIds },
    auth: 'private',
  });
}

/** The renewal, reading the loans again afterwards (new due dates, renewals spent). */
export function useRenewLoans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewLoans,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries(getPendingTitlesQueryOptions()),
        queryClient.invalidateQueries(getRenewalOverviewQueryOptions()),
      ]),
  });
}
