import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, AlertSchema, type Alert } from '@estante/contract';
import { apiPut } from '../../../lib/api-client';
import { ALERTS_QUERY_KEY } from './get-alerts';

/** PUT /solicitacoes/alertas/{id}: marks one alert read. */
export function markAlertRead(id: number): Promise<Alert> {
  return apiPut(API_PATHS.alert(id), AlertSchema, { auth: 'private' });
}

/** Marks an alert read, then refreshes the list and the header's unread count. */
export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAlertRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}
