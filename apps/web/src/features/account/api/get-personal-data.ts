import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_PATHS, PersonalDataSchema, type PersonalData } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/**
 * The patron's own data is read afresh each time the screen opens and dropped once no screen shows
 * it; marked as the patron's, so signing out drops it at once (as circulation's PRIVATE_QUERY).
 */
export const ACCOUNT_QUERY = { staleTime: 0, gcTime: 0, meta: { patron: true } } as const;

/** GET /pessoas/meu-pergamum/dados-pessoais: the data, which fields may change, the registration. */
export function getPersonalData(signal?: AbortSignal): Promise<PersonalData> {
  return apiGet(ACCOUNT_PATHS.personalData, PersonalDataSchema, { signal, auth: 'private' });
}

export function getPersonalDataQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'personal-data'],
    queryFn: ({ signal }) => getPersonalData(signal),
    ...ACCOUNT_QUERY,
  });
}

/** The patron's personal data. */
export function usePersonalData() {
  return useQuery(getPersonalDataQueryOptions());
}
