import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_PATHS, PersonalDataSchema, type PersonalData } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /pessoas/meu-pergamum/dados-pessoais: the data, which fields may change, the registration. */
export function getPersonalData(signal?: AbortSignal): Promise<PersonalData> {
  return apiGet(ACCOUNT_PATHS.personalData, PersonalDataSchema, { signal, auth: 'private' });
}

export function getPersonalDataQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'personal-data'],
    queryFn: ({ signal }) => getPersonalData(signal),
    ...PRIVATE_QUERY,
  });
}

/** The patron's personal data. */
export function usePersonalData() {
  return useQuery(getPersonalDataQueryOptions());
}
