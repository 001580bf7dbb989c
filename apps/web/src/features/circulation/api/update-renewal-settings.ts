import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, RenewalSettingsSchema, type RenewalSettings } from '@estante/contract';
import { apiPut } from '../../../lib/api-client';
import { getRenewalOverviewQueryOptions } from './get-renewal-overview';

/** PUT /pessoas/renovar {renovacao_automatica}: turns automatic renewal on or off; answers the setting. */
export function updateRenewalSettings(settings: RenewalSettings): Promise<RenewalSettings> {
  return apiPut(API_PATHS.renewalOverview, RenewalSettingsSchema, { body: settings, auth: 'private' });
}

/** The switch's call: the overview shows the answered setting at once, then is read again. */
export function useUpdateRenewalSettings() {
  const queryClient = useQueryClient();
  const options = getRenewalOverviewQueryOptions();
  return useMutation({
    mutationFn: updateRenewalSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData(options.queryKey, (overview) => overview && { ...overview, ...settings }),
    onSettled: () => queryClient.invalidateQueries(options),
  });
}
