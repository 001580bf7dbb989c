import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  EditableOpeningHoursEntrySchema,
  EditableOpeningHoursSchema,
  STAFF_PATHS,
  type EditableOpeningHours,
  type EditableOpeningHoursEntry,
  type OpeningHoursEntryRequest,
} from '@estante/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

const HOURS_KEY = [...STAFF_QUERY_KEY, 'content', 'hours'] as const;
/** The public hours' query key (features/institution): a change shows there at once, in this tab too. */
const PUBLIC_HOURS_KEY = ['institution', 'opening-hours'] as const;

async function refresh(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: HOURS_KEY }),
    queryClient.invalidateQueries({ queryKey: PUBLIC_HOURS_KEY }),
  ]);
}

/** GET /equipe/conteudo/horarios: every open interval, and the libraries. */
export function getEditableHours(signal?: AbortSignal): Promise<EditableOpeningHours> {
  return apiGet(STAFF_PATHS.contentHours, EditableOpeningHoursSchema, { signal, auth: 'private' });
}

export function useEditableHours() {
  return useQuery(
    queryOptions({
      queryKey: HOURS_KEY,
      queryFn: ({ signal }) => getEditableHours(signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** Adds (id null) or rewrites an open interval, then reads the hours again. */
export function useSaveHoursEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      entry,
    }: {
      id: number | null;
      entry: OpeningHoursEntryRequest;
    }): Promise<EditableOpeningHoursEntry> =>
      id === null
        ? apiPost(STAFF_PATHS.contentHours, EditableOpeningHoursEntrySchema, { auth: 'private', body: entry })
        : apiPut(STAFF_PATHS.contentHoursEntry(id), EditableOpeningHoursEntrySchema, {
            auth: 'private',
            body: entry,
          }),
    onSuccess: () => refresh(queryClient),
    // The form kit shows a refusal in place (refusalOf), and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}

/** Removes an open interval, then reads the hours again. */
export function useRemoveHoursEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(STAFF_PATHS.contentHoursEntry(id), z.null(), { auth: 'private' }),
    onSuccess: () => refresh(queryClient),
  });
}
