import {
  DeskSettlementSchema,
  STAFF_PATHS,
  type DeskPaymentRequest,
  type DeskSettlement,
} from '@estante/contract';
import { apiPost } from '../../../../lib/api-client';
import { useDeskMutation } from './use-desk-mutation';

/** POST /equipe/balcao/pagamentos: a payment, oldest debt first. */
export function payDebts(body: DeskPaymentRequest): Promise<DeskSettlement> {
  return apiPost(STAFF_PATHS.deskPayments, DeskSettlementSchema, { auth: 'private', body });
}

export const usePayDebts = () => useDeskMutation(payDebts);
