import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_PATHS, StaffSuggestionSchema, type StaffSuggestion } from '@estante/contract';
import { apiGet } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { ACQUISITIONS_KEY } from './keys';

/** GET /equipe/aquisicoes/sugestoes/{id}: the suggestion with its quote, history and next statuses. */
export function getStaffSuggestion(id: number, signal?: AbortSignal): Promise<StaffSuggestion> {
  return apiGet(STAFF_PATHS.acquisitionSuggestion(id), StaffSuggestionSchema, { signal, auth: 'private' });
}

export function useStaffSuggestion(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...ACQUISITIONS_KEY, 'suggestion', id],
      queryFn: ({ signal }) => getStaffSuggestion(id, signal),
      ...PRIVATE_QUERY,
    }),
  );
}
