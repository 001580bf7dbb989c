import { TITLE_TOTALS_ERROR } from '@estante/contract';
import { ERRORS } from '../../lib/errors.ts';

/** Refusals of the title totals (422, the message a translation key). */
export const TITLE_TOTALS_ERRORS = {
  /** SPEC §5: the start date may not be after the end date. */
  dateRange: () => ERRORS.rule(TITLE_TOTALS_ERROR.DATE_RANGE.code, TITLE_TOTALS_ERROR.DATE_RANGE.key),
};
