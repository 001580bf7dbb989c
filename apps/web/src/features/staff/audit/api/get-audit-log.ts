import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  STAFF_PATHS,
  StaffAuditPageSchema,
  type StaffActionName,
  type StaffAuditPage,
} from '@estante/contract';
import { apiGet } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../../api/get-staff-self';

/** What the log is searched by (GET /equipe/auditoria); an empty text is no filter. */
export interface AuditFilters {
  ator: string;
  acao: StaffActionName | '';
  alvo: string;
  de: string;
  ate: string;
  pagina: number;
}

/** GET /equipe/auditoria: one page of the log, newest first. */
export function getAuditLog(filters: AuditFilters, signal?: AbortSignal): Promise<StaffAuditPage> {
  const { pagina, ...texts } = filters;
  const query = Object.fromEntries(Object.entries(texts).map(([name, value]) => [name, value || null]));
  return apiGet(STAFF_PATHS.audit, StaffAuditPageSchema, {
    signal,
    auth: 'private',
    query: { ...query, pagina },
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...STAFF_QUERY_KEY, 'audit', filters],
      queryFn: ({ signal }) => getAuditLog(filters, signal),
      ...PRIVATE_QUERY,
      placeholderData: keepPreviousData,
    }),
  );
}
