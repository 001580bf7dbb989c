import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type DefaultImage } from '@estante/contract';
import { apiGet, type ResponseSchema } from '../../../lib/api-client';
import { answerOf, record, text } from '../../../lib/answer-checks';
import { pageDefaultImage } from '../../../lib/page-configuration';

/**
 * DefaultImageSchema's check by hand: the default cover is asked for on the first screen, and
 * zod need not load for one address (decisions 0069, 0076).
 */
export const defaultImageAnswer: ResponseSchema<DefaultImage> = answerOf(record({ url: text }));

/** GET /consulta/imagem-padrao: the cover shown for titles without one. */
export function getDefaultImage(signal?: AbortSignal): Promise<DefaultImage> {
  return apiGet(API_PATHS.defaultImage, defaultImageAnswer, { signal });
}

export function getDefaultImageQueryOptions() {
  return queryOptions({
    queryKey: ['default-image'],
    queryFn: ({ signal }) => getDefaultImage(signal),
    staleTime: Infinity,
    // Written into the page by the server (decision 0077): no call when it is there and checks.
    initialData: () => {
      try {
        return defaultImageAnswer.parse(pageDefaultImage());
      } catch {
        return undefined;
      }
    },
  });
}

export function useDefaultImage() {
  return useQuery(getDefaultImageQueryOptions());
}
