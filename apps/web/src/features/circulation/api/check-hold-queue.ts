import { API_PATHS, HoldQueueCheckSchema, type HoldRequest } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /reserva/validar-fila: the place in the queue the hold would take (a refusal is a 422). */
export async function checkHoldQueue(request: HoldRequest): Promise<number> {
  const answer = await apiPost(API_PATHS.holdQueueCheck, HoldQueueCheckSchema, {
    body: request,
    auth: 'private',
  });
  return answer.posicao_fila;
}
