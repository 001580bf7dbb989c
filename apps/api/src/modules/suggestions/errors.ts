import { SUGGESTION_ERROR } from '@estante/contract';
import { ERRORS, type AppError } from '../../lib/errors.ts';

/** Refusals of the patron's suggestion calls (STYLE "How errors flow"): 422s carry a translation key. */
export const SUGGESTION_ERRORS = {
  /** SPEC §5: the first day is not after the last. */
  dateRange: (): AppError => ERRORS.rule(SUGGESTION_ERROR.DATE_RANGE.code, SUGGESTION_ERROR.DATE_RANGE.key),
};

/** Why a librarian's command did not change a suggestion or an order (the command says it). */
export class SuggestionCommandRefusal extends Error {
  override name = 'SuggestionCommandRefusal';
}
