import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type InstitutionPage, type InstitutionPageKey } from '@estante/contract';
import { apiGet, type ResponseSchema } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

const nullableText = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * InstitutionPageSchema's check by hand: the home page's sections are its only calls once the
 * configuration comes in the page (decision 0076), and zod need not load for two texts (0069).
 */
export const institutionPageAnswer: ResponseSchema<InstitutionPage> = {
  parse(data) {
    const page = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    const { titulo, conteudo } = page;
    if (Array.isArray(data) || !nullableText(titulo) || !nullableText(conteudo))
      throw new TypeError('not an institution page');
    return { titulo, conteudo };
  },
};

const PAGE_PATHS: Record<InstitutionPageKey, string> = {
  secao_1: API_PATHS.homeSection1,
  secao_2: API_PATHS.homeSection2,
  informacoes_gerais: API_PATHS.generalInformation,
};

/** GET /parametros/secao_1, secao_2 or informacoes_gerais: a page the institution writes. */
export function getInstitutionPage(key: InstitutionPageKey, signal?: AbortSignal): Promise<InstitutionPage> {
  return apiGet(PAGE_PATHS[key], institutionPageAnswer, { signal });
}

export function getInstitutionPageQueryOptions(key: InstitutionPageKey) {
  return queryOptions({
    // The text comes in the interface language, so the language is part of the key.
    queryKey: ['institution', 'page', key, currentLanguage()],
    queryFn: ({ signal }) => getInstitutionPage(key, signal),
  });
}

export function useInstitutionPage(key: InstitutionPageKey) {
  return useQuery(getInstitutionPageQueryOptions(key));
}
