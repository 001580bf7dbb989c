import { queryOptions, useQuery } from '@tanstack/react-query';
import { IDENTITY_PATHS, LoggedInEmailSchema } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /pessoas/email-pessoa-logada: the signed-in patron's e-mail address, null when none is on record. */
export async function getPatronEmail(signal?: AbortSignal): Promise<string | null> {
  return (await apiGet(IDENTITY_PATHS.loggedInEmail, LoggedInEmailSchema, { signal, auth: 'private' })).email;
}

/** Query options of the patron's e-mail address. */
export function getPatronEmailQueryOptions() {
  return queryOptions({
    queryKey: ['circulation', 'patron-email'],
    queryFn: ({ signal }) => getPatronEmail(signal),
    ...PRIVATE_QUERY,
  });
}

/** The signed-in patron's e-mail address (to fill in the send-by-e-mail form). */
export function usePatronEmail() {
  return useQuery(getPatronEmailQueryOptions());
}
