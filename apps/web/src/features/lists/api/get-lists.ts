import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, ListsSchema, type Lists } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import { LISTS_KEY } from './lists-key';

/** GET /acervo/listas: the patron's lists, the permanent basket first. */
export function getLists(signal?: AbortSignal): Promise<Lists> {
  return apiGet(API_PATHS.lists, ListsSchema, { signal, auth: 'private' });
}

/** Query options of the patron's lists. */
export function getListsQueryOptions() {
  return queryOptions({
    queryKey: [...LISTS_KEY, 'all'],
    queryFn: ({ signal }) => getLists(signal),
    ...PRIVATE_QUERY,
  });
}

/** The patron's lists (only when `enabled`, i.e. signed in). */
export function useLists(enabled = true) {
  return useQuery({ ...getListsQueryOptions(), enabled });
}
