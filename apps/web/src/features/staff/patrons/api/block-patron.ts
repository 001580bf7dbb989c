import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STAFF_PATHS, StaffPatronBlockSchema, type StaffPatronBlock } from '@estante/contract';
import { apiDelete, apiPut } from '../../../../lib/api-client';
import { PATRONS_KEY } from './search-patrons';

/** Blocks the patron with a reason (`reason` given) or lifts the library's block (null). */
export function setPatronBlock(login: string, reason: string | null): Promise<StaffPatronBlock> {
  const path = STAFF_PATHS.patronBlock(encodeURIComponent(login));
  return reason === null
    ? apiDelete(path, StaffPatronBlockSchema, { auth: 'private' })
    : apiPut(path, StaffPatronBlockSchema, { auth: 'private', body: { motivo: reason } });
}

/** Blocks or unblocks, then reads the patron and the search again. */
export function useSetPatronBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ login, reason }: { login: string; reason: string | null }) =>
      setPatronBlock(login, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PATRONS_KEY }),
    // The form kit shows a refusal in place (refusalOf), and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}
