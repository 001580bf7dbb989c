import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRIVACY_PATHS, PrivacyOverviewSchema, type PrivacyOverview } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/**
 * The patron's own data is read afresh each time the screen opens and dropped as soon as no screen
 * shows it, so nothing of one account stays in memory for the next person at the computer.
 */
export const PRIVACY_QUERY = { staleTime: 0, gcTime: 0, meta: { patron: true } } as const;

/** GET /pessoas/meu-pergamum/privacidade: what is kept, the choices and the requests made. */
export function getPrivacy(signal?: AbortSignal): Promise<PrivacyOverview> {
  return apiGet(PRIVACY_PATHS.privacy, PrivacyOverviewSchema, { signal, auth: 'private' });
}

/** Query options of the privacy overview. */
export function getPrivacyQueryOptions() {
  return queryOptions({
    queryKey: ['privacy', 'overview'],
    queryFn: ({ signal }) => getPrivacy(signal),
    ...PRIVACY_QUERY,
  });
}

/** The patron's privacy overview. */
export function usePrivacy() {
  return useQuery(getPrivacyQueryOptions());
}
