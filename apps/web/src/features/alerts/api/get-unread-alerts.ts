import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type UnreadAlerts } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import { ALERTS_QUERY_KEY } from './get-alerts';

// The schema loads with the call, not with the page (decision 0069).
const unreadAlertsSchema = () => import('@estante/contract/alerts').then((m) => m.UnreadAlertsSchema);

/** How often the header asks again while a page stays open (an event may write an alert meanwhile). */
const REFRESH_MS = 5 * 60_000;

/** GET /solicitacoes/alertas/nao-lidos: how many of the patron's alerts are unread. */
export function getUnreadAlerts(signal?: AbortSignal): Promise<UnreadAlerts> {
  return apiGet(API_PATHS.unreadAlerts, unreadAlertsSchema, { signal, auth: 'private' });
}

export function getUnreadAlertsQueryOptions() {
  return queryOptions({
    queryKey: [...ALERTS_QUERY_KEY, 'unread'],
    queryFn: ({ signal }) => getUnreadAlerts(signal),
    ...PRIVATE_QUERY,
    refetchInterval: REFRESH_MS,
  });
}

/** The unread count; `enabled` false (a visitor) asks nothing. */
export function useUnreadAlerts(enabled = true) {
  return useQuery({ ...getUnreadAlertsQueryOptions(), enabled });
}
