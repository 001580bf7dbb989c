import {
  DeskSuspensionSchema,
  STAFF_PATHS,
  type DeskSuspension,
  type DeskSuspensionRequest,
} from '@estante/contract';
import { apiPost } from '../../../../lib/api-client';
import { useDeskMutation } from './use-desk-mutation';

/** POST /equipe/balcao/suspensoes: suspends the patron for some days. */
export function suspendPatron(body: DeskSuspensionRequest): Promise<DeskSuspension> {
  return apiPost(STAFF_PATHS.deskSuspensions, DeskSuspensionSchema, { auth: 'private', body });
}

export const useSuspendPatron = () => useDeskMutation(suspendPatron);
