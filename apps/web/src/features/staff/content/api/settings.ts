import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EditableSettingSchema,
  EditableSettingsSchema,
  STAFF_PATHS,
  type EditableSetting,
  type EditableSettings,
  type InstitutionSettingKey,
} from '@estante/contract';
import { apiGet, apiPut } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

const SETTINGS_KEY = [...STAFF_QUERY_KEY, 'content', 'settings'] as const;

/** GET /equipe/conteudo/parametros: the settings offered on screen, with their values. */
export function getEditableSettings(signal?: AbortSignal): Promise<EditableSettings> {
  return apiGet(STAFF_PATHS.contentSettings, EditableSettingsSchema, { signal, auth: 'private' });
}

export function useEditableSettings() {
  return useQuery(
    queryOptions({
      queryKey: SETTINGS_KEY,
      queryFn: ({ signal }) => getEditableSettings(signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** Sets one setting, then reads them again; the institution data (name, links…) is read fresh too. */
export function useSetSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      key,
      value,
    }: {
      key: InstitutionSettingKey;
      value: boolean | number | string | null;
    }): Promise<EditableSetting> =>
      apiPut(STAFF_PATHS.contentSetting(key), EditableSettingSchema, {
        auth: 'private',
        body: { valor: value },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['config', 'institution'] }),
      ]),
    meta: { handledInPlace: true },
  });
}
