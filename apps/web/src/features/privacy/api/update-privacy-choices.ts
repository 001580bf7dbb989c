import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_PATHS, PrivacyChoicesSchema, type PrivacyChoices } from '@estante/contract';
import { apiPut } from '../../../lib/api-client';
import { getPrivacyQueryOptions } from './get-privacy';

/** PUT /pessoas/meu-pergamum/privacidade/escolhas: saves the choices; answers them as saved. */
export function updatePrivacyChoices(choices: PrivacyChoices): Promise<PrivacyChoices> {
  return apiPut(PRIVACY_PATHS.privacyChoices, PrivacyChoicesSchema, { body: choices, auth: 'private' });
}

/** Saves the choices, then reads the overview again. */
export function useUpdatePrivacyChoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacyChoices,
    onSettled: () => queryClient.invalidateQueries(getPrivacyQueryOptions()),
  });
}
