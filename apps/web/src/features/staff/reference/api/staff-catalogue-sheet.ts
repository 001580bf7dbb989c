import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STAFF_PATHS,
  StaffCatalogueSheetSchema,
  type StaffCatalogueSheet,
  type StaffCatalogueSheetChange,
} from '@estante/contract';
import { apiGet, apiPost, apiPut } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_REQUESTS_QUERY_KEY } from './get-staff-requests';

const sheetKey = (id: number) => [...STAFF_REQUESTS_QUERY_KEY, 'sheet', id] as const;

/** GET /equipe/solicitacoes/{id}/ficha: the library's data and the card as they are now. */
export function getStaffCatalogueSheet(id: number, signal?: AbortSignal): Promise<StaffCatalogueSheet> {
  return apiGet(STAFF_PATHS.requestSheet(id), StaffCatalogueSheetSchema, { signal, auth: 'private' });
}

export function useStaffCatalogueSheet(id: number) {
  return useQuery(
    queryOptions({
      queryKey: sheetKey(id),
      queryFn: ({ signal }) => getStaffCatalogueSheet(id, signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** Saves the library's data (PUT …/ficha), or saves and issues the final sheet (POST …/ficha/emitir). */
export function useChangeStaffCatalogueSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      change,
      issue,
    }: {
      id: number;
      change: StaffCatalogueSheetChange;
      issue: boolean;
    }): Promise<StaffCatalogueSheet> =>
      issue
        ? apiPost(STAFF_PATHS.requestSheetIssue(id), StaffCatalogueSheetSchema, {
            auth: 'private',
            body: change,
          })
        : apiPut(STAFF_PATHS.requestSheet(id), StaffCatalogueSheetSchema, { auth: 'private', body: change }),
    onSuccess: (sheet) => queryClient.setQueryData(sheetKey(sheet.codigo), sheet),
    onSettled: (_sheet, _error, { issue }) =>
      issue ? queryClient.invalidateQueries({ queryKey: STAFF_REQUESTS_QUERY_KEY }) : undefined,
    // The form kit shows a refusal in place (refusalOf), and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}
