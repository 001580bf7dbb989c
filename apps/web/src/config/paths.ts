/**
 * Browser routes (SPEC §2) and the query parameter names the web reads from its own URLs.
 * Wire names (SPEC §7) appear only here and in packages/contract (STYLE "Words").
 */

/** Query parameter that carries where to go after signing in. */
export const REDIRECT_PARAM = 'redirect';
/** Query parameter that carries the chosen interface language on reload (SPEC "Page chrome"). */
export { LANGUAGE_PARAM } from '@estante/contract';
/** Query parameter of the copies tab's library filter (the API's cod_unidade). */
export const COPIES_LIBRARY_PARAM = 'cod_unidade';

/** The search state in the URL: English names of the typed value → SPEC §7 parameter names. */
export const SEARCH_PARAM = {
  term: 'termo',
  searchType: 'tipoBusca',
  termType: 'tipoTermo',
  similar: 'similares',
  page: 'paginaAtiva',
  pageSize: 'quantPag',
  ordering: 'ordenacao',
  /** Applied result filters, `TIPO:valor`, repeated. */
  filter: 'filtro',
  /** Advanced-search rows after the first, `OPERADOR|campo|termo`, repeated. */
  row: 'linha',
  /** Options of the tab's own form, `chave:valor`, repeated. */
  option: 'opcao',
  /** Result display mode (SPEC §3 `exibicao`): D detailed lines, C compact covers. */
  display: 'exibicao',
  /** The base searched; left out for the library's catalogue. */
  base: 'base',
} as const;

/** Query parameter of the lists screen: the list shown (its codigo). */
export const LIST_PARAM = 'lista';

/** Query parameter of /pearson: the key of the publisher's form the new tab posts. */
export const PUBLISHER_FORM_PARAM = 'chave';

/** Query parameter of the events calendar: the month shown, as YYYY-MM. */
export const CALENDAR_MONTH_PARAM = 'mes';

/** Query parameter naming the search tab a search runs in. */
export const SEARCH_TAB_PARAM = 'search_tab';

/** Codes of the title sub-tabs (SPEC §2); the summary and closed-collection tabs have none. */
export const TITLE_TAB_CODE = {
  REFERENCE: 33,
  MARC: 36,
  COPIES: 30,
  DUBLIN_CORE: 115,
  HOLD: 18,
  LOAN_REQUEST: 75,
  KARDEX: 32,
  SUMMARIES: null,
  BOOK_SUMMARIES: null,
  STATISTICS: 74,
  CLOSED_COLLECTION: null,
} as const;

/** Title sub-tabs: the URL segment under /acervo/{codAcervo} and the tab code that selects it. */
export const TITLE_TABS = {
  data: { segment: '', code: null },
  reference: { segment: 'referencia', code: TITLE_TAB_CODE.REFERENCE },
  marc: { segment: 'marc', code: TITLE_TAB_CODE.MARC },
  copies: { segment: 'exemplares', code: TITLE_TAB_CODE.COPIES },
  dublinCore: { segment: 'dublin-core', code: TITLE_TAB_CODE.DUBLIN_CORE },
  hold: { segment: 'reserva', code: TITLE_TAB_CODE.HOLD },
  loanRequest: { segment: 'solicitacao-emprestimo', code: TITLE_TAB_CODE.LOAN_REQUEST },
  kardex: { segment: 'colecao-kardex', code: TITLE_TAB_CODE.KARDEX },
  summaries: { segment: 'sumarios', code: TITLE_TAB_CODE.SUMMARIES },
  bookSummaries: { segment: 'sumarios-livros', code: TITLE_TAB_CODE.BOOK_SUMMARIES },
  statistics: { segment: 'dados-estatisticos', code: TITLE_TAB_CODE.STATISTICS },
  closedCollection: { segment: 'acervo-fechado', code: TITLE_TAB_CODE.CLOSED_COLLECTION },
} as const;
export type TitleTabKey = keyof typeof TITLE_TABS;

/** Authority views (SPEC §2). */
export const AUTHORITY_TABS = {
  data: { segment: '' },
  marc: { segment: 'marc' },
} as const;
export type AuthorityTabKey = keyof typeof AUTHORITY_TABS;

/** Items of the personal-area menu (decision 0028): the URL segment of each under /meupergamum. */
export const PERSONAL_AREA_SEGMENTS = {
  loans: 'emprestimos',
  renewal: 'renovacao',
  debts: 'debitos',
  suspensions: 'afastamentos',
  noDebts: 'nada-consta',
  loanHistory: 'historico',
  holds: 'reservas',
  loanRequests: 'solicitacoes',
  interlibrary: 'emprestimo-entre-bibliotecas',
  comments: 'comentarios',
  personalData: 'dados-pessoais',
  userSwap: 'troca-usuario',
  password: 'senha',
  loanToken: 'token-emprestimo',
  alerts: 'alertas',
  privacy: 'privacidade',
  // Saved lists and databases (decision 0043).
  lists: 'listas',
  databases: 'bases-dados',
  // The library services (decision 0047).
  interestProfile: 'perfil-interesse',
  interestAreas: 'areas-interesse',
  libraryRequests: 'pedidos',
  bibliographicSwitching: 'comutacao-levantamento',
  catalogueSheet: 'ficha-catalografica',
  acquisition: 'aquisicao',
  suggestions: 'sugestoes',
  purchaseOrders: 'pedidos-compra',
  acquisitionStats: 'estatisticas-aquisicao',
  titleTotals: 'totais-titulos',
  paperPosting: 'postagem-trabalhos',
  specializedSearch: 'pesquisa-especializada',
  teachingPlan: 'plano-ensino',
} as const;
export type PersonalAreaItemKey = keyof typeof PERSONAL_AREA_SEGMENTS;

function withSegment(base: string, segment: string): string {
  return segment ? `${base}/${segment}` : base;
}

/** Every route of SPEC §2: `path` for the router, `getHref` for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  guide: { path: '/:guia', getHref: (guide: string) => `/${encodeURIComponent(guide)}` },
  login: {
    path: '/login',
    getHref: (redirectTo?: string) =>
      redirectTo && redirectTo !== '/'
        ? `/login?${REDIRECT_PARAM}=${encodeURIComponent(redirectTo)}`
        : '/login',
  },
  logout: { path: '/sair', getHref: () => '/sair' },
  externalRedirect: { path: '/pergamum_redireciona', getHref: () => '/pergamum_redireciona' },
  oauthResponse: { path: '/oauth-response', getHref: () => '/oauth-response' },
  samlResponse: { path: '/saml-response', getHref: () => '/saml-response' },
  grupoA: { path: '/grupoa', getHref: () => '/grupoa' },
  /** Restricted publisher content (SPEC §2), opened in a new tab with the key of the form it posts. */
  pearson: {
    path: '/pearson',
    getHref: (formKey?: string) =>
      formKey ? `/pearson?${PUBLISHER_FORM_PARAM}=${encodeURIComponent(formKey)}` : '/pearson',
  },
  basket: { path: '/cesta', getHref: () => '/cesta' },
  /** A list shared by link (decision 0043), read-only, open to anyone with the link. */
  sharedList: { path: '/lista/:token', getHref: (token: string) => `/lista/${encodeURIComponent(token)}` },
  personalArea: { path: '/meupergamum', getHref: () => '/meupergamum' },
  /** The staff workspace (decision 0054): staff only; visitors sign in, patrons get not-found. */
  staff: { path: '/equipe', getHref: () => '/equipe' },
  /** A part of the staff workspace by its segment ('' for the first page). */
  staffSection: { path: '/equipe/:parte', getHref: (segment: string) => withSegment('/equipe', segment) },
  personalAreaApp: { path: '/meupergamum/app', getHref: () => '/meupergamum/app' },
  /** One item of the personal-area menu (decision 0028), a child route of /meupergamum. */
  personalAreaItem: {
    path: '/meupergamum/:item',
    getHref: (item: PersonalAreaItemKey) => `/meupergamum/${PERSONAL_AREA_SEGMENTS[item]}`,
  },
  title: {
    path: '/acervo/:codAcervo',
    getHref: (id: number | string, tab: TitleTabKey = 'data') =>
      withSegment(`/acervo/${encodeURIComponent(String(id))}`, TITLE_TABS[tab].segment),
  },
  /** Institution pages (decision 0013): FAQ, general information, opening hours, events and their calendar. */
  faq: { path: '/instituicao/perguntas-frequentes', getHref: () => '/instituicao/perguntas-frequentes' },
  generalInformation: {
    path: '/instituicao/informacoes-gerais',
    getHref: () => '/instituicao/informacoes-gerais',
  },
  openingHours: { path: '/instituicao/horarios', getHref: () => '/instituicao/horarios' },
  events: { path: '/instituicao/eventos', getHref: () => '/instituicao/eventos' },
  eventsCalendar: {
    path: '/instituicao/calendario',
    getHref: (month?: string) =>
      month ? `/instituicao/calendario?${CALENDAR_MONTH_PARAM}=${month}` : '/instituicao/calendario',
  },
  authority: {
    path: '/autoridade/:codAutoridade',
    getHref: (id: number | string, tab: AuthorityTabKey = 'data') =>
      withSegment(`/autoridade/${encodeURIComponent(String(id))}`, AUTHORITY_TABS[tab].segment),
  },
} as const;

/** A record id from a route parameter: a positive integer, else null. */
export function parseRecordId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
