import { STAFF_PATRON_ERROR } from '@estante/contract';
import { ERRORS } from '../../lib/errors.ts';

/** Refusals of the patrons part of the staff workspace (422s carry a translation key). */
export const PATRON_ERRORS = {
  reasonRequired: () =>
    ERRORS.rule(STAFF_PATRON_ERROR.REASON_REQUIRED.code, STAFF_PATRON_ERROR.REASON_REQUIRED.key),
  alreadyBlocked: () =>
    ERRORS.rule(STAFF_PATRON_ERROR.ALREADY_BLOCKED.code, STAFF_PATRON_ERROR.ALREADY_BLOCKED.key),
  notBlocked: () => ERRORS.rule(STAFF_PATRON_ERROR.NOT_BLOCKED.code, STAFF_PATRON_ERROR.NOT_BLOCKED.key),
  importHeader: () =>
    ERRORS.rule(STAFF_PATRON_ERROR.IMPORT_HEADER.code, STAFF_PATRON_ERROR.IMPORT_HEADER.key),
};
