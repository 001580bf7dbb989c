import type { TokenResponse } from './schemas/auth.ts';
import type {
  ActivityPermission,
  DefaultImage,
  Institution,
  InstitutionPage,
  SearchTab,
  SelfService,
} from './schemas/institution.ts';

/**
 * The public configuration every page of the app asks for before it shows (SPEC §2: a public token,
 * the institution, its functionalities, search tabs and self-service links), written by the server
 * into the page it sends (issue 18), so the app starts without waiting for those calls. Each value
 * is the answer its call would give; `language` is the language the functionalities were described
 * in (the page's `?lang`, else the language cookie, else pt), which the app uses only when it starts
 * in that language.
 */
export interface PageConfiguration {
  language: 'pt' | 'en' | 'es';
  token: Pick<TokenResponse, 'access_token' | 'expires_in'>;
  institution: Institution;
  functionalities: ActivityPermission[];
  searchTabs: SearchTab[];
  selfService: SelfService;
  /**
   * GET /parametros/secao_1 and secao_2 in `language`: the home page's sections, their HTML as the
   * institution wrote it (the app sanitises it where it shows it, as it does the calls' answers).
   */
  homeSections: Record<HomeSectionKey, InstitutionPage>;
  /** GET /consulta/imagem-padrao: the cover shown for titles without one. */
  defaultImage: DefaultImage;
}

/** The home page's two sections (SPEC §7). */
export type HomeSectionKey = 'secao_1' | 'secao_2';

/** The id of the `<script type="application/json">` element that carries the page's configuration. */
export const PAGE_CONFIGURATION_ELEMENT_ID = 'estante-configuracao';

/** The page's `?` parameter that chooses the interface language (SPEC "Page chrome"). */
export const LANGUAGE_PARAM = 'lang';

/**
 * The cookie in which the app repeats the visitor's interface language, so the server can write a
 * page for it (its texts preloaded, its functionalities described in it) before the app runs.
 */
export const LANGUAGE_COOKIE = 'estante-idioma';
