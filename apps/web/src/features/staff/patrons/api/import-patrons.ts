import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STAFF_PATHS, StaffPatronImportSchema, type StaffPatronImport } from '@estante/contract';
import { apiPost } from '../../../../lib/api-client';
import { PATRONS_KEY } from './search-patrons';

/** POST /equipe/leitores/importacao: adds the CSV's patrons; answers the report of refused lines. */
export function importPatrons(csv: string): Promise<StaffPatronImport> {
  return apiPost(STAFF_PATHS.patronImport, StaffPatronImportSchema, { auth: 'private', body: { csv } });
}

export function useImportPatrons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importPatrons(csv),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PATRONS_KEY }),
    // The form kit shows a refusal in place (refusalOf).
    meta: { handledInPlace: true },
  });
}
