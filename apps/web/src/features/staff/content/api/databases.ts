import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  EditableResearchDatabaseSchema,
  EditableResearchDatabasesSchema,
  STAFF_PATHS,
  type EditableResearchDatabase,
  type EditableResearchDatabases,
  type ResearchDatabaseRequest,
} from '@estante/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

const DATABASES_KEY = [...STAFF_QUERY_KEY, 'content', 'databases'] as const;

/** GET /equipe/conteudo/bases: the research databases with their own addresses. */
export function getEditableDatabases(signal?: AbortSignal): Promise<EditableResearchDatabases> {
  return apiGet(STAFF_PATHS.contentDatabases, EditableResearchDatabasesSchema, { signal, auth: 'private' });
}

export function useEditableDatabases() {
  return useQuery(
    queryOptions({
      queryKey: DATABASES_KEY,
      queryFn: ({ signal }) => getEditableDatabases(signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** Adds (id null) or rewrites a database, then reads the list again. */
export function useSaveDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      database,
    }: {
      id: number | null;
      database: ResearchDatabaseRequest;
    }): Promise<EditableResearchDatabase> =>
      id === null
        ? apiPost(STAFF_PATHS.contentDatabases, EditableResearchDatabaseSchema, {
            auth: 'private',
            body: database,
          })
        : apiPut(STAFF_PATHS.contentDatabase(id), EditableResearchDatabaseSchema, {
            auth: 'private',
            body: database,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATABASES_KEY }),
    // The form kit shows a refusal in place (refusalOf), and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}

/** Removes a database, then reads the list again. */
export function useRemoveDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(STAFF_PATHS.contentDatabase(id), z.null(), { auth: 'private' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATABASES_KEY }),
  });
}
