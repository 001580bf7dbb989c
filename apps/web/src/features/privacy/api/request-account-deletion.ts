import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PRIVACY_PATHS,
  PrivacyRequestSchema,
  type PrivacyRequest,
  type PrivacyRequestBody,
} from '@estante/contract';
import { apiPost } from '../../../lib/api-client';
import { getPrivacyQueryOptions } from './get-privacy';

/**
 * POST /pessoas/meu-pergamum/privacidade/pedido: asks to delete or anonymise the account; answers
 * the request recorded, open or refused at once with what blocks it.
 */
export function requestAccountDeletion(body: PrivacyRequestBody): Promise<PrivacyRequest> {
  return apiPost(PRIVACY_PATHS.privacyRequest, PrivacyRequestSchema, { body, auth: 'private' });
}

/** Sends the request, then reads the overview (and its list of requests) again. */
export function useRequestAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAccountDeletion,
    onSuccess: () => queryClient.invalidateQueries(getPrivacyQueryOptions()),
  });
}
