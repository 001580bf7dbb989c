import { useTranslation } from 'react-i18next';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { Suspension } from '@estante/contract';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';
import { useSuspensions } from '../api/get-suspensions';
import { DetailList, detailClasses } from './detail-list';

/** Where a suspension stands: running today, waiting for a running one to end, or over. */
export type SuspensionStatus = 'running' | 'upcoming' | 'ended';

const STATUS_LABEL = {
  running: 'circulation.suspensions.status.running',
  upcoming: 'circulation.suspensions.status.upcoming',
  ended: 'circulation.suspensions.status.ended',
} as const satisfies Record<SuspensionStatus, string>;

const ORIGIN_LABEL = {
  atraso: 'circulation.suspensions.origin.atraso',
  balcao: 'circulation.suspensions.origin.balcao',
} as const satisfies Record<Suspension['origem'], string>;

/**
 * The status of each suspension. The server says which one runs today (`ativo`); one that is not
 * running but starts after a running one ends is still to come (a new suspension always starts after
 * the one running, decision 0025), every other one is over.
 */
export function suspensionStatuses(suspensions: readonly Suspension[]): SuspensionStatus[] {
  const runningEnds = suspensions.filter((s) => s.ativo).map((s) => s.data_fim);
  return suspensions.map((s) =>
    s.ativo ? 'running' : runningEnds.some((end) => s.data_inicio > end) ? 'upcoming' : 'ended',
  );
}

function SuspensionCard({ suspension, status }: { suspension: Suspension; status: SuspensionStatus }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // A late return's reason is kept in Portuguese by the server; the desk's own reason is shown as typed.
  const reason = suspension.origem === 'atraso' ? t('circulation.suspensions.reasonLate') : suspension.motivo;
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      radius="sm"
      className={status === 'running' ? detailClasses.current : undefined}
    >
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('circulation.suspensions.period', {
            start: formatDate(suspension.data_inicio, language),
            end: formatDate(suspension.data_fim, language),
          })}
        </Title>
        <DetailList
          rows={[
            {
              key: 'status',
              label: t('circulation.suspensions.field.status'),
              value:
                status === 'running' ? <strong>{t(STATUS_LABEL[status])}</strong> : t(STATUS_LABEL[status]),
            },
            {
              key: 'days',
              label: t('circulation.suspensions.field.days'),
              value: t('circulation.suspensions.days', { count: suspension.dias }),
            },
            {
              key: 'origin',
              label: t('circulation.suspensions.field.origin'),
              value: t(ORIGIN_LABEL[suspension.origem]),
            },
            { key: 'reason', label: t('circulation.suspensions.field.reason'), value: reason },
            { key: 'title', label: t('circulation.suspensions.field.title'), value: suspension.titulo },
            {
              key: 'library',
              label: t('circulation.suspensions.field.library'),
              value: suspension.biblioteca?.desc_biblioteca,
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

/**
 * Personal area "suspensions" (SPEC §2 menu, §7 GET /pessoas/afastamentos): every suspension, latest
 * first as the server orders them, the one running marked in words. The layout gives the page its h1.
 */
export function SuspensionsScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const suspensions = useSuspensions();
  if (suspensions.isPending) return <LoadingBlock label={t('circulation.suspensions.loading')} />;
  if (suspensions.isError) {
    return (
      <ErrorBlock
        message={t('circulation.suspensions.loadError')}
        onRetry={() => void suspensions.refetch()}
      />
    );
  }
  const list = suspensions.data;
  if (list.length === 0) return <Text>{t('circulation.suspensions.none')}</Text>;
  const statuses = suspensionStatuses(list);
  // The last day the patron stays suspended: the end of the running one, or of those queued after it.
  const suspendedUntil = list
    .filter((_, i) => statuses[i] !== 'ended')
    .map((s) => s.data_fim)
    .sort()
    .at(-1);
  return (
    <Stack gap="md">
      {suspendedUntil && (
        <Alert color="red" variant="light">
          {t('circulation.suspensions.current', { end: formatDate(suspendedUntil, language) })}
        </Alert>
      )}
      <ul className={detailClasses.cards}>
        {list.map((suspension, i) => (
          <SuspensionCard key={suspension.cod_afastamento} suspension={suspension} status={statuses[i]!} />
        ))}
      </ul>
    </Stack>
  );
}
