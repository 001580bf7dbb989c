import { ACQUISITION_STATS_ERROR } from '@estante/contract';
import { ERRORS } from '../../lib/errors.ts';

/** The statistics' refusals: 422 with a translation key (SPEC §5, §8), 404 for an unknown library. */
export const ACQUISITION_STATS_ERRORS = {
  dateRange: () =>
    ERRORS.rule(ACQUISITION_STATS_ERROR.DATE_RANGE.code, ACQUISITION_STATS_ERROR.DATE_RANGE.key),
  libraryNotFound: () => ERRORS.notFound(),
};
