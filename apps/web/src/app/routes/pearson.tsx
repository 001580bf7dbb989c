import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Stack, Text, Title } from '@mantine/core';
import { PUBLISHER_FORM_PARAM } from '../../config/paths';
import { DocumentTitle } from '../../components/ui/document-title';
import { StatusMessage } from '../../components/errors/not-found-message';
import { discardPublisherForm, readPublisherForm } from '../../features/record/utils/publisher-form';

/**
 * SPEC §2 /pearson: restricted publisher content, opened in a new tab. The record's tab left the
 * publisher's signed form under a one-time key; this page posts it to the publisher, which then
 * shows the book. Opened without a form (or a second time), it says where to start instead.
 */
export function PearsonRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get(PUBLISHER_FORM_PARAM);
  const [form] = useState(() => (key ? readPublisherForm(key) : null));
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!key || !form) return;
    // The form is good for one visit: a reload of this page does not post it again.
    discardPublisherForm(key);
    formRef.current?.submit();
  }, [key, form]);

  if (!form) {
    return (
      <>
        <DocumentTitle page={t('publisher.title')} />
        <StatusMessage title={t('publisher.title')} description={t('publisher.noForm')} />
      </>
    );
  }
  return (
    <Stack gap="sm" align="flex-start" py="xl">
      <DocumentTitle page={t('publisher.title')} />
      <Title order={1}>{t('publisher.opening')}</Title>
      <Text>{t('publisher.redirecting')}</Text>
      <form ref={formRef} method="post" action={form.endereco}>
        {Object.entries(form.campos).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit">{t('publisher.continue')}</Button>
      </form>
    </Stack>
  );
}
