import type {
  Authority,
  Copy,
  Institution,
  NetworkRecord,
  SearchHit,
  SearchResponse,
  SearchTab,
  SelfService,
  Title,
} from '@estante/contract';

/** Test data shaped by the contract (STYLE "Data comes from factories"). */
export function buildInstitution(overrides: Partial<Institution> = {}): Institution {
  return {
    codEmpresa: 1,
    nome: 'Biblioteca Pública Estadual',
    sigla: 'BPE',
    usaOIDC: false,
    usaSAML: false,
    login_pede_categoria: false,
    login_consulta_pessoa: false,
    destino_padrao_login_catalogo: true,
    denominacao_login: null,
    msg_login: null,
    link_logout_OIDC: null,
    link_logout_saml: null,
    tema: 'neo',
    msg_suporte_consulta: null,
    link_lgpd: null,
    link_externo: null,
    desc_link_externo: null,
    link_catalogo_rede: null,
    desc_link_catalogo_rede: null,
    nome_area_pessoal: null,
    params: { __web_url_pw: null, __web_aquisicao: null },
    ...overrides,
  };
}

export function buildSelfService(overrides: Partial<SelfService> = {}): SelfService {
  return { showAuto: false, codBibAuto: null, authAuto: false, idiomaAuto: null, ...overrides };
}

export function buildSearchTabs(): SearchTab[] {
  return [
    { key: 'geral', label: 'search.tab.geral', enabled: true, order: 1 },
    { key: 'ebooks', label: 'search.tab.ebooks', enabled: false, order: 2 },
  ];
}

export function buildHit(overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    cod_acervo: 1,
    titulo: 'Dom Casmurro',
    autor: 'Machado de Assis, 1839-1908',
    ano_publicacao: 1899,
    desc_tipo_obra: 'Livro',
    cod_tipo_obra: 'LIVRO',
    idioma: 'por',
    idioma_desc: 'Português',
    numero_chamada: '869.3 M149d',
    link_capa: null,
    acesso_remoto: null,
    possui_acessibilidade: 'N',
    exemplares_disponiveis: 2,
    exemplares_total: 3,
    ...overrides,
  };
}

export function buildSearchResponse(
  hits: SearchHit[],
  overrides: Partial<SearchResponse> = {},
): SearchResponse {
  return {
    data: hits,
    total: hits.length,
    id: 'search-1',
    base: 'acervo',
    tab: 'geral',
    filtros: [],
    paginaAtiva: 1,
    quantPag: 20,
    ordenacao: 'C',
    ...overrides,
  };
}

export function buildTitle(overrides: Partial<Title> = {}): Title {
  return {
    cod_acervo: 1,
    titulo: 'Dom Casmurro',
    autor: 'Machado de Assis, 1839-1908',
    autores: [{ nome: 'Machado de Assis, 1839-1908', cod_autoridade: 7, funcao: null }],
    assunto: 'Ficção brasileira',
    assuntos: [{ termo: 'Ficção brasileira', cod_autoridade: 9 }],
    ano_publicacao: 1899,
    publicacao: 'Rio de Janeiro: Garnier, 1899',
    edicao: null,
    descricao_fisica: '282 p.',
    serie: null,
    notas: [],
    isbn: [],
    issn: [],
    idioma: 'por',
    idioma_desc: 'Português',
    numero_chamada: '869.3 M149d',
    referencia: 'MACHADO DE ASSIS. Dom Casmurro. Rio de Janeiro: Garnier, 1899.',
    cod_tipo_obra: 'LIVRO',
    desc_tipo_obra: 'Livro',
    acesso_remoto: null,
    link_capa: null,
    possui_acessibilidade: 'N',
    cod_tipo_area_conhec: null,
    desc_tipo_area_conhec: null,
    cod_area_conhecimento: null,
    areas_conhecimento: [],
    dados_adicionais: {},
    rota: null,
    cursos_disc: [],
    tipo_emprestimo: null,
    localizacao: null,
    colecao: null,
    data_prevista_devolucao: null,
    bibliotecas: [{ cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central' }],
    links: [],
    controle: '0001',
    ...overrides,
  };
}

export function buildCopy(overrides: Partial<Copy> = {}): Copy {
  return {
    cod_exemplar: 1,
    cod_biblioteca: 1,
    desc_biblioteca: 'Biblioteca Central',
    numero: '1001',
    volume: null,
    tomo: null,
    parte: null,
    tipo_emprestimo: 'Normal',
    localizacao: 'Estante 3',
    situacao: 'disponivel',
    data_prevista_devolucao: null,
    ...overrides,
  };
}

export function buildAuthority(overrides: Partial<Authority> = {}): Authority {
  return {
    cod_autoridade: 7,
    tipo: 'pessoa',
    cabecalho: 'Machado de Assis, 1839-1908',
    remissivas_ver: ['Assis, Joaquim Maria Machado de'],
    remissivas_ver_tambem: [],
    notas: [],
    titulos: [{ cod_acervo: 1, titulo: 'Dom Casmurro', ano_publicacao: 1899 }],
    total_titulos: 1,
    ...overrides,
  };
}

/** A record of another institution of the library network (GET /rede-pergamum/acervo/{id}). */
export function buildNetworkRecord(overrides: Partial<NetworkRecord> = {}): NetworkRecord {
  return {
    id: 42,
    tipo_obra: 'LIVRO',
    desc_tipo_obra: 'Livro',
    instituicao: { cod_empresa: 12, desc_empresa: 'Faculdade de Artes do Planalto' },
    controle: 'rede-fap-0003',
    titulo: 'Macunaíma : o herói sem nenhum caráter',
    titulo_original: null,
    autor: 'Andrade, Mário de, 1893-1945',
    autores: ['Andrade, Mário de, 1893-1945'],
    assuntos: ['Ficção brasileira', 'Modernismo (Literatura) - Brasil'],
    ano_publicacao: 1928,
    publicacao: 'São Paulo, 1928',
    edicao: null,
    descricao_fisica: null,
    serie: null,
    notas: [],
    isbn: [],
    issn: [],
    idioma: 'por',
    idioma_desc: 'Português',
    numero_chamada: null,
    link_capa: null,
    links: [],
    marc: {
      leader: '00000nam a2200000 i 4500',
      fields: [
        { tag: '001', value: 'rede-fap-0003' },
        {
          tag: '245',
          ind1: '1',
          ind2: '0',
          subfields: [
            { code: 'a', value: 'Macunaíma :' },
            { code: 'b', value: 'o herói sem nenhum caráter' },
          ],
        },
      ],
    },
    ...overrides,
  };
}
