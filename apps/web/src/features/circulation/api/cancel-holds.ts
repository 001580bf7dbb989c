import { API_PATHS, CancelHoldsResultSchema, type CancelHoldsResult } from '@estante/contract';
import { apiDelete } from '../../../lib/api-client';

/** DELETE /reserva with the holds to cancel in the body; each hold answers for itself. */
export function cancelHolds(holdIds: readonly number[]): Promise<CancelHoldsResult> {
  return apiDelete(API_PATHS.holds, CancelHoldsResultSchema, {
    body: { reservas: holdIds },
    auth: 'private',
  });
}
