import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, LoanTokenSchema, type LoanToken } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';
import { getLoanTokenQueryOptions } from './get-loan-token';

/** POST /emprestimo/token: a new loan token, which replaces the old one. */
export function createLoanToken(): Promise<LoanToken> {
  return apiPost(API_PATHS.loanToken, LoanTokenSchema, { auth: 'private' });
}

/** The "new token" call: the screen shows the answered token at once. */
export function useCreateLoanToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLoanToken,
    onSuccess: (token) => queryClient.setQueryData(getLoanTokenQueryOptions().queryKey, token),
  });
}
