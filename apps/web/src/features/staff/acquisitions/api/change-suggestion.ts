import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  STAFF_PATHS,
  StaffSuggestionSchema,
  type StaffSuggestion,
  type SuggestionMoveRequest,
  type SuggestionQuoteRequest,
} from '@estante/contract';
import { apiPost, apiPut } from '../../../../lib/api-client';
import { ACQUISITIONS_KEY } from './keys';

/** POST /equipe/aquisicoes/sugestoes/{id}/situacao, then reads the inbox, the suggestion and the orders again. */
export function useMoveSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SuggestionMoveRequest }): Promise<StaffSuggestion> =>
      apiPost(STAFF_PATHS.acquisitionSuggestionStatus(id), StaffSuggestionSchema, { auth: 'private', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACQUISITIONS_KEY }),
    // The form kit shows a refusal in place, and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}

/** PUT /equipe/aquisicoes/sugestoes/{id}/cotacao, then reads everything again. */
export function useQuoteSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SuggestionQuoteRequest }): Promise<StaffSuggestion> =>
      apiPut(STAFF_PATHS.acquisitionSuggestionQuote(id), StaffSuggestionSchema, { auth: 'private', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACQUISITIONS_KEY }),
    meta: { handledInPlace: true },
  });
}
