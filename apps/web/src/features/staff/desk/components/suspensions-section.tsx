import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, Stack, Text, Title } from '@mantine/core';
import { DESK_MAX_SUSPENSION_DAYS, DESK_REASON_MAX, type DeskPatron } from '@estante/contract';
import { FormRefusal, SubmitButton, TextField, localDay, rules, useForm } from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { formatDate } from '../../../../lib/i18n';
import { useSuspendPatron } from '../api/suspend-patron';

/** The patron's suspensions running or to come, and a suspension given at the desk. */
export function SuspensionsSection({ patron }: { patron: DeskPatron }) {
  const { t, i18n } = useTranslation();
  const suspend = useSuspendPatron();
  const [done, setDone] = useState<string | null>(null);
  const date = (value: string) => formatDate(value, i18n.language);
  const form = useForm<{ days: string; reason: string }>({
    initial: { days: '', reason: '' },
    validate: (values) => {
      const daysLabel = t('staff.desk.suspend.days');
      const reasonLabel = t('staff.desk.suspend.reason');
      const n = Number(values.days);
      const days =
        rules.required(values.days, daysLabel, t) ??
        (/^\d+$/.test(values.days.trim()) && n >= 1 && n <= DESK_MAX_SUSPENSION_DAYS
          ? undefined
          : t('staff.desk.suspend.daysInvalid', { max: DESK_MAX_SUSPENSION_DAYS }));
      const reason =
        rules.required(values.reason, reasonLabel, t) ??
        rules.maxLength(values.reason, DESK_REASON_MAX, reasonLabel, t);
      return { ...(days ? { days } : {}), ...(reason ? { reason } : {}) };
    },
    onSubmit: async (values) => {
      setDone(null);
      const period = await suspend.mutateAsync({
        leitor: patron.login,
        dias: Number(values.days),
        motivo: values.reason.trim(),
      });
      setDone(
        t('staff.desk.suspend.done', {
          name: patron.nome,
          from: date(period.data_inicio),
          to: date(period.data_fim),
        }),
      );
      form.reset();
    },
  });
  // Running now or still to come (a desk suspension starts after the one running).
  const today = localDay(new Date());
  const current = patron.afastamentos.filter((s) => s.ativo || s.data_fim >= today);
  return (
    <Stack component="section" gap="sm" aria-labelledby="desk-suspensions-heading">
      <Title order={3} id="desk-suspensions-heading">
        {t('staff.desk.suspend.heading')}
      </Title>
      {current.length === 0 ? (
        <Text size="sm">{t('staff.desk.suspend.none')}</Text>
      ) : (
        <List spacing="xs" size="sm">
          {current.map((s) => (
            <List.Item key={s.cod_afastamento}>
              {t('staff.desk.suspend.period', {
                from: date(s.data_inicio),
                to: date(s.data_fim),
                reason: s.motivo,
              })}
            </List.Item>
          ))}
        </List>
      )}
      {done && <Notice tone="success">{done}</Notice>}
      <form {...form.formProps} aria-label={t('staff.desk.suspend.formLabel', { name: patron.nome })}>
        <Stack gap="xs" maw={560}>
          <TextField
            label={t('staff.desk.suspend.days')}
            required
            autoComplete="off"
            maxLength={4}
            {...form.field('days')}
          />
          <TextField
            label={t('staff.desk.suspend.reason')}
            description={t('staff.desk.suspend.reasonHelp')}
            required
            autoComplete="off"
            maxLength={DESK_REASON_MAX}
            {...form.field('reason')}
          />
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('staff.desk.suspend.submit')}</SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
