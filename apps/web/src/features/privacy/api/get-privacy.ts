import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRIVACY_PATHS, PrivacyOverviewSchema, type PrivacyOverview } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /pessoas/meu-pergamum/privacidade: what is kept, the choices and the requests made. */
export function getPrivacy(signal?: AbortSignal): Promise<PrivacyOverview> {
  return apiGet(PRIVACY_PATHS.privacy, PrivacyOverviewSchema, { signal, auth: 'private' });
}

/** Query options of the privacy overview. */
export function getPrivacyQueryOptions() {
  return queryOptions({
    queryKey: ['privacy', 'overview'],
    queryFn: ({ signal }) => getPrivacy(signal),
    ...PRIVATE_QUERY,
  });
}

/** The patron's privacy overview. */
export function usePrivacy() {
  return useQuery(getPrivacyQueryOptions());
}
