import { LANGUAGE_PARAM } from '../../../config/paths';
import { STORAGE_KEYS } from '../../../config/env';

/** Where the switcher keeps things and how it reloads; tests pass their own. */
export interface LanguageChoiceDeps {
  local: Pick<Storage, 'setItem' | 'removeItem'>;
  session: Pick<Storage, 'removeItem'>;
  location: Pick<Location, 'href'>;
  reload: (url: string) => void;
}

const browserDeps = (): LanguageChoiceDeps => ({
  local: localStorage,
  session: sessionStorage,
  location: window.location,
  reload: (url) => window.location.assign(url),
});

/**
 * SPEC "Page chrome": choosing a language clears the saved search tabs, turns the search guides off,
 * stores the choice locally and reloads with the language query parameter.
 */
export function chooseLanguage(language: string, deps: LanguageChoiceDeps = browserDeps()): void {
  deps.session.removeItem(STORAGE_KEYS.searchTabs);
  deps.session.removeItem(STORAGE_KEYS.searchGuide);
  deps.session.removeItem(STORAGE_KEYS.tabSearches);
  deps.local.removeItem(STORAGE_KEYS.searchGuide);
  // The guided tour of the search page (the search guides) stays off after a language is chosen.
  deps.local.setItem(STORAGE_KEYS.searchTour, 'off');
  deps.local.setItem(STORAGE_KEYS.language, language);
  const target = new URL(deps.location.href);
  target.searchParams.set(LANGUAGE_PARAM, language);
  deps.reload(target.toString());
}
