import {
  DeskRenewResultSchema,
  STAFF_PATHS,
  type DeskRenewRequest,
  type DeskRenewResult,
} from '@estante/contract';
import { apiPost } from '../../../../lib/api-client';
import { useDeskMutation } from './use-desk-mutation';

/** POST /equipe/balcao/renovacoes: renews the patron's loans named; each answers for itself. */
export function renewDeskLoans(body: DeskRenewRequest): Promise<DeskRenewResult> {
  return apiPost(STAFF_PATHS.deskRenewals, DeskRenewResultSchema, { auth: 'private', body });
}

export const useRenewDeskLoans = () => useDeskMutation(renewDeskLoans);
