import { LIST_ERROR } from '@estante/contract';
import { ERRORS, type AppError } from '../../lib/errors.ts';

/** Refusals of the saved lists (decision 0043); a 422's message is its translation key. */
export const LIST_ERRORS = {
  /** 404 for a list that is not the caller's as for one that does not exist: nothing is revealed. */
  notFound: () => ERRORS.notFound(),
  dateRange: () => ERRORS.rule(LIST_ERROR.DATE_RANGE.code, LIST_ERROR.DATE_RANGE.key),
  basketKept: () => ERRORS.rule(LIST_ERROR.BASKET_KEPT.code, LIST_ERROR.BASKET_KEPT.key),
  nameTaken: () => ERRORS.rule(LIST_ERROR.NAME_TAKEN.code, LIST_ERROR.NAME_TAKEN.key),
  tooManyLists: () => ERRORS.rule(LIST_ERROR.TOO_MANY_LISTS.code, LIST_ERROR.TOO_MANY_LISTS.key),
  full: () => ERRORS.rule(LIST_ERROR.FULL.code, LIST_ERROR.FULL.key),
} satisfies Record<string, (...args: never[]) => AppError>;
