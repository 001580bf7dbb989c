import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_PATHS,
  PersonalDataSchema,
  RegistrationRenewalSchema,
  type PersonalData,
  type PersonalDataUpdate,
  type RegistrationRenewal,
} from '@estante/contract';
import { apiPost, apiPut } from '../../../lib/api-client';
import { getPersonalDataQueryOptions } from './get-personal-data';

/** PUT /pessoas/meu-pergamum/dados-pessoais: the changed fields; answers the data as stored. */
export function updatePersonalData(changes: PersonalDataUpdate): Promise<PersonalData> {
  return apiPut(ACCOUNT_PATHS.personalData, PersonalDataSchema, { body: changes, auth: 'private' });
}

/** Saving shows the answered data at once. */
export function useUpdatePersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonalData,
    onSuccess: (data) => queryClient.setQueryData(getPersonalDataQueryOptions().queryKey, data),
  });
}

/** POST /pessoas/renovar {confirmo}: renews the registration for a year; answers the new last day. */
export function renewRegistration(): Promise<RegistrationRenewal> {
  return apiPost(ACCOUNT_PATHS.registrationRenewal, RegistrationRenewalSchema, {
    body: { confirmo: true },
    auth: 'private',
  });
}

/** The renewal's call; the data is read again afterwards. */
export function useRenewRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRegistration,
    onSettled: () => queryClient.invalidateQueries(getPersonalDataQueryOptions()),
  });
}
