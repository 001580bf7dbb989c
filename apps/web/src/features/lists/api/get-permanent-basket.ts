import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, PermanentBasketSchema, type PermanentBasket } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import type { DateRange } from '../../../components/form';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import { LISTS_KEY } from './lists-key';

/** SPEC §7 GET /acervo/cesta-permanente/colecao: every title (T), or those saved in a period (P). */
export function getPermanentBasket(range: DateRange, signal?: AbortSignal): Promise<PermanentBasket> {
  const isPeriod = range.from !== null || range.to !== null;
  return apiGet(API_PATHS.permanentBasketTitles, PermanentBasketSchema, {
    signal,
    auth: 'private',
    query: isPeriod
      ? { tipoBusca: 'P', dataIni: range.from ?? undefined, dataFim: range.to ?? undefined }
      : { tipoBusca: 'T' },
  });
}

/** Query options of the permanent basket in a period. */
export function getPermanentBasketQueryOptions(range: DateRange) {
  return queryOptions({
    queryKey: [...LISTS_KEY, 'permanent-basket', range.from, range.to],
    queryFn: ({ signal }) => getPermanentBasket(range, signal),
    ...PRIVATE_QUERY,
  });
}

/** The permanent basket's titles saved in the period (all of them with no dates). */
export function usePermanentBasket(range: DateRange, enabled: boolean) {
  return useQuery({ ...getPermanentBasketQueryOptions(range), enabled });
}
