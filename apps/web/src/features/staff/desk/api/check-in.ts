import { DeskReturnSchema, STAFF_PATHS, type DeskCheckinRequest, type DeskReturn } from '@estante/contract';
import { apiPost } from '../../../../lib/api-client';
import { useDeskMutation } from './use-desk-mutation';

/** POST /equipe/balcao/devolucoes: takes the scanned copy back. */
export function checkIn(body: DeskCheckinRequest): Promise<DeskReturn> {
  return apiPost(STAFF_PATHS.deskCheckins, DeskReturnSchema, { auth: 'private', body });
}

export const useCheckIn = () => useDeskMutation(checkIn);
