import {
  FunctionalitiesSchema,
  InstitutionSchema,
  SearchTabsSchema,
  SelfServiceSchema,
  type PageConfiguration,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { listActivities, readSettings } from './repository.ts';
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

/**
 * The configuration a page of the app asks for before it shows, as its four calls would answer
 * (each passed through its response schema, as the routes' serialisers do), with a public token.
 */
export async function readPageConfiguration(
  db: Db,
  options: { language: PageConfiguration['language']; sendsMail: boolean; token: PageConfiguration['token'] },
): Promise<PageConfiguration> {
  const [settings, functionalities] = await Promise.all([
    readSettings(db),
    functionalitiesAnswer(db, options.language),
  ]);
  return {
    language: options.language,
    token: options.token,
    institution: InstitutionSchema.parse(institutionAnswer(settings, options.sendsMail)),
    functionalities: FunctionalitiesSchema.parse(functionalities),
    searchTabs: SearchTabsSchema.parse(SEARCH_TAB_DATA),
    selfService: SelfServiceSchema.parse(presentSelfService(settings)),
  };
}
