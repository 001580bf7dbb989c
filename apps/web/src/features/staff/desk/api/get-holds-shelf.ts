import { queryOptions, useQuery } from '@tanstack/react-query';
import { DeskHoldsShelfSchema, STAFF_PATHS, type DeskHoldsShelf } from '@estante/contract';
import { apiGet } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { DESK_QUERY_KEY } from './desk-query-key';

/** GET /equipe/balcao/reservas-liberadas: copies waiting for their patrons, by pickup deadline. */
export function getHoldsShelf(signal?: AbortSignal): Promise<DeskHoldsShelf> {
  return apiGet(STAFF_PATHS.deskHoldsShelf, DeskHoldsShelfSchema, { signal, auth: 'private' });
}

export function useHoldsShelf() {
  return useQuery(
    queryOptions({
      queryKey: [...DESK_QUERY_KEY, 'shelf'],
      queryFn: ({ signal }) => getHoldsShelf(signal),
      ...PRIVATE_QUERY,
    }),
  );
}
