import type { SearchTab } from '@estante/contract';

/** The search tabs of SPEC §2 in their order; an institution may turn any of them off. */
export const SEARCH_TAB_DATA: SearchTab[] = [
  { key: 'geral', label: 'search.tab.geral', enabled: true, order: 1 },
  { key: 'ebooks', label: 'search.tab.ebooks', enabled: true, order: 2 },
  { key: 'arquivo', label: 'search.tab.arquivo', enabled: true, order: 3 },
  { key: 'atos-normativos', label: 'search.tab.atos-normativos', enabled: true, order: 4 },
  { key: 'jurisprudencia', label: 'search.tab.jurisprudencia', enabled: true, order: 5 },
  { key: 'autoridades', label: 'search.tab.autoridades', enabled: true, order: 6 },
  { key: 'avancada', label: 'search.tab.avancada', enabled: true, order: 7 },
  { key: 'acessibilidade', label: 'search.tab.acessibilidade', enabled: true, order: 8 },
  { key: 'novas-aquisicoes', label: 'search.tab.novas-aquisicoes', enabled: true, order: 9 },
  { key: 'plano-ensino', label: 'search.tab.plano-ensino', enabled: true, order: 10 },
  { key: 'rede-oai', label: 'search.tab.rede-oai', enabled: true, order: 11 },
];
