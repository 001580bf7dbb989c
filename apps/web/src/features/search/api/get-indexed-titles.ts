import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  IndexedTitlesResponseSchema,
  type IndexedTitlesResponse,
  type IndexType,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** What titles to list: those under an index entry, or every title of an authority. */
export type IndexedTitlesSource =
  | { kind: 'entry'; type: IndexType; key: string; authorityId: number | null }
  | { kind: 'authority'; authorityId: number };

/** GET /consulta/acervos-indexados: one page of the titles under an index entry or an authority. */
export function getIndexedTitles(
  source: IndexedTitlesSource,
  page: number,
  signal?: AbortSignal,
): Promise<IndexedTitlesResponse> {
  const query =
    source.kind === 'entry'
      ? { tipo: source.type, chave: source.key, cod_autoridade: source.authorityId, paginaAtiva: page }
      : { cod_autoridade: source.authorityId, paginaAtiva: page };
  return apiGet(API_PATHS.indexedTitles, IndexedTitlesResponseSchema, { signal, query });
}

export function getIndexedTitlesQueryOptions(source: IndexedTitlesSource, page: number) {
  return queryOptions({
    queryKey: ['search', 'indexed-titles', source, page],
    queryFn: ({ signal }) => getIndexedTitles(source, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useIndexedTitles(source: IndexedTitlesSource, page: number) {
  return useQuery(getIndexedTitlesQueryOptions(source, page));
}
