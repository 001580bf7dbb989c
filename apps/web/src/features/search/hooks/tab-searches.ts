import { STORAGE_KEYS } from '../../../config/env';

/**
 * The last search of each search tab, as its URL query ("?termo=…"), so a patron who moves to
 * another tab and back finds the search where it was (SPEC §3 search state). Kept for the visit;
 * a language change clears it (SPEC "Page chrome").
 */
export function readTabSearches(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.tabSearches) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

export function saveTabSearch(tab: string, query: string): void {
  const searches = readTabSearches();
  if (searches[tab] === query) return;
  try {
    sessionStorage.setItem(STORAGE_KEYS.tabSearches, JSON.stringify({ ...searches, [tab]: query }));
  } catch {
    // Without storage each tab simply opens empty.
  }
}
