import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, OwnTitleCommentsSchema, type OwnTitleComment } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { COMMENTS_QUERY_KEY } from './get-title-comments';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /comentarios/usuario/acervos: the signed-in patron's comments on every title, newest first. */
export function getOwnComments(signal?: AbortSignal): Promise<OwnTitleComment[]> {
  return apiGet(API_PATHS.ownComments, OwnTitleCommentsSchema, { signal, auth: 'private' });
}

/** GET /comentarios/usuario/acervo/{id}: the signed-in patron's comments on one title. */
export function getOwnTitleComments(titleId: number, signal?: AbortSignal): Promise<OwnTitleComment[]> {
  return apiGet(API_PATHS.ownTitleComments(titleId), OwnTitleCommentsSchema, { signal, auth: 'private' });
}

export function getOwnCommentsQueryOptions() {
  return queryOptions({
    queryKey: [...COMMENTS_QUERY_KEY, 'own'],
    queryFn: ({ signal }) => getOwnComments(signal),
    ...PRIVATE_QUERY,
  });
}

export function getOwnTitleCommentsQueryOptions(titleId: number) {
  return queryOptions({
    queryKey: [...COMMENTS_QUERY_KEY, 'own', titleId],
    queryFn: ({ signal }) => getOwnTitleComments(titleId, signal),
    ...PRIVATE_QUERY,
  });
}

export function useOwnComments() {
  return useQuery(getOwnCommentsQueryOptions());
}

/** The patron's comments on one title; not asked for while nobody is signed in. */
export function useOwnTitleComments(titleId: number, isSignedIn: boolean) {
  return useQuery({ ...getOwnTitleCommentsQueryOptions(titleId), enabled: isSignedIn });
}
