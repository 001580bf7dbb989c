/**
 * Failures of the search aids (suggestions while typing, did you mean) that are not shown as a
 * toast: the aid just does not appear, and the search itself goes on.
 */
export const QUIET_STATUSES: readonly number[] = [400, 401, 403, 404, 408, 422, 429, 500, 502, 503, 504];
