import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

/** Query key of everything the acquisitions part reads: a change refreshes all of it. */
export const ACQUISITIONS_KEY = [...STAFF_QUERY_KEY, 'acquisitions'] as const;
