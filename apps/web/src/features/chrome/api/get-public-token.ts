import { queryOptions } from '@tanstack/react-query';
import { ensurePublicToken, hasPublicToken } from '../../../lib/api-client';

/** The visitor's public client-credentials token (SPEC §6), fetched before the configuration calls. */
export function getPublicTokenQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'public-token'],
    queryFn: async () => {
      await ensurePublicToken();
      // The token itself stays in the client; the query only records that one is at hand.
      return true;
    },
    staleTime: Infinity,
    // A token at hand (stored, or written into the page, decision 0076) needs no call.
    initialData: () => (hasPublicToken() ? true : undefined),
  });
}
