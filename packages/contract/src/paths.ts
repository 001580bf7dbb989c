/** API paths (SPEC §7), relative to the /api prefix. */
export const API_PREFIX = '/api';
export const API_PATHS = {
  token: '/oauth/token',
  institution: '/parametros/instituicao',
  functionalities: '/parametros/funcionalidades',
  searchTabs: '/parametros/abas-pesquisa',
  selfService: '/parametros/autoatendimento',
  defaultImage: '/consulta/imagem-padrao',
  search: '/consulta',
  orderings: '/consulta/ordenacao',
  filters: '/consulta/filtros',
  /** The search tabs' own forms (docs/search.md "Search tabs"): the options each offers. */
  archiveOptions: '/consulta/opcoes-arquivo',
  normativeActOptions: '/consulta/opcoes-atos-normativos',
  caseLawOptions: '/consulta/jurisprudencia-options',
  advancedOptions: '/consulta/opcoes-avancada',
  /** The Atom feed of a new-acquisitions search (RFC 4287), public so feed readers can subscribe. */
  newAcquisitionsFeed: '/consulta/novas-aquisicoes.atom',
  /** The teaching-plan tab (SPEC §7): its choices, and the plans with their bibliography. */
  teachingPlanChoices: '/acervo/meu-pergamum/plano-ensino/disciplinas-bibliotecas',
  teachingPlanBibliography: '/acervo/meu-pergamum/plano-ensino/bibliografia',
  /** Search aids (docs/search.md): index browse, titles under an entry, authority search, did you mean, autocomplete. */
  indexOptions: '/consulta/opcoes-indice',
  indexBrowse: '/consulta/indice',
  indexedTitles: '/consulta/acervos-indexados',
  authoritySearch: '/consulta/autoridades',
  didYouMean: '/consulta/sugestoes',
  autocomplete: '/consulta/autocompletar',
  campuses: '/campus',
  libraries: '/unidade-informacao',
  title: (id: number | string) => `/acervo/${id}`,
  titleReference: (id: number | string) => `/acervo/${id}/referencia`,
  titleMarc: (id: number | string) => `/acervo/${id}/marc`,
  titleCopies: (id: number | string) => `/acervo/${id}/exemplares`,
  titleDublinCore: (id: number | string) => `/acervo/${id}/dublin-core`,
  titleLinks: (id: number | string) => `/acervo/${id}/links`,
  /** Which sub-tabs the title shows (SPEC §7 /acervo/{id}/permissoes). */
  titlePermissions: (id: number | string) => `/acervo/${id}/permissoes`,
  /** Loan statistics of a title (tab 74): the years with loans, and one year by month. */
  titleLoanYears: (id: number | string) => `/acervo/${id}/dados-estatisticos/anos`,
  titleLoanYear: (id: number | string, year: number | string) =>
    `/acervo/${id}/dados-estatisticos/dados/${year}`,
  /** Closed-stack copies of a title that can be requested, and the request itself (/acervo-fechado). */
  titleClosedStacks: (id: number | string) => `/acervo/${id}/dados-armazem`,
  closedStacksRequest: '/gravar-armazem',
  /** Tables of contents of a title: 505 of a book, the issues' contents of a periodical. */
  summary: (id: number | string) => `/sumario/${id}/dados`,
  /** Serial holdings (kardex, tab 32) of a periodical. */
  kardexPermission: (id: number | string) => `/kardex/${id}/permissao`,
  kardexCombobox: (id: number | string) => `/kardex/${id}/combobox-data`,
  kardexData: (id: number | string) => `/kardex/${id}/data`,
  kardexItem: (id: number | string) => `/kardex/${id}/item`,
  /** Opens a restricted online link (SPEC §7 POST /vinculos/acesso-restrito/{a}/s/{b}). */
  restrictedAccess: (titleId: number | string, seq: number | string) =>
    `/vinculos/acesso-restrito/${titleId}/s/${seq}`,
  /** Export the basket as a file or send it by e-mail (SPEC §7 POST /acervo/exportar-cesta). */
  basketExport: '/acervo/exportar-cesta',
  /** The patron's permanent basket (SPEC §7) and named lists (decision 0043). */
  permanentBasket: '/acervo/cesta-permanente',
  permanentBasketTitles: '/acervo/cesta-permanente/colecao',
  lists: '/acervo/listas',
  list: (id: number | string) => `/acervo/listas/${id}`,
  listTitles: (id: number | string) => `/acervo/listas/${id}/acervos`,
  listTitle: (id: number | string, titleId: number | string) => `/acervo/listas/${id}/acervos/${titleId}`,
  sharedList: (token: string) => `/acervo/listas/compartilhadas/${token}`,
  /** The library's research databases (SPEC §7). */
  researchDatabases: '/acervo/meu-pergamum/bases-dados',
  linkAccess: '/vinculos/estatistica-acesso',
  /** Result-line extras of several titles at once (SPEC §7): additional titles and online links. */
  additionalTitles: '/consulta/titulos-adicionais',
  resultLinks: '/vinculos/links-resultado',
  /** A cover from the institution's provider by ISBN (decision 0070), fetched by <img>: no token. */
  isbnCover: (isbn: string) => `/vinculos/capa-isbn/${isbn}`,
  /** The cover and other image links of one title (SPEC §7 /vinculos/imagem). */
  titleImages: '/vinculos/imagem',
  /** The library network (SPEC §7 Network): its institutions, and one record of another institution. */
  networkInstitutions: '/rede-pergamum/oai/instituicoes',
  networkRecord: (id: number | string) => `/rede-pergamum/acervo/${id}`,
  /** The ABNT reference of a title (SPEC §7 /vinculos/abnt/{x}). */
  linkAbnt: (id: number | string) => `/vinculos/abnt/${id}`,
  authorityCombo: '/autoridade/combo',
  authority: (id: number | string) => `/autoridade/${id}`,
  authorityMarc: (id: number | string) => `/autoridade/${id}/marc`,
  /** Institution pages and the opening hours and events (SPEC §7 Parameters). */
  homeSection1: '/parametros/secao_1',
  homeSection2: '/parametros/secao_2',
  faq: '/parametros/faq',
  generalInformation: '/parametros/informacoes_gerais',
  openingHours: '/parametros/atendimento',
  campusOpeningHours: (campus: number | string) => `/parametros/atendimento/${campus}`,
  institutionalEvents: '/parametros/eventos_institucionais',
  eventsCalendar: '/parametros/eventos_eventum',
  /** The general comment and the purchase suggestion (SPEC §7 Libraries and campus). */
  libraryComment: '/unidade-informacao/comentario',
  purchaseSuggestion: '/unidade-informacao/sugestao-aquisicao',
  /** Circulation (SPEC §7 Loans, Reservations, Loan request, People): the signed-in patron's own. */
  pendingTitles: '/emprestimo/titulos-pendentes',
  renewal: '/emprestimo/renovacao',
  loanHistory: '/emprestimo/historico',
  pendingDebts: '/emprestimo/debitos-pendentes',
  loanToken: '/emprestimo/token',
  paymentSlip: '/unidade-informacao/gru',
  noDebtsCheck: '/unidade-informacao/nada-consta/verifica',
  noDebts: '/unidade-informacao/nada-consta',
  noDebtsMail: '/nada-consta/send-mail',
  renewalOverview: '/pessoas/renovar',
  suspensions: '/pessoas/afastamentos',
  /** The personal area's first page (decision 0046): what needs the patron now, with counts. */
  dashboard: '/pessoas/meu-pergamum/painel',
  holdInitialInfo: (id: number | string) => `/reserva/${id}/informacoes-iniciais`,
  holdQueueCheck: '/reserva/validar-fila',
  holds: '/reserva',
  holdHistory: '/reserva/historico',
  loanRequestInitialInfo: (id: number | string) => `/solicitacao-emprestimo/${id}/informacoes-iniciais`,
  loanRequest: (id: number | string) => `/solicitacao-emprestimo/${id}`,
  loanRequests: '/solicitacao-emprestimo',
  interlibraryData: '/solicitacoes/emprestimo-inter-bibliotecas/dados',
  interlibraryRequests: '/solicitacoes/emprestimo-inter-bibliotecas',
  /** Title comments (SPEC §7 Comments): a record's approved ones and the signed-in patron's own. */
  titleComments: (id: number | string) => `/comentarios/acervo/${id}`,
  ownComments: '/comentarios/usuario/acervos',
  ownTitleComments: (id: number | string) => `/comentarios/usuario/acervo/${id}`,
  ownComment: (id: number | string) => `/comentarios/usuario/${id}`,
  /** The patron's alerts (SPEC §7 Requests alertas; decision 0044), one alert, and the unread count. */
  alerts: '/solicitacoes/alertas',
  alert: (id: number | string) => `/solicitacoes/alertas/${id}`,
  unreadAlerts: '/solicitacoes/alertas/nao-lidos',
  /** Acquisition statistics (SPEC §7 Acquisition; decision 0051): copies and titles acquired, as JSON or CSV. */
  acquisitionStats: '/aquisicao/estatisticas',
  /** A title's circulation totals, its spine-label colour and the libraries holding it (SPEC §7; decision 0053). */
  titleTotals: (id: number | string) => `/acervo/${id}/totais`,
  titleColour: (id: number | string) => `/acervo/${id}/cor`,
  titleLibraries: (id: number | string) => `/acervo/${id}/bibliotecas`,
  /** Hand-off to the institution's repository to deposit a paper (SPEC §7 People; decision 0053). */
  paperPostingRedirect: '/pessoas/postagem-trabalho/redirect',
  /** The interest profile (SPEC §7 api/perfil-interesse; decision 0052). */
  interestAuxiliary: '/perfil-interesse/areas-interesse/info-auxiliar',
  interestTopics: '/perfil-interesse/area-autor-assunto',
  interestTopicSearch: '/perfil-interesse/area-autor-assunto/pesquisa',
  interestTopicValidity: '/perfil-interesse/area-autor-assunto/validade',
  interestPeriodicals: '/perfil-interesse/periodicos',
  interestPeriodicalSearch: '/perfil-interesse/periodicos/pesquisa',
  interestWorkTypes: '/perfil-interesse/tipo-obra',
  interestTitles: '/perfil-interesse/titulos',
} as const;

/** Operations calls (issue 14), relative to the /api prefix: liveness and readiness probes. */
export const OPERATIONS_PATHS = {
  health: '/health',
  ready: '/ready',
} as const;
