import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { API_PATHS, SearchTabsSchema, type SearchTab } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../config/env';
import { pageConfiguration } from '../../../lib/page-configuration';

function savedSearchTabs(): SearchTab[] | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.searchTabs);
    if (!raw) return undefined;
    const parsed = SearchTabsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** GET /parametros/abas-pesquisa: which search tabs the institution offers; kept for the session. */
export async function getSearchTabs(signal?: AbortSignal): Promise<SearchTab[]> {
  const tabs = await apiGet(API_PATHS.searchTabs, SearchTabsSchema, { signal });
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
