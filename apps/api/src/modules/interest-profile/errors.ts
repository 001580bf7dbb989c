import { INTEREST_ERROR } from '@estante/contract';
import { ERRORS, type AppError } from '../../lib/errors.ts';

const rule = (error: { code: string; key: string }) => () => ERRORS.rule(error.code, error.key);

/** Refusals of the interest profile (decision 0052); a 422's message is its translation key. */
export const INTEREST_ERRORS = {
  /** 404 for an item that is not the caller's as for one that does not exist: nothing is revealed. */
  notFound: () => ERRORS.notFound(),
  validityPast: rule(INTEREST_ERROR.VALIDITY_PAST),
  validityTooFar: rule(INTEREST_ERROR.VALIDITY_TOO_FAR),
  journalType: rule(INTEREST_ERROR.JOURNAL_TYPE),
  unknownItem: rule(INTEREST_ERROR.UNKNOWN_ITEM),
  unknownLibrary: rule(INTEREST_ERROR.UNKNOWN_LIBRARY),
  unknownLanguage: rule(INTEREST_ERROR.UNKNOWN_LANGUAGE),
  searchTerm: rule(INTEREST_ERROR.SEARCH_TERM),
} satisfies Record<string, (...args: never[]) => AppError>;
