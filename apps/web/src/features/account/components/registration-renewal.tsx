import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { CheckboxField, FormRefusal, SubmitButton, useForm } from '../../../components/form';
import { Notice } from '../../../components/ui/notice';
import { formatDate } from '../../../lib/i18n';
import { useRenewRegistration } from '../api/update-personal-data';

/**
 * The yearly registration renewal (POST /pessoas/renovar, decision 0041): until when the
 * registration is valid and, in the renewal window, the patron confirms their data and renews it.
 */
export function RegistrationRenewal({
  validUntil,
  canRenew,
}: {
  validUntil: string | null;
  canRenew: boolean;
}) {
  const { t, i18n } = useTranslation();
  const renew = useRenewRegistration();
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const form = useForm({
    initial: { confirm: false },
    validate: (values) =>
      values.confirm ? {} : { confirm: t('account.personalData.registration.confirmRequired') },
    onSubmit: async () => {
      const answer = await renew.mutateAsync();
      setRenewedUntil(formatDate(answer.validade_cadastro, i18n.resolvedLanguage ?? i18n.language));
    },
  });
  return (
    <Paper component="section" withBorder p="md" radius="sm" aria-labelledby="registration-renewal">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="registration-renewal">
          {t('account.personalData.registration.heading')}
        </Title>
        {renewedUntil ? (
          <Notice tone="success">
            {t('account.personalData.registration.renewed', { date: renewedUntil })}
          </Notice>
        ) : (
          <>
            <Text>
              {validUntil
                ? t('account.personalData.registration.validUntil', { date: validUntil })
                : t('account.personalData.registration.noEnd')}
            </Text>
            {canRenew ? (
              <form {...form.formProps} aria-labelledby="registration-renewal">
                <Stack gap="sm" align="flex-start">
                  <Text>{t('account.personalData.registration.canRenew')}</Text>
                  <CheckboxField
                    label={t('account.personalData.registration.confirm')}
                    {...form.field('confirm')}
                  />
                  <FormRefusal message={form.refusal} />
                  <SubmitButton sending={form.sending}>
                    {t('account.personalData.registration.submit')}
                  </SubmitButton>
                </Stack>
              </form>
            ) : (
              <Text c="dimmed">{t('account.personalData.registration.notYet')}</Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
