import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STAFF_PATHS, StaffMemberSchema, type StaffMember, type StaffRole } from '@estante/contract';
import { apiPut } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './get-staff-self';

/** PUT /equipe/membros/{login}/papeis: the roles the person holds from now on. */
export function setStaffRoles(login: string, roles: readonly StaffRole[]): Promise<StaffMember> {
  return apiPut(STAFF_PATHS.memberRoles(encodeURIComponent(login)), StaffMemberSchema, {
    auth: 'private',
    body: { papeis: roles },
  });
}

/** Sets a person's roles, then reads the members (and one's own roles) again. */
export function useSetStaffRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ login, roles }: { login: string; roles: readonly StaffRole[] }) =>
      setStaffRoles(login, roles),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
    // The form kit shows a refusal in place (refusalOf), and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}
