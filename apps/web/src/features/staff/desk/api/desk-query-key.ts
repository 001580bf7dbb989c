import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

/** Query key of everything the circulation desk reads; a desk change reads it all again. */
export const DESK_QUERY_KEY = [...STAFF_QUERY_KEY, 'desk'] as const;
