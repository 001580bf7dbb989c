import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, OpeningHoursSchema, type CampusOpeningHours } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /parametros/atendimento: opening hours per campus and library, Monday to Sunday. */
export function getOpeningHours(signal?: AbortSignal): Promise<CampusOpeningHours[]> {
  return apiGet(API_PATHS.openingHours, OpeningHoursSchema, { signal });
}

export function getOpeningHoursQueryOptions() {
  return queryOptions({
    queryKey: ['institution', 'opening-hours'],
    queryFn: ({ signal }) => getOpeningHours(signal),
  });
}

export function useOpeningHours() {
  return useQuery(getOpeningHoursQueryOptions());
}
