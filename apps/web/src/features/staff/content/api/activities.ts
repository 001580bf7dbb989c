import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { EditableActivitiesSchema, STAFF_PATHS, type EditableActivities } from '@estante/contract';
import { apiGet, apiPut } from '../../../../lib/api-client';
import { currentLanguage } from '../../../../lib/i18n';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

const ACTIVITIES_KEY = [...STAFF_QUERY_KEY, 'content', 'activities'] as const;

/** GET /equipe/conteudo/atividades: every activity, on or off. */
export function getEditableActivities(signal?: AbortSignal): Promise<EditableActivities> {
  return apiGet(STAFF_PATHS.contentActivities, EditableActivitiesSchema, { signal, auth: 'private' });
}

export function useEditableActivities() {
  return useQuery(
    queryOptions({
      queryKey: [...ACTIVITIES_KEY, currentLanguage()],
      queryFn: ({ signal }) => getEditableActivities(signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** Turns an activity on or off, then reads the list again. */
export function useSetActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, enabled }: { code: number; enabled: boolean }) =>
      apiPut(STAFF_PATHS.contentActivity(code), z.null(), { auth: 'private', body: { ativa: enabled } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY }),
  });
}
