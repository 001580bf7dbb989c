import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, DeletedAlertSchema, type DeletedAlert } from '@estante/contract';
import { apiDelete } from '../../../lib/api-client';
import { ALERTS_QUERY_KEY } from './get-alerts';

/** DELETE /solicitacoes/alertas/{id}. */
export function deleteAlert(id: number): Promise<DeletedAlert> {
  return apiDelete(API_PATHS.alert(id), DeletedAlertSchema, { auth: 'private' });
}

/** Deletes an alert, then refreshes the list and the header's unread count. */
export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}
