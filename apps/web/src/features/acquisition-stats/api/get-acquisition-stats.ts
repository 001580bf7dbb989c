import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, AcquisitionStatsSchema, type AcquisitionStats } from '@estante/contract';
import { apiGet, apiGetForFile, type DownloadedFile } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** What the statistics are asked for: a range of days (either end may be open) and a library or all. */
export interface AcquisitionStatsFilter {
  from: string | null;
  to: string | null;
  /** cod_biblioteca, or null for every library. */
  library: number | null;
}

function queryOf(filter: AcquisitionStatsFilter) {
  return {
    dataIni: filter.from ?? undefined,
    dataFim: filter.to ?? undefined,
    biblioteca: filter.library ?? undefined,
  };
}

/** GET /aquisicao/estatisticas: the figures of the period. */
export function getAcquisitionStats(
  filter: AcquisitionStatsFilter,
  signal?: AbortSignal,
): Promise<AcquisitionStats> {
  return apiGet(API_PATHS.acquisitionStats, AcquisitionStatsSchema, {
    signal,
    auth: 'private',
    query: queryOf(filter),
  });
}

/** GET /aquisicao/estatisticas?formato=csv: the same figures as a CSV file in the reader's language. */
export function downloadAcquisitionStats(filter: AcquisitionStatsFilter): Promise<DownloadedFile> {
  return apiGetForFile(API_PATHS.acquisitionStats, {
    auth: 'private',
    query: { ...queryOf(filter), formato: 'csv' },
  });
}

export function getAcquisitionStatsQueryOptions(filter: AcquisitionStatsFilter) {
  return queryOptions({
    queryKey: ['acquisition-stats', filter.from, filter.to, filter.library],
    queryFn: ({ signal }) => getAcquisitionStats(filter, signal),
    ...PRIVATE_QUERY,
  });
}

export function useAcquisitionStats(filter: AcquisitionStatsFilter) {
  return useQuery(getAcquisitionStatsQueryOptions(filter));
}
