import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type InstitutionPage, type InstitutionPageKey } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

// The schema loads with the call, not with the page (decision 0069).
const institutionPageSchema = () =>
  import('@estante/contract/schemas/institution').then((m) => m.InstitutionPageSchema);

const PAGE_PATHS: Record<InstitutionPageKey, string> = {
  secao_1: API_PATHS.homeSection1,
  secao_2: API_PATHS.homeSection2,
  informacoes_gerais: API_PATHS.generalInformation,
};

/** GET /parametros/secao_1, secao_2 or informacoes_gerais: a page the institution writes. */
export function getInstitutionPage(key: InstitutionPageKey, signal?: AbortSignal): Promise<InstitutionPage> {
  return apiGet(PAGE_PATHS[key], institutionPageSchema, { signal });
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
