import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  ClosedStacksDataSchema,
  type ClosedStacksData,
  type ClosedStacksQuery,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /acervo/{id}/dados-armazem: the title's closed-stack copies matching the choices. */
export function getClosedStacks(
  id: number,
  filter: ClosedStacksQuery,
  signal?: AbortSignal,
): Promise<ClosedStacksData> {
  return apiGet(API_PATHS.titleClosedStacks(id), ClosedStacksDataSchema, { signal, query: { ...filter } });
}

export function getClosedStacksQueryOptions(id: number, filter: ClosedStacksQuery) {
  return queryOptions({
    queryKey: ['titles', id, 'closed-stacks', filter],
    queryFn: ({ signal }) => getClosedStacks(id, filter, signal),
    placeholderData: keepPreviousData,
    // Whether a copy can be asked for changes with every request.
    staleTime: 30_000,
  });
}

export function useClosedStacks(id: number, filter: ClosedStacksQuery) {
  return useQuery(getClosedStacksQueryOptions(id, filter));
}
