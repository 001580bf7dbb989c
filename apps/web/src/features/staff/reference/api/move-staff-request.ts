import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STAFF_PATHS, StaffRequestSchema, type StaffRequest, type StaffRequestMove } from '@estante/contract';
import { apiPost } from '../../../../lib/api-client';
import { STAFF_REQUESTS_QUERY_KEY } from './get-staff-requests';

/** POST /equipe/solicitacoes/{id}/mover: the new status, the note and the answer the patron reads. */
export function moveStaffRequest(id: number, move: StaffRequestMove): Promise<StaffRequest> {
  return apiPost(STAFF_PATHS.requestMove(id), StaffRequestSchema, { auth: 'private', body: move });
}

/** Moves a request, then reads the queues again (a refusal too: someone else may have moved it). */
export function useMoveStaffRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move }: { id: number; move: StaffRequestMove }) => moveStaffRequest(id, move),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_REQUESTS_QUERY_KEY }),
    // The form kit shows a refusal in place (refusalOf), and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}
