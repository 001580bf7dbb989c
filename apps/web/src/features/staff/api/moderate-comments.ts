import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CommentDecisionSchema,
  PendingTitleCommentsSchema,
  STAFF_PATHS,
  type CommentDecision,
  type PendingTitleComments,
} from '@estante/contract';
import { apiGet, apiPost } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import { STAFF_QUERY_KEY } from './get-staff-self';

const QUEUE_KEY = [...STAFF_QUERY_KEY, 'comments'] as const;

/** GET /equipe/comentarios: the comments awaiting approval, oldest first. */
export function getPendingComments(signal?: AbortSignal): Promise<PendingTitleComments> {
  return apiGet(STAFF_PATHS.comments, PendingTitleCommentsSchema, { signal, auth: 'private' });
}

export function usePendingComments() {
  return useQuery(
    queryOptions({
      queryKey: QUEUE_KEY,
      queryFn: ({ signal }) => getPendingComments(signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** Approves a comment (no reason) or refuses it with one, then reads the queue again. */
export function useDecideComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }): Promise<CommentDecision> =>
      reason === null
        ? apiPost(STAFF_PATHS.commentApproval(id), CommentDecisionSchema, { auth: 'private' })
        : apiPost(STAFF_PATHS.commentRefusal(id), CommentDecisionSchema, {
            auth: 'private',
            body: { motivo: reason },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
    // The form kit shows a refusal in place (refusalOf), and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}
