import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AnonymisedHistorySchema, PRIVACY_PATHS, type AnonymisedHistory } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';
import { getPrivacyQueryOptions } from './get-privacy';

/** POST /pessoas/meu-pergamum/privacidade/anonimizar-historico: anonymises every returned loan now. */
export function anonymiseLoanHistory(): Promise<AnonymisedHistory> {
  return apiPost(PRIVACY_PATHS.privacyAnonymiseHistory, AnonymisedHistorySchema, { auth: 'private' });
}

/** Anonymises the history, then reads the overview again. */
export function useAnonymiseLoanHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anonymiseLoanHistory,
    onSettled: () => queryClient.invalidateQueries(getPrivacyQueryOptions()),
  });
}
