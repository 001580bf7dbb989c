import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type ImageLink } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { titleImagesAnswer } from './search-answers';

/** GET /vinculos/imagem: the cover and other image links of a title, at most `limit`. */
export function getTitleImages(id: number, limit: number, signal?: AbortSignal): Promise<ImageLink[]> {
  return apiGet(API_PATHS.titleImages, titleImagesAnswer, {
    signal,
    query: { cod_acervo: id, limite: limit },
  });
}

export function getTitleImagesQueryOptions(id: number, limit: number) {
  return queryOptions({
    queryKey: ['titles', id, 'images', limit],
    queryFn: ({ signal }) => getTitleImages(id, limit, signal),
    meta: { silentStatuses: [400, 404, 500] },
  });
}

/** The first image of a title, asked for only when `enabled` (a result line that knows it has one). */
export function useTitleImage(id: number, enabled: boolean) {
  const query = useQuery({ ...getTitleImagesQueryOptions(id, 1), enabled });
  return query.data?.[0] ?? null;
}
