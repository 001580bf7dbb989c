import { TOO_MANY_NEAR_MESSAGE } from '@estante/contract';
import { AppError, ERRORS } from '../../lib/errors.ts';

/** Refusals of the catalogue search (STYLE "How errors flow"). */
export const SEARCH_ERRORS = {
  /** The search could not run to the end: nothing of it is answered (SPEC §4 "a failed search"). */
  failed: () => new AppError(503, 'SEARCH_FAILED', 'searchFailed', 'search failed'),
  /** More ANTES / DEPOIS rows in one positional group than the search can combine. */
  tooManyNearRows: () => ERRORS.rule('SEARCH_TOO_COMPLEX', TOO_MANY_NEAR_MESSAGE),
};
