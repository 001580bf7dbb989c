import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, InterlibraryDataSchema, type InterlibraryData } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /solicitacoes/emprestimo-inter-bibliotecas/dados: the form's choices and the patron's requests. */
export function getInterlibraryData(signal?: AbortSignal): Promise<InterlibraryData> {
  return apiGet(API_PATHS.interlibraryData, InterlibraryDataSchema, { signal, auth: 'private' });
}

export function getInterlibraryDataQueryOptions() {
  return queryOptions({
    queryKey: ['circulation', 'interlibrary'],
    queryFn: ({ signal }) => getInterlibraryData(signal),
    ...PRIVATE_QUERY,
  });
}

export function useInterlibraryData() {
  return useQuery(getInterlibraryDataQueryOptions());
}
