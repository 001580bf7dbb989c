import {
  DefaultImageSchema,
  FunctionalitiesSchema,
  type HomeSectionKey,
  InstitutionPageSchema,
  InstitutionSchema,
  SearchTabsSchema,
  SelfServiceSchema,
  type PageConfiguration,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { listActivities, readPage, readSettings } from './repository.ts';
import { presentInstitution, presentSelfService } from './presenters.ts';
import { SEARCH_TAB_DATA } from './search-tabs.ts';

/** GET /parametros/instituicao's answer: the institution's public settings. */
export function institutionAnswer(settings: Record<string, unknown>, sendsMail: boolean) {
  return { ...presentInstitution(settings), envia_email: sendsMail };
}

/** GET /parametros/funcionalidades's answer: the activities the institution has on, described in `language`. */
export async function functionalitiesAnswer(db: Db, language: PageConfiguration['language']) {
  return (await listActivities(db, language)).map((a) => ({
    cod_atividade: a.code,
    descricao: a.description,
  }));
}

/** GET /parametros/secao_1, secao_2 and informacoes_gerais's answer: a page the institution writes, in `language`. */
export async function institutionPageAnswer(db: Db, key: string, language: PageConfiguration['language']) {
  const page = await readPage(db, key, language);
  return { titulo: page?.title ?? null, conteudo: page?.body ?? null };
}

/** Where the cover drawn for titles without one is served (outside the API's token). */
export const DEFAULT_COVER_PATH = '/consulta/imagem-padrao/capa.svg';

/** GET /consulta/imagem-padrao's answer: the address of that cover. */
export const defaultImageAnswer = () => ({ url: `/api${DEFAULT_COVER_PATH}` });

/**
 * The configuration a page of the app asks for before it shows, as its four calls would answer
 * (each passed through its response schema, as the routes' serialisers do), with a public token,
 * and the home page's own calls (its sections in the page's language, the default cover).
 */
export async function readPageConfiguration(
  db: Db,
  options: { language: PageConfiguration['language']; sendsMail: boolean; token: PageConfiguration['token'] },
): Promise<PageConfiguration> {
  const [settings, functionalities, section1, section2] = await Promise.all([
    readSettings(db),
    functionalitiesAnswer(db, options.language),
    institutionPageAnswer(db, 'secao_1' satisfies HomeSectionKey, options.language),
    institutionPageAnswer(db, 'secao_2' satisfies HomeSectionKey, options.language),
  ]);
  return {
    language: options.language,
    token: options.token,
    institution: InstitutionSchema.parse(institutionAnswer(settings, options.sendsMail)),
    functionalities: FunctionalitiesSchema.parse(functionalities),
    searchTabs: SearchTabsSchema.parse(SEARCH_TAB_DATA),
    selfService: SelfServiceSchema.parse(presentSelfService(settings)),
    homeSections: {
      secao_1: InstitutionPageSchema.parse(section1),
      secao_2: InstitutionPageSchema.parse(section2),
    },
    defaultImage: DefaultImageSchema.parse(defaultImageAnswer()),
  };
}
