import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  EditableInstitutionPageSchema,
  EditableInstitutionPagesSchema,
  STAFF_PATHS,
  type EditableInstitutionPage,
  type EditableInstitutionPages,
  type InstitutionPageKey,
  type InstitutionPageRequest,
} from '@estante/contract';
import { apiDelete, apiGet, apiPut } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

const PAGES_KEY = [...STAFF_QUERY_KEY, 'content', 'pages'] as const;
/** The public pages' query key (features/institution): a change shows there at once, in this tab too. */
const PUBLIC_PAGES_KEY = ['institution', 'page'] as const;

async function refresh(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: PAGES_KEY }),
    queryClient.invalidateQueries({ queryKey: PUBLIC_PAGES_KEY }),
  ]);
}

/** GET /equipe/conteudo/paginas: the home page's sections and the general information, every language. */
export function getEditablePages(signal?: AbortSignal): Promise<EditableInstitutionPages> {
  return apiGet(STAFF_PATHS.contentPages, EditableInstitutionPagesSchema, { signal, auth: 'private' });
}

export function useEditablePages() {
  return useQuery(
    queryOptions({
      queryKey: PAGES_KEY,
      queryFn: ({ signal }) => getEditablePages(signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** Writes a page in every language, then reads the pages again. */
export function useSavePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      key,
      page,
    }: {
      key: InstitutionPageKey;
      page: InstitutionPageRequest;
    }): Promise<EditableInstitutionPage> =>
      apiPut(STAFF_PATHS.contentPage(key), EditableInstitutionPageSchema, { auth: 'private', body: page }),
    onSuccess: () => refresh(queryClient),
    // The form kit shows a refusal in place (refusalOf), and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}

/** Removes a page (every language), then reads the pages again. */
export function useRemovePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: InstitutionPageKey) =>
      apiDelete(STAFF_PATHS.contentPage(key), z.null(), { auth: 'private' }),
    onSuccess: () => refresh(queryClient),
  });
}
