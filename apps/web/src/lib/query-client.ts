import { MutationCache, notifyManager, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { handleApiError } from './error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** HTTP statuses the screen presents itself (a 404 record page), so no toast is shown for them. */
      silentStatuses?: readonly number[];
      /** Data of the signed-in patron: forgotten when the session ends or another patron signs in. */
      patron?: boolean;
    };
    mutationMeta: {
      /** The screen shows this call's failure itself (a form's refusal in place), so no toast either. */
      handledInPlace?: boolean;
    };
    defaultError: Error;
  }
}

function isSilenced(error: unknown, silentStatuses: readonly number[] | undefined): boolean {
  return error instanceof ApiError && error.status !== null && !!silentStatuses?.includes(error.status);
}

/** A query client whose failures go to the central error handler (STYLE "How errors flow" step 4). */
export function createQueryClient(
  onError: (error: unknown) => void = (error) => handleApiError(error),
): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isSilenced(error, query.meta?.silentStatuses)) onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handledInPlace) onError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        // A dropped connection may be brief: try once more. An answer from the server will not change.
        retry: (failureCount, error) =>
          error instanceof ApiError && error.kind === 'network' && failureCount < 1,
      },
    },
  });
}

const isPatronData = (query: Query): boolean => query.meta?.patron === true;

/**
 * Forgets every patron's query (meta.patron) and every mutation: a screen still showing one goes
 * back to loading, the others leave the cache, and a fetch under way is dropped. With `refetch` (a
 * new patron is signed in) the shown ones are fetched again, for that patron.
 */
export function forgetPatronData(client: QueryClient, { refetch = false } = {}): void {
  const cache = client.getQueryCache();
  notifyManager.batch(() => {
    for (const query of cache.findAll({ predicate: isPatronData })) {
      // reset() also cancels a fetch under way, so a late answer for the last patron is never kept.
      if (query.getObserversCount() > 0) query.reset();
      else cache.remove(query);
    }
  });
  // Mutations hold what the patron sent (renewals, requests, contact details).
  client.getMutationCache().clear();
  if (refetch) void client.refetchQueries({ predicate: isPatronData, type: 'active' });
}
