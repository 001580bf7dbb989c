import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type InstitutionPage, type InstitutionPageKey } from '@estante/contract';
import { apiGet, type ResponseSchema } from '../../../lib/api-client';
import { answerOf, nullable, record, text } from '../../../lib/answer-checks';
import { currentLanguage } from '../../../lib/i18n';
import { pageHomeSection } from '../../../lib/page-configuration';

/**
 * InstitutionPageSchema's check by hand: the home page's sections are its only calls once the
 * configuration comes in the page (decision 0076), and zod need not load for two texts (0069).
 */
export const institutionPageAnswer: ResponseSchema<InstitutionPage> = answerOf(
  record({ titulo: nullable(text), conteudo: nullable(text) }),
);

const PAGE_PATHS: Record<InstitutionPageKey, string> = {
  secao_1: API_PATHS.homeSection1,
  secao_2: API_PATHS.homeSection2,
  informacoes_gerais: API_PATHS.generalInformation,
};

/** GET /parametros/secao_1, secao_2 or informacoes_gerais: a page the institution writes. */
export function getInstitutionPage(key: InstitutionPageKey, signal?: AbortSignal): Promise<InstitutionPage> {
  return apiGet(PAGE_PATHS[key], institutionPageAnswer, { signal });
}

/**
 * A home section written into the page by the server in the app's language (decision 0077),
 * checked as the call's answer is; undefined when the page has none or it does not check.
 */
function homeSectionFromPage(key: InstitutionPageKey, language: string): InstitutionPage | undefined {
  if (key !== 'secao_1' && key !== 'secao_2') return undefined;
  const written = pageHomeSection(key, language);
  if (written === undefined) return undefined;
  try {
    return institutionPageAnswer.parse(written);
  } catch {
    return undefined;
  }
}

export function getInstitutionPageQueryOptions(key: InstitutionPageKey) {
  const language = currentLanguage();
  return queryOptions({
    // The text comes in the interface language, so the language is part of the key.
    queryKey: ['institution', 'page', key, language],
    queryFn: ({ signal }) => getInstitutionPage(key, signal),
    // The home sections come in the page (decision 0077): drawn with the first render, no call.
    initialData: () => homeSectionFromPage(key, language),
  });
}

export function useInstitutionPage(key: InstitutionPageKey) {
  return useQuery(getInstitutionPageQueryOptions(key));
}
