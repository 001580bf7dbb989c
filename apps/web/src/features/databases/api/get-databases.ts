import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, ResearchDatabasesSchema, type ResearchDatabases } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** SPEC §7 GET /acervo/meu-pergamum/bases-dados: the library's databases with their links. */
export function getDatabases(signal?: AbortSignal): Promise<ResearchDatabases> {
  return apiGet(API_PATHS.researchDatabases, ResearchDatabasesSchema, { signal, auth: 'private' });
}

/** Query options of the databases. */
export function getDatabasesQueryOptions() {
  return queryOptions({ queryKey: ['databases'], queryFn: ({ signal }) => getDatabases(signal) });
}

/** The library's databases. */
export function useDatabases() {
  return useQuery(getDatabasesQueryOptions());
}
