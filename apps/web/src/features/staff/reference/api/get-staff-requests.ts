import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  STAFF_PATHS,
  StaffRequestsSchema,
  type StaffRequests,
  type StaffRequestsQuery,
} from '@estante/contract';
import { apiGet } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

/** Query key of every queue of the reference desk; invalidating it reads them again after a change. */
export const STAFF_REQUESTS_QUERY_KEY = [...STAFF_QUERY_KEY, 'requests'] as const;

/** GET /equipe/solicitacoes: the requests of a type, by status and sending day, oldest first. */
export function getStaffRequests(filter: StaffRequestsQuery, signal?: AbortSignal): Promise<StaffRequests> {
  return apiGet(STAFF_PATHS.requests, StaffRequestsSchema, { signal, auth: 'private', query: { ...filter } });
}

export function useStaffRequests(filter: StaffRequestsQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...STAFF_REQUESTS_QUERY_KEY, filter],
      queryFn: ({ signal }) => getStaffRequests(filter, signal),
      ...PRIVATE_QUERY,
    }),
  );
}
