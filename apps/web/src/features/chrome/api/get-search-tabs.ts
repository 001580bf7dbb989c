import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { API_PATHS, SEARCH_TABS, type SearchTab } from '@estante/contract';
import { apiGet, type ResponseSchema } from '../../../lib/api-client';
import { answerOf, flag, integer, list, oneOf, record, text } from '../../../lib/answer-checks';
import { STORAGE_KEYS } from '../../../config/env';
import { pageConfiguration } from '../../../lib/page-configuration';

// The schema loads with the call, not with the page (decision 0069).
const searchTabsSchema = () =>
  import('@estante/contract/schemas/institution').then((m) => m.SearchTabsSchema);

/**
 * SearchTabsSchema's check by hand: the tabs kept for the session are read before any schema has
 * loaded (decision 0069).
 */
export const savedSearchTabsAnswer: ResponseSchema<SearchTab[]> = answerOf(
  list(record({ key: oneOf(SEARCH_TABS), label: text, enabled: flag, order: integer })),
);

function savedSearchTabs(): SearchTab[] | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.searchTabs);
    return raw ? savedSearchTabsAnswer.parse(JSON.parse(raw)) : undefined;
  } catch {
    // Nothing kept, storage blocked, or what is kept does not check: the tabs are fetched.
    return undefined;
  }
}

/** GET /parametros/abas-pesquisa: which search tabs the institution offers; kept for the session. */
export async function getSearchTabs(signal?: AbortSignal): Promise<SearchTab[]> {
  const tabs = await apiGet(API_PATHS.searchTabs, searchTabsSchema, { signal });
  try {
    sessionStorage.setItem(STORAGE_KEYS.searchTabs, JSON.stringify(tabs));
  } catch {
    // Storage may be full or blocked; the tabs are simply fetched again next time.
  }
  return tabs;
}

export function getSearchTabsQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'search-tabs'],
    queryFn: ({ signal }) => getSearchTabs(signal),
    // Written into the page by the server (decision 0076), else kept from earlier in the session.
    initialData: () => pageConfiguration()?.searchTabs ?? savedSearchTabs(),
    staleTime: Infinity,
  });
}

/** The search tabs; the configuration wrapper has loaded them before any page shows. */
export function useSearchTabs(): SearchTab[] {
  return useSuspenseQuery(getSearchTabsQueryOptions()).data;
}
