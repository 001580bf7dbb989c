import { FEEDBACK_ERRORS } from '@estante/contract';
import { ERRORS, type AppError } from '../../lib/errors.ts';

/** Refusals of the institution module (STYLE "How errors flow"): 422s carry a translation key. */
export const INSTITUTION_ERRORS = {
  /** SPEC §8: the patron has sent as many comments as the institution allows in a day. */
  commentLimitExceeded: (): AppError =>
    ERRORS.rule(FEEDBACK_ERRORS.COMMENT_LIMIT_EXCEEDED.code, FEEDBACK_ERRORS.COMMENT_LIMIT_EXCEEDED.key),
  unknownLibrary: (): AppError =>
    ERRORS.rule(FEEDBACK_ERRORS.UNKNOWN_LIBRARY.code, FEEDBACK_ERRORS.UNKNOWN_LIBRARY.key),
  libraryNotInCampus: (): AppError =>
    ERRORS.rule(FEEDBACK_ERRORS.LIBRARY_NOT_IN_CAMPUS.code, FEEDBACK_ERRORS.LIBRARY_NOT_IN_CAMPUS.key),
};
