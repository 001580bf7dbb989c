import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, NativeSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  BASKET_ERROR,
  BASKET_EXPORT_FORMATS,
  isValidEmail,
  splitEmailList,
  type BasketExportFormat,
} from '@estante/contract';
import { ApiError } from '../../../lib/api-client';
import { handleApiError } from '../../../lib/error-handler';
import { exportBasket, getBasketReferences, sendBasketByEmail } from '../api/export-basket';
import { saveFile } from '../../../lib/save-file';

const FORMAT_LABEL = {
  RIS: 'basket.format.ris',
  BIBTEX: 'basket.format.bibtex',
  MARC21: 'basket.format.marc21',
  MARCXML: 'basket.format.marcxml',
  CSV: 'basket.format.csv',
  ABNT: 'basket.format.abnt',
  PDF: 'basket.format.pdf',
} as const satisfies Record<BasketExportFormat, string>;

/** The address a 422 named, after "key: " in its message. */
function namedAddress(error: ApiError): string {
  const colon = error.message.indexOf(': ');
  return colon >= 0 ? error.message.slice(colon + 2) : '';
}

/**
 * Downloads in each format, the references to the clipboard, and the send-by-e-mail form (SPEC §2
 * basket), offered only when the server can send e-mail (`sendsEmail`: the institution's `envia_email`).
 */
export function BasketExport({ ids, sendsEmail }: { ids: readonly number[]; sendsEmail: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [format, setFormat] = useState<BasketExportFormat>('RIS');
  const [emails, setEmails] = useState('');
  const [message, setMessage] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  const run = async (key: string, task: () => Promise<void>) => {
    setBusy(key);
    setStatus('');
    try {
      await task();
    } finally {
      setBusy(null);
    }
  };

  const download = (chosen: BasketExportFormat) =>
    run(chosen, async () => {
      try {
        const file = await exportBasket(chosen, ids);
        saveFile(file.blob, file.filename ?? `cesta-${chosen.toLowerCase()}`);
        setStatus(t('basket.export.done', { format: t(FORMAT_LABEL[chosen]) }));
      } catch (error) {
        handleApiError(error);
      }
    });

  const copy = () =>
    run('copy', async () => {
      try {
        await navigator.clipboard.writeText(await getBasketReferences(ids));
        setStatus(t('basket.copy.done'));
      } catch (error) {
        if (error instanceof ApiError) handleApiError(error);
        else setStatus(t('basket.copy.failed'));
      }
    });

  const send = (event: FormEvent) => {
    event.preventDefault();
    const addresses = splitEmailList(emails);
    const bad = addresses.find((address) => !isValidEmail(address));
    if (addresses.length === 0) return setEmailError(t('basket.email.required'));
    if (bad !== undefined) return setEmailError(t('basket.email.invalid', { email: bad }));
    setEmailError(null);
    void run('email', async () => {
      try {
        const sent = await sendBasketByEmail(format, ids, emails, message);
        setStatus(t('basket.email.sent', { emails: sent.destinatarios.join(', ') }));
      } catch (error) {
        if (error instanceof ApiError && error.code === BASKET_ERROR.INVALID_EMAIL.code) {
          setEmailError(t('basket.email.invalid', { email: namedAddress(error) }));
        } else if (error instanceof ApiError && error.code === BASKET_ERROR.TOO_MANY_RECIPIENTS.code) {
          setEmailError(t('basket.email.tooMany'));
        } else if (error instanceof ApiError && error.code === BASKET_ERROR.EMAIL_LIMIT.code) {
          setEmailError(t('basket.email.limit'));
        } else {
          handleApiError(error);
        }
      }
    });
  };

  return (
    <Stack gap="lg" component="section" aria-labelledby="basket-export-heading">
      <Title order={2} fz="h3" id="basket-export-heading">
        {t('basket.export.heading')}
      </Title>
      <Text role="status" aria-live="polite" mih={24}>
        {status}
      </Text>
      <Group gap="xs">
        {BASKET_EXPORT_FORMATS.map((each) => (
          <Button
            key={each}
            variant="light"
            loading={busy === each}
            disabled={busy !== null && busy !== each}
            aria-label={t('basket.export.download', { format: t(FORMAT_LABEL[each]) })}
            onClick={() => void download(each)}
          >
            {t(FORMAT_LABEL[each])}
          </Button>
        ))}
        <Button variant="outline" loading={busy === 'copy'} onClick={() => void copy()}>
          {t('basket.copy.button')}
        </Button>
      </Group>
      {sendsEmail && (
        <form onSubmit={send} noValidate aria-labelledby="basket-email-heading">
          <Stack gap="sm" maw={560}>
            <Title order={3} fz="h4" id="basket-email-heading">
              {t('basket.email.heading')}
            </Title>
            <TextInput
              label={t('basket.email.addresses')}
              description={t('basket.email.hint')}
              value={emails}
              onChange={(event) => setEmails(event.currentTarget.value)}
              error={emailError}
              required
              autoComplete="email"
            />
            <NativeSelect
              label={t('basket.email.format')}
              value={format}
              onChange={(event) => setFormat(event.currentTarget.value as BasketExportFormat)}
              data={BASKET_EXPORT_FORMATS.map((each) => ({ value: each, label: t(FORMAT_LABEL[each]) }))}
            />
            <Textarea
              label={t('basket.email.message')}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              rows={3}
            />
            <Group>
              <Button type="submit" loading={busy === 'email'}>
                {t('basket.email.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
