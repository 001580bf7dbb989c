import { useId, useRef, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { PrivacyBlocker, PrivacyRequest } from '@estante/contract';
import { FormRefusal, SelectField, SubmitButton, TextAreaField, useForm } from '../../../components/form';
import { languageTag } from '../../../lib/i18n';
import { Notice } from '../../../components/ui/notice';
import { useRequestAccountDeletion } from '../api/request-account-deletion';

interface RequestValues {
  kind: PrivacyRequest['tipo'];
  note: string;
}

/** An amount with the texts' currency label (SPEC §9), two decimals in the patron's language. */
function money(value: number, t: TFunction, language: string): string {
  const amount = new Intl.NumberFormat(languageTag(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return t('circulation.debts.money', { amount });
}

/** One thing that blocks the request, named in the patron's language. */
export function blockerText(blocker: PrivacyBlocker, t: TFunction, language: string): string {
  const values = { title: blocker.titulo ?? '', library: blocker.biblioteca ?? '—' };
  switch (blocker.tipo) {
    case 'emprestimo':
      return t('privacy.blocker.emprestimo', values);
    case 'reserva':
      return t('privacy.blocker.reserva', values);
    case 'solicitacao':
      return t('privacy.blocker.solicitacao', values);
    case 'debito': {
      const amount = money(blocker.valor ?? 0, t, language);
      return blocker.titulo
        ? t('privacy.blocker.debito', { ...values, amount })
        : t('privacy.blocker.fee', { ...values, amount });
    }
  }
}

/**
 * The request to delete or anonymise the account. The server records it for the library, or
 * refuses it at once while loans, holds, requests or debts are open: each is then named here.
 */
export function AccountRequestForm() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const send = useRequestAccountDeletion();
  const [answer, setAnswer] = useState<PrivacyRequest | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const form = useForm<RequestValues>({
    initial: { kind: 'exclusao', note: '' },
    onSubmit: async (values) => {
      setAnswer(null);
      const recorded = await send.mutateAsync({
        tipo: values.kind,
        ...(values.note.trim() ? { observacao: values.note.trim() } : {}),
      });
      setAnswer(recorded);
    },
  });

  useEffect(() => {
    // The outcome is what the patron needs next: keyboard and screen-reader users land on it.
    if (answer) result.current?.focus();
  }, [answer]);

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('privacy.request.heading')}
      </Title>
      <Text size="sm">{t('privacy.request.intro')}</Text>
      <form {...form.formProps}>
        <Stack gap="sm" maw={560}>
          <SelectField
            label={t('privacy.request.kind')}
            options={[
              { value: 'exclusao', label: t('privacy.request.exclusao') },
              { value: 'anonimizacao', label: t('privacy.request.anonimizacao') },
            ]}
            {...form.field('kind')}
            onChange={(value) =>
              form.setValue('kind', value === 'anonimizacao' ? 'anonimizacao' : 'exclusao')
            }
          />
          <TextAreaField
            label={t('privacy.request.note')}
            maxLength={2000}
            rows={3}
            {...form.field('note')}
          />
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('privacy.request.submit')}</SubmitButton>
        </Stack>
      </form>
      {answer && (
        <div ref={result} tabIndex={-1}>
          {answer.situacao === 'recusado' ? (
            <Notice tone="refusal" title={t('privacy.request.refused')}>
              <List>
                {answer.impedimentos.map((blocker, index) => (
                  <List.Item key={index}>{blockerText(blocker, t, language)}</List.Item>
                ))}
              </List>
            </Notice>
          ) : (
            <Notice tone="success">{t('privacy.request.open')}</Notice>
          )}
        </div>
      )}
    </Stack>
  );
}
