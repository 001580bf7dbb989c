import { DeskLoanSchema, STAFF_PATHS, type DeskCheckoutRequest, type DeskLoan } from '@estante/contract';
import { apiPost } from '../../../../lib/api-client';
import { useDeskMutation } from './use-desk-mutation';

/** POST /equipe/balcao/emprestimos: lends the scanned copy to the patron. */
export function checkOut(body: DeskCheckoutRequest): Promise<DeskLoan> {
  return apiPost(STAFF_PATHS.deskCheckouts, DeskLoanSchema, { auth: 'private', body });
}

export const useCheckOut = () => useDeskMutation(checkOut);
