import type { SearchTab } from '@estante/contract';

/** Search tabs offered by the foundation; later issues enable the rest as they are built. */
export const SEARCH_TAB_DATA: SearchTab[] = [
  { key: 'geral', label: 'search.tab.geral', enabled: true, order: 1 },
  { key: 'ebooks', label: 'search.tab.ebooks', enabled: false, order: 2 },
  { key: 'arquivo', label: 'search.tab.arquivo', enabled: false, order: 3 },
  { key: 'atos-normativos', label: 'search.tab.atos-normativos', enabled: false, order: 4 },
  { key: 'jurisprudencia', label: 'search.tab.jurisprudencia', enabled: false, order: 5 },
  { key: 'autoridades', label: 'search.tab.autoridades', enabled: false, order: 6 },
  { key: 'avancada', label: 'search.tab.avancada', enabled: false, order: 7 },
  { key: 'acessibilidade', label: 'search.tab.acessibilidade', enabled: false, order: 8 },
  { key: 'novas-aquisicoes', label: 'search.tab.novas-aquisicoes', enabled: false, order: 9 },
  { key: 'plano-ensino', label: 'search.tab.plano-ensino', enabled: false, order: 10 },
  { key: 'rede-oai', label: 'search.tab.rede-oai', enabled: false, order: 11 },
];
