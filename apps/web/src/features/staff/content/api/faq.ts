import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  EditableFaqEntrySchema,
  EditableFaqSchema,
  STAFF_PATHS,
  type EditableFaq,
  type EditableFaqEntry,
  type FaqEntryRequest,
} from '@estante/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

const FAQ_KEY = [...STAFF_QUERY_KEY, 'content', 'faq'] as const;
/** The public FAQ's query key (features/institution): a change shows there at once, in this tab too. */
const PUBLIC_FAQ_KEY = ['institution', 'faq'] as const;

async function refresh(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: FAQ_KEY }),
    queryClient.invalidateQueries({ queryKey: PUBLIC_FAQ_KEY }),
  ]);
}

/** GET /equipe/conteudo/faq: the FAQ with every language, in its order. */
export function getEditableFaq(signal?: AbortSignal): Promise<EditableFaq> {
  return apiGet(STAFF_PATHS.contentFaq, EditableFaqSchema, { signal, auth: 'private' });
}

export function useEditableFaq() {
  return useQuery(
    queryOptions({ queryKey: FAQ_KEY, queryFn: ({ signal }) => getEditableFaq(signal), ...PRIVATE_QUERY }),
  );
}

/** Adds (id null) or rewrites a FAQ entry, then reads the FAQ again; the public page reads it fresh. */
export function useSaveFaqEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, entry }: { id: number | null; entry: FaqEntryRequest }): Promise<EditableFaqEntry> =>
      id === null
        ? apiPost(STAFF_PATHS.contentFaq, EditableFaqEntrySchema, { auth: 'private', body: entry })
        : apiPut(STAFF_PATHS.contentFaqEntry(id), EditableFaqEntrySchema, { auth: 'private', body: entry }),
    onSuccess: () => refresh(queryClient),
    // The form kit shows a refusal in place (refusalOf), and sends anything else to the toast itself.
    meta: { handledInPlace: true },
  });
}

/** Removes a FAQ entry, then reads the FAQ again. */
export function useRemoveFaqEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(STAFF_PATHS.contentFaqEntry(id), z.null(), { auth: 'private' }),
    onSuccess: () => refresh(queryClient),
  });
}
