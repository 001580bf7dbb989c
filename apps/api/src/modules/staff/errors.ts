import { STAFF_ERROR } from '@estante/contract';
import { ERRORS, type AppError } from '../../lib/errors.ts';
import type { RoleChangeRefusal } from './repository.ts';

/** Refusals of the staff calls (STYLE "How errors flow"): 422s carry a translation key. */
export const STAFF_ERRORS: Record<RoleChangeRefusal, () => AppError> = {
  UNKNOWN_LOGIN: () => ERRORS.rule(STAFF_ERROR.UNKNOWN_LOGIN.code, STAFF_ERROR.UNKNOWN_LOGIN.key),
  LAST_ADMINISTRATOR: () =>
    ERRORS.rule(STAFF_ERROR.LAST_ADMINISTRATOR.code, STAFF_ERROR.LAST_ADMINISTRATOR.key),
};
