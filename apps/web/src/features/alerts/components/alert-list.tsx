import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Alert } from '@estante/contract';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { useMarkAlertRead } from '../api/mark-alert-read';
import { useDeleteAlert } from '../api/delete-alert';
import { alertMessage, alertWhen } from '../utils/alert-text';
import classes from './alerts.module.css';

/**
 * The alerts of a period, newest first: each says whether it is read (in words, not colour alone),
 * when it was written, what happened, where it leads, and offers mark read and delete.
 */
export function AlertList({ alerts }: { alerts: readonly Alert[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const confirm = useConfirm();
  const markRead = useMarkAlertRead();
  const remove = useDeleteAlert();
  const [status, setStatus] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const read = async (alert: Alert) => {
    await markRead.mutateAsync(alert.id);
    // The button goes away: keep the keyboard on the alert it was in.
    document.getElementById(`alert-${alert.id}`)?.focus();
  };

  const drop = async (alert: Alert) => {
    const isConfirmed = await confirm({
      title: t('alerts.screen.deleteTitle'),
      content: <Text>{t('alerts.screen.deleteConfirm')}</Text>,
      confirmLabel: t('alerts.screen.delete'),
    });
    if (!isConfirmed) return;
    await remove.mutateAsync(alert.id);
    setStatus(t('alerts.screen.deleted'));
    listRef.current?.focus();
  };

  return (
    <Stack gap="sm">
      <div role="status" aria-live="polite">
        {status && <Text size="sm">{status}</Text>}
      </div>
      <ul ref={listRef} tabIndex={-1} aria-label={t('alerts.screen.list')} className={classes.list}>
        {alerts.map((alert) => {
          const textId = `alert-text-${alert.id}`;
          return (
            <Paper
              component="li"
              key={alert.id}
              id={`alert-${alert.id}`}
              tabIndex={-1}
              className={classes.item}
              withBorder
              p="md"
              radius="md"
            >
              <Stack gap="xs">
                <Group gap="sm" justify="space-between" wrap="wrap">
                  <Badge color={alert.lido ? 'gray.8' : 'blue.9'} variant={alert.lido ? 'outline' : 'filled'}>
                    {alert.lido ? t('alerts.screen.read') : t('alerts.screen.unread')}
                  </Badge>
                  <Text size="sm" component="time" dateTime={alert.data}>
                    {alertWhen(alert.data, language)}
                  </Text>
                </Group>
                <Text id={textId} fw={alert.lido ? undefined : 700}>
                  {alertMessage(t, alert, language)}
                </Text>
                <Group gap="sm" wrap="wrap">
                  {alert.link && (
                    <Anchor component={Link} to={alert.link} aria-describedby={textId}>
                      {t('alerts.screen.open')}
                    </Anchor>
                  )}
                  {!alert.lido && (
                    <Button
                      size="xs"
                      variant="light"
                      aria-describedby={textId}
                      loading={markRead.isPending && markRead.variables === alert.id}
                      onClick={() => void read(alert)}
                    >
                      {t('alerts.screen.markRead')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    aria-describedby={textId}
                    loading={remove.isPending && remove.variables === alert.id}
                    onClick={() => void drop(alert)}
                  >
                    {t('alerts.screen.delete')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </ul>
    </Stack>
  );
}
