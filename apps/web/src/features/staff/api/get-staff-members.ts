import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_PATHS, StaffMembersSchema, type StaffMembers } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import { STAFF_QUERY_KEY } from './get-staff-self';

/** GET /equipe/membros: everyone holding a role (administrator). */
export function getStaffMembers(signal?: AbortSignal): Promise<StaffMembers> {
  return apiGet(STAFF_PATHS.members, StaffMembersSchema, { signal, auth: 'private' });
}

export function useStaffMembers() {
  return useQuery(
    queryOptions({
      queryKey: [...STAFF_QUERY_KEY, 'members'],
      queryFn: ({ signal }) => getStaffMembers(signal),
      ...PRIVATE_QUERY,
    }),
  );
}
