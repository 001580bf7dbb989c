import { queryOptions, useQuery } from '@tanstack/react-query';
import { IDENTITY_PATHS, UserSessionSchema, type UserSession } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /pessoas: the signed-in patron's user data, permissions and bloqueio flag (SPEC §7 Auth). */
export function getUserSession(signal?: AbortSignal): Promise<UserSession> {
  return apiGet(IDENTITY_PATHS.session, UserSessionSchema, { signal, auth: 'private' });
}

/** Query options of GET /pessoas, keyed by the patron so another sign-in never sees the last one's data. */
export function getUserSessionQueryOptions(login: string) {
  return queryOptions({
    queryKey: ['identity', 'session', login],
    meta: { patron: true },
    queryFn: ({ signal }) => getUserSession(signal),
  });
}

/** The signed-in patron as the server sees them now. */
export function useUserSession(login: string) {
  return useQuery(getUserSessionQueryOptions(login));
}
