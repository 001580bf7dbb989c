import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  EditableEventSchema,
  EditableEventsSchema,
  STAFF_PATHS,
  type EditableEvent,
  type EditableEvents,
  type EventRequest,
} from '@estante/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

const EVENTS_KEY = [...STAFF_QUERY_KEY, 'content', 'events'] as const;

async function refresh(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  // The public events list and calendar (features/institution) read it fresh, in this tab too.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: EVENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: ['institution', 'events'] }),
    queryClient.invalidateQueries({ queryKey: ['institution', 'calendar'] }),
  ]);
}

/** GET /equipe/conteudo/eventos: every event, newest start first. */
export function getEditableEvents(signal?: AbortSignal): Promise<EditableEvents> {
  return apiGet(STAFF_PATHS.contentEvents, EditableEventsSchema, { signal, auth: 'private' });
}

export function useEditableEvents() {
  return useQuery(
    queryOptions({
      queryKey: EVENTS_KEY,
      queryFn: ({ signal }) => getEditableEvents(signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** Adds (id null) or rewrites an event, then reads the events again. */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, entry }: { id: number | null; entry: EventRequest }): Promise<EditableEvent> =>
      id === null
        ? apiPost(STAFF_PATHS.contentEvents, EditableEventSchema, { auth: 'private', body: entry })
        : apiPut(STAFF_PATHS.contentEvent(id), EditableEventSchema, { auth: 'private', body: entry }),
    onSuccess: () => refresh(queryClient),
    meta: { handledInPlace: true },
  });
}

/** Removes an event, then reads the events again. */
export function useRemoveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(STAFF_PATHS.contentEvent(id), z.null(), { auth: 'private' }),
    onSuccess: () => refresh(queryClient),
  });
}
