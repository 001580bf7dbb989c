import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { saveFile } from '../../../lib/save-file';
import { getPrivacyData, getPrivacyPdf } from '../api/download-privacy-data';

/** A PDF the API answered as base64 text, as a Blob the browser can save. */
function pdfBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: 'application/pdf' });
}

/** Download all of it (LGPD art. 18, II and V): the JSON of every table, or a readable PDF. */
export function DataDownload({ login }: { login: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [busy, setBusy] = useState<'json' | 'pdf' | null>(null);
  const [failed, setFailed] = useState(false);

  const download = async (format: 'json' | 'pdf') => {
    setBusy(format);
    setFailed(false);
    try {
      if (format === 'json') {
        const data = await getPrivacyData();
        const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
        saveFile(blob, `dados-${login}.json`);
      } else {
        const file = await getPrivacyPdf();
        saveFile(pdfBlob(file.pdf), file.nome_arquivo);
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('privacy.download.heading')}
      </Title>
      <Text size="sm">{t('privacy.download.intro')}</Text>
      <Group gap="sm">
        <Button variant="light" loading={busy === 'json'} onClick={() => void download('json')}>
          {t('privacy.download.json')}
        </Button>
        <Button variant="light" loading={busy === 'pdf'} onClick={() => void download('pdf')}>
          {t('privacy.download.pdf')}
        </Button>
      </Group>
      {failed && (
        <Text role="alert" size="sm" c="red.9">
          {t('privacy.download.error')}
        </Text>
      )}
    </Stack>
  );
}
