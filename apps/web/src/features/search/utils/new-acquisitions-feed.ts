import { API_PATHS, API_PREFIX } from '@estante/contract';
import { env } from '../../../config/env';
import { SEARCH_PARAM } from '../../../config/paths';
import { toSearchParams, type SearchState } from '../hooks/use-search-state';

/** The feed's own query parameter for the language of its texts (feed readers send no language code). */
const FEED_LANGUAGE_PARAM = 'lang';

/**
 * The absolute URL of the Atom feed that follows a new-acquisitions search: the same term, tab
 * options and filters, in the patron's language; the page and the order are left out (the feed
 * always lists the newest first), and so is the display, which a feed reader chooses.
 */
export function newAcquisitionsFeedUrl(state: SearchState, language: string): string {
  const params = toSearchParams({ ...state, page: 1 });
  params.delete(SEARCH_PARAM.ordering);
  params.delete(SEARCH_PARAM.display);
  if (['pt', 'en', 'es'].includes(language)) params.set(FEED_LANGUAGE_PARAM, language);
  const origin = env.apiOrigin || (typeof window !== 'undefined' ? window.location.origin : '');
  const query = params.toString();
  return `${origin}${API_PREFIX}${API_PATHS.newAcquisitionsFeed}${query ? `?${query}` : ''}`;
}
