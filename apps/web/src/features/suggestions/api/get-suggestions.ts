import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  OwnSuggestionsSchema,
  PurchaseOrdersSchema,
  SUGGESTION_PATHS,
  SuggestionStatusOptionsSchema,
  type OwnSuggestion,
  type PurchaseOrder,
  type SuggestionStatus,
  type SuggestionStatusOption,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import type { DateRange } from '../../../components/form/date-range';

/** The suggestion query: creation days and, optionally, one status. */
export interface SuggestionsFilter extends DateRange {
  status: SuggestionStatus | null;
}

/** Query key of everything about the patron's purchase suggestions. */
export const SUGGESTIONS_QUERY_KEY = ['acquisition', 'suggestions'] as const;

/** GET /aquisicao/sugestoes/situacao: the statuses for the filter, labelled in the interface language. */
export function getSuggestionStatuses(signal?: AbortSignal): Promise<SuggestionStatusOption[]> {
  return apiGet(SUGGESTION_PATHS.statuses, SuggestionStatusOptionsSchema, { signal, auth: 'private' });
}

export function useSuggestionStatuses(language: string) {
  return useQuery({
    queryKey: [...SUGGESTIONS_QUERY_KEY, 'statuses', language],
    queryFn: ({ signal }) => getSuggestionStatuses(signal),
    ...PRIVATE_QUERY,
  });
}

/** GET /aquisicao/sugestoes (dataIni, dataFim, situacao). */
export function getSuggestions(filter: SuggestionsFilter, signal?: AbortSignal): Promise<OwnSuggestion[]> {
  return apiGet(SUGGESTION_PATHS.suggestions, OwnSuggestionsSchema, {
    signal,
    auth: 'private',
    query: { dataIni: filter.from, dataFim: filter.to, situacao: filter.status },
  });
}

export function getSuggestionsQueryOptions(filter: SuggestionsFilter) {
  return queryOptions({
    queryKey: [...SUGGESTIONS_QUERY_KEY, 'list', filter],
    queryFn: ({ signal }) => getSuggestions(filter, signal),
    placeholderData: keepPreviousData,
    ...PRIVATE_QUERY,
  });
}

export function useSuggestions(filter: SuggestionsFilter) {
  return useQuery(getSuggestionsQueryOptions(filter));
}

/** GET /aquisicao/pedidos-compra: the purchase orders holding the patron's suggestions. */
export function getPurchaseOrders(signal?: AbortSignal): Promise<PurchaseOrder[]> {
  return apiGet(SUGGESTION_PATHS.purchaseOrders, PurchaseOrdersSchema, { signal, auth: 'private' });
}

export function usePurchaseOrders() {
  return useQuery({
    queryKey: [...SUGGESTIONS_QUERY_KEY, 'orders'],
    queryFn: ({ signal }) => getPurchaseOrders(signal),
    ...PRIVATE_QUERY,
  });
}
