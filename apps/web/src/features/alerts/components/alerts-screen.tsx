import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Group, Stack, Text } from '@mantine/core';
import {
  DateField,
  FormRefusal,
  RequiredLegend,
  SubmitButton,
  firstErrors,
  rules,
  useForm,
} from '../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { getAlerts, getAlertsQueryOptions, useAlerts, type AlertPeriod } from '../api/get-alerts';
import { lastThirtyDays } from '../utils/alert-text';
import { AlertList } from './alert-list';

/**
 * The personal area's alerts (SPEC §3 Alert, §5, §7; decision 0044): the alerts written in a period
 * (both days required, the start not after the end), each to mark read or delete. Opens on the last
 * thirty days.
 */
export function AlertsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<AlertPeriod>(() => lastThirtyDays());
  const query = useAlerts(period);
  const fromLabel = t('alerts.screen.from');
  const toLabel = t('alerts.screen.to');
  const form = useForm<AlertPeriod>({
    initial: period,
    validate: (values) =>
      firstErrors({
        from: [
          rules.required(values.from, fromLabel, t),
          rules.date(values.from, fromLabel, t),
          rules.dateRange(values.from, values.to, t),
        ],
        to: [rules.required(values.to, toLabel, t), rules.date(values.to, toLabel, t)],
      }),
    // The server checks the period too: its refusal (422) shows in the form, the list stays.
    onSubmit: async (values) => {
      queryClient.setQueryData(getAlertsQueryOptions(values).queryKey, await getAlerts(values));
      setPeriod(values);
    },
  });

  return (
    <Stack gap="lg">
      <form aria-label={t('alerts.screen.filter')} {...form.formProps}>
        <Stack gap="sm">
          <RequiredLegend />
          <Group gap="sm" align="flex-start" wrap="wrap">
            <DateField label={fromLabel} required {...form.field('from')} />
            <DateField label={toLabel} required {...form.field('to')} />
          </Group>
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('alerts.screen.apply')}</SubmitButton>
        </Stack>
      </form>
      {query.isPending && <LoadingBlock />}
      {query.isError && (
        <ErrorBlock message={t('alerts.screen.error')} onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess && query.data.length === 0 && <Text>{t('alerts.screen.empty')}</Text>}
      {query.isSuccess && query.data.length > 0 && <AlertList alerts={query.data} />}
    </Stack>
  );
}
