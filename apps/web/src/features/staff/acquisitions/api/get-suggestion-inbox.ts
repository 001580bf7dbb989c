import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  STAFF_PATHS,
  StaffSuggestionInboxSchema,
  type StaffSuggestionInbox,
  type SuggestionInboxOrder,
  type SuggestionStatus,
} from '@estante/contract';
import { apiGet } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { ACQUISITIONS_KEY } from './keys';

/** The inbox's filter: one status or all, newest or oldest first, and the page (from 1). */
export interface InboxFilter {
  status: SuggestionStatus | null;
  order: SuggestionInboxOrder;
  page: number;
}

/** GET /equipe/aquisicoes/sugestoes (situacao, ordem). */
export function getSuggestionInbox(filter: InboxFilter, signal?: AbortSignal): Promise<StaffSuggestionInbox> {
  return apiGet(STAFF_PATHS.acquisitionSuggestions, StaffSuggestionInboxSchema, {
    signal,
    auth: 'private',
    query: { situacao: filter.status, ordem: filter.order, pagina: filter.page },
  });
}

export function useSuggestionInbox(filter: InboxFilter) {
  return useQuery(
    queryOptions({
      queryKey: [...ACQUISITIONS_KEY, 'inbox', filter],
      queryFn: ({ signal }) => getSuggestionInbox(filter, signal),
      placeholderData: keepPreviousData,
      ...PRIVATE_QUERY,
    }),
  );
}
