import type { Queryable } from '../../lib/db/index.ts';
import { upsertDatabase, type ResearchDatabaseInput } from './repository.ts';

/** Open databases libraries in Brazil point their patrons to (real addresses, README "Demo library"). */
export const DEMO_DATABASES: readonly ResearchDatabaseInput[] = [
  {
    name: 'Portal de Periódicos CAPES',
    description:
      'Portal da CAPES com textos completos de periódicos científicos, livros, normas técnicas e bases ' +
      'referenciais. O conteúdo assinado abre na rede das instituições participantes ou pela CAFe; ' +
      'parte do acervo é de acesso aberto.',
    areas: ['Multidisciplinar'],
    url: 'https://www.periodicos.capes.gov.br/',
    is_subscribed: true,
  },
  {
    name: 'SciELO Brasil',
    description:
      'Scientific Electronic Library Online: periódicos científicos brasileiros em acesso aberto, com ' +
      'artigos em texto completo.',
    areas: ['Multidisciplinar', 'Ciências da Saúde', 'Ciências Humanas'],
    url: 'https://www.scielo.br/',
    is_subscribed: false,
  },
  {
    name: 'BDTD — Biblioteca Digital Brasileira de Teses e Dissertações',
    description:
      'Mantida pelo IBICT, reúne as teses e dissertações defendidas em instituições brasileiras de ensino ' +
      'e pesquisa, com acesso ao texto completo nos repositórios de origem.',
    areas: ['Multidisciplinar'],
    url: 'https://bdtd.ibict.br/',
    is_subscribed: false,
  },
  {
    name: 'DOAJ — Directory of Open Access Journals',
    description:
      'Diretório internacional de periódicos revisados por pares em acesso aberto, com busca por título ' +
      'de periódico e por artigo.',
    areas: ['Multidisciplinar'],
    url: 'https://doaj.org/',
    is_subscribed: false,
  },
  {
    name: 'Domínio Público',
    description:
      'Biblioteca digital do Ministério da Educação com obras literárias, artísticas e científicas em ' +
      'domínio público ou de divulgação autorizada: textos, imagens, sons e vídeos.',
    areas: ['Literatura', 'Educação'],
    url: 'http://www.dominiopublico.gov.br/',
    is_subscribed: false,
  },
  {
    name: 'LexML Brasil',
    description:
      'Rede de informação legislativa e jurídica: normas federais, estaduais e municipais, projetos de ' +
      'lei, jurisprudência e doutrina, reunidos de órgãos dos três poderes.',
    areas: ['Direito'],
    url: 'https://www.lexml.gov.br/',
    is_subscribed: false,
  },
];

/** Loads the demo databases (again: they are replaced by name). */
export async function seedDemoDatabases(db: Queryable): Promise<void> {
  for (const database of DEMO_DATABASES) await upsertDatabase(db, database);
}
