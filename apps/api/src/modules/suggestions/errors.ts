import { ACQUISITION_ERROR, SUGGESTION_ERROR, type AcquisitionRefusalReason } from '@estante/contract';
import { ERRORS, type AppError } from '../../lib/errors.ts';

/** Refusals of the patron's suggestion calls (STYLE "How errors flow"): 422s carry a translation key. */
export const SUGGESTION_ERRORS = {
  /** SPEC §5: the first day is not after the last. */
  dateRange: (): AppError => ERRORS.rule(SUGGESTION_ERROR.DATE_RANGE.code, SUGGESTION_ERROR.DATE_RANGE.key),
};

/** Why a librarian's move was refused: a thing that is not there, or a rule of the contract. */
export type SuggestionRefusalReason = 'NOT_FOUND' | AcquisitionRefusalReason | 'OTHER';

/**
 * Why a librarian's command or call did not change a suggestion or an order: the message is the
 * command's (English, naming ids and statuses); the reason is what the staff workspace answers.
 */
export class SuggestionCommandRefusal extends Error {
  override name = 'SuggestionCommandRefusal';
  constructor(
    message: string,
    readonly reason: SuggestionRefusalReason = 'OTHER',
  ) {
    super(message);
  }
}

/** A refusal of the acquisition service as the staff call's answer (404, or a 422 with its key). */
export function acquisitionHttpError(error: unknown): unknown {
  if (!(error instanceof SuggestionCommandRefusal)) return error;
  if (error.reason === 'NOT_FOUND') return ERRORS.notFound();
  if (error.reason === 'OTHER') return error;
  const refusal = ACQUISITION_ERROR[error.reason];
  return ERRORS.rule(refusal.code, refusal.key);
}
