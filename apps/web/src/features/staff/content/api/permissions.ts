import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CategoryPermissionsSchema,
  STAFF_PATHS,
  type CategoryPermission,
  type CategoryPermissions,
} from '@estante/contract';
import { apiGet, apiPut } from '../../../../lib/api-client';
import { currentLanguage } from '../../../../lib/i18n';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

const PERMISSIONS_KEY = [...STAFF_QUERY_KEY, 'content', 'permissions'] as const;

/** GET /equipe/conteudo/permissoes: the categories, the activities and the allowed pairs. */
export function getCategoryPermissions(signal?: AbortSignal): Promise<CategoryPermissions> {
  return apiGet(STAFF_PATHS.contentPermissions, CategoryPermissionsSchema, { signal, auth: 'private' });
}

export function useCategoryPermissions() {
  return useQuery(
    queryOptions({
      queryKey: [...PERMISSIONS_KEY, currentLanguage()],
      queryFn: ({ signal }) => getCategoryPermissions(signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** Saves every allowed pair at once, then reads them again. */
export function useSaveCategoryPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissoes: CategoryPermission[]) =>
      apiPut(STAFF_PATHS.contentPermissions, z.null(), { auth: 'private', body: { permissoes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY }),
    meta: { handledInPlace: true },
  });
}
