import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Alert } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

// The schema loads with the call, not with the page (decision 0069).
const alertsSchema = () => import('@estante/contract/alerts').then((m) => m.AlertsSchema);

/** Query key of everything about the patron's alerts; invalidating it refreshes the list and the count. */
export const ALERTS_QUERY_KEY = ['alerts'] as const;

/** A period of library days (YYYY-MM-DD), both required (SPEC §5). */
export interface AlertPeriod {
  from: string;
  to: string;
}

/** GET /solicitacoes/alertas: the alerts written between two days, newest first. */
export function getAlerts(period: AlertPeriod, signal?: AbortSignal): Promise<Alert[]> {
  return apiGet(API_PATHS.alerts, alertsSchema, {
    signal,
    auth: 'private',
    query: { dataIni: period.from, dataFim: period.to },
  });
}

export function getAlertsQueryOptions(period: AlertPeriod) {
  return queryOptions({
    queryKey: [...ALERTS_QUERY_KEY, 'list', period.from, period.to],
    queryFn: ({ signal }) => getAlerts(period, signal),
    ...PRIVATE_QUERY,
  });
}

export function useAlerts(period: AlertPeriod) {
  return useQuery(getAlertsQueryOptions(period));
}
