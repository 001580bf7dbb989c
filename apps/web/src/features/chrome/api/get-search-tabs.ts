import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { API_PATHS, SEARCH_TABS, type SearchTab } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../config/env';
import { pageConfiguration } from '../../../lib/page-configuration';

// The schema loads with the call, not with the page (decision 0069).
const searchTabsSchema = () =>
  import('@estante/contract/schemas/institution').then((m) => m.SearchTabsSchema);

/**
 * Whether a value is a list of search tabs as SearchTabsSchema parsed it: the tabs kept for the
 * session are read before any schema has loaded, so they are checked by hand.
 */
export function isSavedSearchTabs(value: unknown): value is SearchTab[] {
  return (
    Array.isArray(value) &&
    value.every((tab: unknown) => {
      if (typeof tab !== 'object' || tab === null) return false;
      const { key, label, enabled, order } = tab as Record<string, unknown>;
      return (
        (SEARCH_TABS as readonly unknown[]).includes(key) &&
        typeof label === 'string' &&
        typeof enabled === 'boolean' &&
        Number.isInteger(order)
      );
    })
  );
}

function savedSearchTabs(): SearchTab[] | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.searchTabs);
    if (!raw) return undefined;
    const saved: unknown = JSON.parse(raw);
    return isSavedSearchTabs(saved) ? saved : undefined;
  } catch {
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
