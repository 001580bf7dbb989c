import { queryOptions, useQuery } from '@tanstack/react-query';
import { IDENTITY_PATHS, LoggedInEmailSchema } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /pessoas/email-pessoa-logada: the address a request's contact e-mail starts with, null when none. */
export async function getContactEmail(signal?: AbortSignal): Promise<string | null> {
  return (await apiGet(IDENTITY_PATHS.loggedInEmail, LoggedInEmailSchema, { signal, auth: 'private' })).email;
}

export function getContactEmailQueryOptions() {
  return queryOptions({
    queryKey: ['library-requests', 'contact-email'],
    queryFn: ({ signal }) => getContactEmail(signal),
    ...PRIVATE_QUERY,
  });
}

/** The signed-in patron's e-mail, to fill in the contact field. */
export function useContactEmail() {
  return useQuery(getContactEmailQueryOptions());
}
