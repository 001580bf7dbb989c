import { API_PATHS, HoldSchema, type Hold, type HoldRequest } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /reserva: places the hold and answers it, with its place in the queue. */
export function placeHold(request: HoldRequest): Promise<Hold> {
  return apiPost(API_PATHS.holds, HoldSchema, { body: request, auth: 'private' });
}
