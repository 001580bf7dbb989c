import { queryOptions, useQuery } from '@tanstack/react-query';
import { DeskPatronSchema, STAFF_PATHS, type DeskPatron } from '@estante/contract';
import { apiGet } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { DESK_QUERY_KEY } from './desk-query-key';

/** GET /equipe/balcao/leitor?chave=: the patron at the desk, by login or card number. */
export function getDeskPatron(key: string, signal?: AbortSignal): Promise<DeskPatron> {
  return apiGet(STAFF_PATHS.deskPatron, DeskPatronSchema, { signal, auth: 'private', query: { chave: key } });
}

/** The patron at the desk, read again after every desk change; `login` null asks nothing. */
export function useDeskPatron(login: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...DESK_QUERY_KEY, 'patron', login ?? ''],
      queryFn: ({ signal }) => getDeskPatron(login ?? '', signal),
      enabled: login !== null,
      ...PRIVATE_QUERY,
    }),
  );
}
