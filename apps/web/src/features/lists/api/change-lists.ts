import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  ListDetailSchema,
  ListsSchema,
  type CreateList,
  type ListDetail,
  type Lists,
  type UpdateList,
} from '@estante/contract';
import { apiDelete, apiPost, apiPut } from '../../../lib/api-client';
import { getListQueryOptions } from './get-list';
import { getListsQueryOptions } from './get-lists';
import { LISTS_KEY } from './lists-key';

/** POST /acervo/listas {nome}: a new named list. */
export function createList(body: CreateList): Promise<ListDetail> {
  return apiPost(API_PATHS.lists, ListDetailSchema, { body, auth: 'private' });
}

/** PUT /acervo/listas/{id}: rename, share by link, or stop sharing. */
export function updateList(id: number, body: UpdateList): Promise<ListDetail> {
  return apiPut(API_PATHS.list(id), ListDetailSchema, { body, auth: 'private' });
}

/** DELETE /acervo/listas/{id}: answers the lists left. */
export function deleteList(id: number): Promise<Lists> {
  return apiDelete(API_PATHS.list(id), ListsSchema, { auth: 'private' });
}

/** POST /acervo/listas/{id}/acervos {acervos}. */
export function addToList(id: number, titleIds: readonly number[]): Promise<ListDetail> {
  return apiPost(API_PATHS.listTitles(id), ListDetailSchema, {
    body: { acervos: [...titleIds] },
    auth: 'private',
  });
}

/** DELETE /acervo/listas/{id}/acervos/{acervo}. */
export function removeFromList(id: number, titleId: number): Promise<ListDetail> {
  return apiDelete(API_PATHS.listTitle(id, titleId), ListDetailSchema, { auth: 'private' });
}

/** After a change: the answered list is shown at once and the overview (counts, names) is read again. */
function useSettle() {
  const queryClient = useQueryClient();
  return (list?: ListDetail) => {
    if (list) queryClient.setQueryData(getListQueryOptions(list.codigo).queryKey, list);
    // The overview's counts and the permanent basket's period view are read again.
    return queryClient.invalidateQueries({
      queryKey: LISTS_KEY,
      predicate: (query) => !list || query.queryKey[2] !== list.codigo,
    });
  };
}

/** Makes a list. */
export function useCreateList() {
  const settle = useSettle();
  return useMutation({ mutationFn: createList, onSuccess: (list) => settle(list) });
}

/** Renames or shares a list. */
export function useUpdateList() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateList }) => updateList(id, body),
    onSuccess: (list) => settle(list),
  });
}

/** Deletes a list. */
export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    onSuccess: (lists) => {
      queryClient.setQueryData(getListsQueryOptions().queryKey, lists);
      return queryClient.invalidateQueries({ queryKey: LISTS_KEY });
    },
  });
}

/** Adds titles to a list. */
export function useAddToList() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, titleIds }: { id: number; titleIds: readonly number[] }) => addToList(id, titleIds),
    onSuccess: (list) => settle(list),
  });
}

/** Takes a title out of a list. */
export function useRemoveFromList() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, titleId }: { id: number; titleId: number }) => removeFromList(id, titleId),
    onSuccess: (list) => settle(list),
  });
}
