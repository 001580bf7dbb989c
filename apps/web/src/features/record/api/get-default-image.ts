import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, DefaultImageSchema, type DefaultImage } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /consulta/imagem-padrao: the cover shown for titles without one. */
export function getDefaultImage(signal?: AbortSignal): Promise<DefaultImage> {
  return apiGet(API_PATHS.defaultImage, DefaultImageSchema, { signal });
}

export function getDefaultImageQueryOptions() {
  return queryOptions({
    queryKey: ['default-image'],
    queryFn: ({ signal }) => getDefaultImage(signal),
    staleTime: Infinity,
  });
}

export function useDefaultImage() {
  return useQuery(getDefaultImageQueryOptions());
}
