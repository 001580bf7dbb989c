import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_PATHS, type StaffSelf } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

// The schema loads with the call, not with the page (decision 0069).
const staffSelfSchema = () => import('@estante/contract/schemas/staff').then((m) => m.StaffSelfSchema);

/** Query key of everything about the staff workspace; invalidating it reads roles and members again. */
export const STAFF_QUERY_KEY = ['staff'] as const;

/** GET /equipe/eu: the signed-in person's roles (none for a patron). */
export function getStaffSelf(signal?: AbortSignal): Promise<StaffSelf> {
  return apiGet(STAFF_PATHS.self, staffSelfSchema, { signal, auth: 'private' });
}

/**
 * The roles, per signed-in login. Roles change rarely, so the header's link does not ask at every
 * page; the workspace itself reads them again when it opens. Marked as the person's data, so
 * signing out drops them.
 */
export function getStaffSelfQueryOptions(login: string) {
  return queryOptions({
    queryKey: [...STAFF_QUERY_KEY, 'self', login],
    queryFn: ({ signal }) => getStaffSelf(signal),
    staleTime: 5 * 60_000,
    meta: { patron: true },
  });
}

/** `login` null (a visitor) asks nothing. */
export function useStaffSelf(login: string | null, options: { fresh?: boolean } = {}) {
  return useQuery({
    ...getStaffSelfQueryOptions(login ?? ''),
    enabled: login !== null,
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
