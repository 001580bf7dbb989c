import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, FaqSchema, type FaqEntry } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** GET /parametros/faq: the institution's frequently asked questions. */
export function getFaq(signal?: AbortSignal): Promise<FaqEntry[]> {
  return apiGet(API_PATHS.faq, FaqSchema, { signal });
}

export function getFaqQueryOptions() {
  return queryOptions({
    queryKey: ['institution', 'faq', currentLanguage()],
    queryFn: ({ signal }) => getFaq(signal),
  });
}

export function useFaq() {
  return useQuery(getFaqQueryOptions());
}
