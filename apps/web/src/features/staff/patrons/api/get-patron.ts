import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_PATHS, StaffPatronSchema, type StaffPatron } from '@estante/contract';
import { apiGet } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { PATRONS_KEY } from './search-patrons';

/** GET /equipe/leitores/{login}: the patron, their loans, holds, debts and requests. */
export function getPatron(login: string, signal?: AbortSignal): Promise<StaffPatron> {
  return apiGet(STAFF_PATHS.patron(encodeURIComponent(login)), StaffPatronSchema, {
    signal,
    auth: 'private',
  });
}

export function usePatron(login: string) {
  return useQuery(
    queryOptions({
      queryKey: [...PATRONS_KEY, 'patron', login],
      queryFn: ({ signal }) => getPatron(login, signal),
      ...PRIVATE_QUERY,
    }),
  );
}
