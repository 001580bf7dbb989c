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
  campuses: '/campus',
  libraries: '/unidade-informacao',
  title: (id: number | string) => `/acervo/${id}`,
  titleReference: (id: number | string) => `/acervo/${id}/referencia`,
  titleMarc: (id: number | string) => `/acervo/${id}/marc`,
  titleCopies: (id: number | string) => `/acervo/${id}/exemplares`,
  titleDublinCore: (id: number | string) => `/acervo/${id}/dublin-core`,
  titleLinks: (id: number | string) => `/acervo/${id}/links`,
  /** Export the basket as a file or send it by e-mail (SPEC §7 POST /acervo/exportar-cesta). */
  basketExport: '/acervo/exportar-cesta',
  linkAccess: '/vinculos/estatistica-acesso',
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
} as const;
