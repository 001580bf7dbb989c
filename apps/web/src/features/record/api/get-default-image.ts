import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type DefaultImage } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

// The schema loads with the call, not with the page (decision 0069).
const defaultImageSchema = () =>
  import('@estante/contract/schemas/institution').then((m) => m.DefaultImageSchema);

/** GET /consulta/imagem-padrao: the cover shown for titles without one. */
export function getDefaultImage(signal?: AbortSignal): Promise<DefaultImage> {
  return apiGet(API_PATHS.defaultImage, defaultImageSchema, { signal });
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
