import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MARC_UPLOAD_FIELD,
  MarcImportSchema,
  MarcImportsSchema,
  STAFF_PATHS,
  type MarcImport,
  type MarcImports,
} from '@estante/contract';
import { apiGet, apiPost } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

const IMPORTS_KEY = [...STAFF_QUERY_KEY, 'marc-imports'] as const;

/** How often a screen reads an import again while it is queued or running. */
const PROGRESS_INTERVAL_MS = 1000;

/** Whether an import has not ended yet (its totals still grow). */
export function isImportRunning(job: Pick<MarcImport, 'situacao'>): boolean {
  return job.situacao === 'na-fila' || job.situacao === 'importando';
}

/** GET /equipe/catalogo/importacoes: the latest imports, newest first. */
export function getMarcImports(signal?: AbortSignal): Promise<MarcImports> {
  return apiGet(STAFF_PATHS.catalogueImports, MarcImportsSchema, { signal, auth: 'private' });
}

export function useMarcImports() {
  return useQuery(
    queryOptions({
      queryKey: IMPORTS_KEY,
      queryFn: ({ signal }) => getMarcImports(signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** GET /equipe/catalogo/importacoes/{id}: read again every second until the import ends. */
export function useMarcImport(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...IMPORTS_KEY, id],
    queryFn: async ({ signal }) => {
      const job = await apiGet(STAFF_PATHS.catalogueImport(id ?? 0), MarcImportSchema, {
        signal,
        auth: 'private',
      });
      // The list shows the import's state too: read it again once this one has ended.
      if (!isImportRunning(job)) void queryClient.invalidateQueries({ queryKey: IMPORTS_KEY, exact: true });
      return job;
    },
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && !isImportRunning(query.state.data) ? false : PROGRESS_INTERVAL_MS,
    ...PRIVATE_QUERY,
  });
}

/** POST /equipe/catalogo/importacoes: uploads one MARC file; the answer is the queued import. */
export function useUploadMarc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<MarcImport> => {
      const body = new FormData();
      body.append(MARC_UPLOAD_FIELD, file, file.name);
      return apiPost(STAFF_PATHS.catalogueImports, MarcImportSchema, { auth: 'private', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IMPORTS_KEY, exact: true }),
    // The form kit shows a refusal in place (refusalOf), and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}
