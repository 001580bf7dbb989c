import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, ListDetailSchema, type ListDetail } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import { LISTS_KEY } from './lists-key';

/** GET /acervo/listas/{id}: one of the patron's lists with its titles. */
export function getList(id: number, signal?: AbortSignal): Promise<ListDetail> {
  return apiGet(API_PATHS.list(id), ListDetailSchema, { signal, auth: 'private' });
}

/** Query options of one list. */
export function getListQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...LISTS_KEY, 'one', id],
    queryFn: ({ signal }) => getList(id, signal),
    ...PRIVATE_QUERY,
  });
}

/** One of the patron's lists. */
export function useList(id: number | null) {
  return useQuery({ ...getListQueryOptions(id ?? 0), enabled: id !== null });
}
