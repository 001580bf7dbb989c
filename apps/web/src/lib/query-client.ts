import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { handleApiError } from './error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** HTTP statuses the screen presents itself (a 404 record page), so no toast is shown for them. */
      silentStatuses?: readonly number[];
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
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
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
