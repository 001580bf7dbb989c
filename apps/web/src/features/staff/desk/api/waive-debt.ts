import {
  DeskSettlementSchema,
  STAFF_PATHS,
  type DeskSettlement,
  type DeskWaiverRequest,
} from '@estante/contract';
import { apiPost } from '../../../../lib/api-client';
import { useDeskMutation } from './use-desk-mutation';

/** POST /equipe/balcao/abonos: waives what is left of one debt, with a reason. */
export function waiveDebt(body: DeskWaiverRequest): Promise<DeskSettlement> {
  return apiPost(STAFF_PATHS.deskWaivers, DeskSettlementSchema, { auth: 'private', body });
}

export const useWaiveDebt = () => useDeskMutation(waiveDebt);
