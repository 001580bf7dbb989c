import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack, Text, Title } from '@mantine/core';
import type { PrivacyChoices } from '@estante/contract';
import { CheckboxField, FormRefusal, SubmitButton, useForm } from '../../../components/form';
import { useAnonymiseLoanHistory } from '../api/anonymise-loan-history';
import { useUpdatePrivacyChoices } from '../api/update-privacy-choices';

interface ChoiceValues {
  receivesEmail: boolean;
  keepsLoanHistory: boolean;
}

/**
 * The patron's choices: e-mails, and whether returned loans stay in the history. With the history
 * off and returned loans still kept, it offers to anonymise them now (that cannot be undone).
 */
export function PrivacyChoicesForm({
  choices,
  keptLoans,
}: {
  choices: PrivacyChoices;
  /** Returned loans still in the history. */
  keptLoans: number;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const update = useUpdatePrivacyChoices();
  const anonymise = useAnonymiseLoanHistory();
  const [saved, setSaved] = useState(false);
  const [anonymised, setAnonymised] = useState<number | null>(null);
  const form = useForm<ChoiceValues>({
    initial: { receivesEmail: choices.receber_email, keepsLoanHistory: choices.manter_historico },
    onSubmit: async (values) => {
      setSaved(false);
      await update.mutateAsync({
        receber_email: values.receivesEmail,
        manter_historico: values.keepsLoanHistory,
      });
      setSaved(true);
    },
  });
  const binding = <K extends keyof ChoiceValues>(name: K) => {
    const field = form.field(name);
    return {
      ...field,
      onChange: (value: boolean) => {
        setSaved(false);
        field.onChange(value);
      },
    };
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('privacy.choices.heading')}
      </Title>
      <form {...form.formProps}>
        <Stack gap="sm">
          <CheckboxField
            label={t('privacy.choices.email')}
            description={t('privacy.choices.emailHint')}
            {...binding('receivesEmail')}
          />
          <CheckboxField
            label={t('privacy.choices.history')}
            description={t('privacy.choices.historyHint')}
            {...binding('keepsLoanHistory')}
          />
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('privacy.choices.save')}</SubmitButton>
          <Text role="status" size="sm">
            {saved ? t('privacy.choices.saved') : ''}
          </Text>
        </Stack>
      </form>
      <Title order={3} size="h4">
        {t('privacy.history.heading')}
      </Title>
      <Text size="sm">{t('privacy.history.pending', { count: keptLoans })}</Text>
      {!choices.manter_historico && keptLoans > 0 && (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('privacy.history.offer')}</Text>
          <Button
            variant="outline"
            color="red.9"
            loading={anonymise.isPending}
            onClick={() =>
              anonymise.mutate(undefined, { onSuccess: (result) => setAnonymised(result.anonimizados) })
            }
          >
            {t('privacy.history.anonymise')}
          </Button>
        </Stack>
      )}
      <Text role="status" size="sm">
        {anonymised !== null ? t('privacy.history.done', { count: anonymised }) : ''}
      </Text>
      {anonymise.isError && (
        <Text role="alert" size="sm" c="red.9">
          {t('privacy.history.error')}
        </Text>
      )}
    </Stack>
  );
}
