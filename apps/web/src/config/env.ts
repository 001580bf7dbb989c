/** Build-time settings, read once (STYLE "Config is read once"). */
export const env = {
  /** Origin of the API; empty means the page's own origin (the API serves the web app). */
  apiOrigin: (import.meta.env.VITE_API_ORIGIN as string | undefined) ?? '',
} as const;

/** Keys of what the web keeps in browser storage. */
export const STORAGE_KEYS = {
  /** localStorage: the chosen interface language (SPEC §9). */
  language: 'estante.language',
  /** sessionStorage: the public client-credentials token and its expiry. */
  publicToken: 'estante.publicToken',
  /** sessionStorage: the search tabs of the page configuration, cleared on a language change. */
  searchTabs: 'estante.searchTabs',
  /** sessionStorage: the search guide (tab) last opened; cleared (guides off) on a language change. */
  searchGuide: 'estante.searchGuide',
  /** sessionStorage: the last search of each search tab (its URL query), cleared on a language change. */
  tabSearches: 'estante.tabSearches',
  /** sessionStorage: the search history of this visit (SPEC §4: fields, record count, URL, base). */
  searchHistory: 'estante.searchHistory',
  /** localStorage: 'off' once the patron turns the search guides (the guided tour) off, or chooses a language. */
  searchTour: 'estante.searchTour',
  /** sessionStorage: 'done' once the search guide was finished in this visit. */
  searchTourDone: 'estante.searchTourDone',
  /** localStorage: the accessibility settings {zoom, negrito, cor, libras} (SPEC §3). */
  accessibility: 'estante.accessibility',
  /** localStorage: the dark-mode choice (light, dark or auto = follow the system), kept by Mantine. */
  colorScheme: 'estante.colorScheme',
  /** localStorage: the basket, a JSON array of cod_acervo (SPEC §3 Basket; decision 0019). */
  basket: 'estante.basket',
  /** localStorage: per patron, the browser basket's ids already merged into their permanent basket (decision 0043). */
  basketMerged: 'estante.basketMerged',
  /** localStorage: the personal-area UI {theme, menuOpen} (SPEC §3 Personal-area UI; decision 0028). */
  personalAreaUi: 'estante.personalAreaUi',
  /** session/localStorage: the signed-in user (not written until sign-in exists). */
  session: 'estante.session',
} as const;
