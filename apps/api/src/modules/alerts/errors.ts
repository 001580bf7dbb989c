import { ALERT_ERROR } from '@estante/contract';
import { ERRORS } from '../../lib/errors.ts';

/** The alert calls' refusals: 422 with a translation key naming the field (SPEC §5, §8). */
export const ALERT_ERRORS = {
  startRequired: () => ERRORS.rule(ALERT_ERROR.START_REQUIRED.code, ALERT_ERROR.START_REQUIRED.key),
  endRequired: () => ERRORS.rule(ALERT_ERROR.END_REQUIRED.code, ALERT_ERROR.END_REQUIRED.key),
  dateRange: () => ERRORS.rule(ALERT_ERROR.DATE_RANGE.code, ALERT_ERROR.DATE_RANGE.key),
};
