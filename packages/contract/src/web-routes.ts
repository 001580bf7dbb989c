import { SEARCH_TABS } from './institution.ts';
import { STAFF_SEGMENTS } from './staff.ts';
import { TITLE_TAB_SEGMENTS } from './title-tabs.ts';

/**
 * The addresses the web app answers (SPEC §2), for the server: a GET of one of them loads the app
 * with status 200, any other address loads it with status 404 (the app shows its not-found screen).
 * apps/web/src/config/paths.ts builds the links; a web test checks every route there is known here.
 */

/** Items of the personal-area menu under /meupergamum (decision 0028), and its app page. */
const PERSONAL_AREA_SEGMENTS = [
  'app',
  'emprestimos',
  'renovacao',
  'debitos',
  'afastamentos',
  'nada-consta',
  'historico',
  'reservas',
  'solicitacoes',
  'emprestimo-entre-bibliotecas',
  'comentarios',
  'dados-pessoais',
  'troca-usuario',
  'senha',
  'token-emprestimo',
  'alertas',
  'privacidade',
  // Saved lists and databases (decision 0043).
  'listas',
  'bases-dados',
  // The library services (decision 0047).
  'perfil-interesse',
  'areas-interesse',
  'pedidos',
  'comutacao-levantamento',
  'ficha-catalografica',
  'aquisicao',
  'sugestoes',
  'pedidos-compra',
  'estatisticas-aquisicao',
  'totais-titulos',
  'postagem-trabalhos',
  'pesquisa-especializada',
  'plano-ensino',
] as const;

const STATIC_PATHS = new Set([
  '/',
  '/login',
  '/sair',
  '/pergamum_redireciona',
  '/oauth-response',
  '/saml-response',
  '/grupoa',
  '/pearson',
  '/cesta',
  '/meupergamum',
  // The staff workspace and its parts (decisions 0054, 0055).
  '/equipe',
  ...Object.values(STAFF_SEGMENTS).map((segment) => `/equipe/${segment}`),
  '/instituicao/perguntas-frequentes',
  '/instituicao/informacoes-gerais',
  '/instituicao/horarios',
  '/instituicao/eventos',
  '/instituicao/calendario',
  ...PERSONAL_AREA_SEGMENTS.map((segment) => `/meupergamum/${segment}`),
]);

const RECORD_ID = /^[1-9]\d{0,8}$/;
/** A shared list's token (decision 0043): URL-safe base64. */
const SHARE_TOKEN = /^[A-Za-z0-9_-]{20,64}$/;
const SEARCH_GUIDES: ReadonlySet<string> = new Set(SEARCH_TABS);
const TITLE_TABS: ReadonlySet<string> = new Set(TITLE_TAB_SEGMENTS);

/** The web page of a catalogue record (SPEC §2 /acervo/{codAcervo}), for sitemaps. */
export function titlePagePath(id: number): string {
  return `/acervo/${id}`;
}

/** The largest id PostgreSQL's integer holds: a longer number in an address names no record. */
const MAX_RECORD_ID = 2_147_483_647;

/**
 * The record a path is the page of (`/acervo/12`, `/acervo/12/marc`): its id, `null` for a record
 * address with an id no record can have, `undefined` for any other path.
 */
export function titleIdOfPagePath(pathname: string): number | null | undefined {
  if (!pathname.startsWith('/acervo/')) return undefined;
  const match = /^\/acervo\/(\d{1,10})(?:\/|$)/.exec(pathname);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_RECORD_ID ? id : null;
}

/** Whether the web app has a page at this path (no query string; one trailing slash allowed). */
export function isWebAppPath(pathname: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (STATIC_PATHS.has(path)) return true;
  const segments = path.split('/').slice(1);
  if (segments.length === 1) return SEARCH_GUIDES.has(segments[0]!);
  // A list shared by link (decision 0043): /lista/{token}.
  if (segments.length === 2 && segments[0] === 'lista') return SHARE_TOKEN.test(segments[1]!);
  const [section, id, tab, ...rest] = segments;
  if (rest.length > 0 || !RECORD_ID.test(id ?? '')) return false;
  if (section === 'acervo') return tab === undefined || TITLE_TABS.has(tab);
  if (section === 'autoridade') return tab === undefined || tab === 'marc';
  return false;
}
