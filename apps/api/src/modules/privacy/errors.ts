import { PRIVACY_ERROR } from '@estante/contract';
import { ERRORS } from '../../lib/errors.ts';

/** Refusals of the privacy calls (422, the message a translation key). */
export const PRIVACY_ERRORS = {
  /** One open request to delete or anonymise the account at a time. */
  requestOpen: () => ERRORS.rule(PRIVACY_ERROR.REQUEST_OPEN.code, PRIVACY_ERROR.REQUEST_OPEN.key),
};
