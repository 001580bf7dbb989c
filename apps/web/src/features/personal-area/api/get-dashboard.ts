import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, DashboardSchema, type Dashboard } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** GET /pessoas/meu-pergamum/painel: what needs the signed-in patron now (decision 0046). */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiGet(API_PATHS.dashboard, DashboardSchema, { signal, auth: 'private' });
}

export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: ['personal-area', 'dashboard'],
    queryFn: ({ signal }) => getDashboard(signal),
    ...PRIVATE_QUERY,
  });
}

/** The dashboard, read again whenever the patron moves in the area (the menu's counts follow). */
export function useDashboard(pathname: string) {
  return useQuery({ ...getDashboardQueryOptions(), queryKey: ['personal-area', 'dashboard', pathname] });
}
