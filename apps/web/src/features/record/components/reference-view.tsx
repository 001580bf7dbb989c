import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DOMPurify from 'dompurify';
import { Blockquote, Button, CopyButton, Group, Radio, Stack, Title } from '@mantine/core';
import { REFERENCE_FORMATS, type ReferenceFormat } from '@estante/contract';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useTitleReference } from '../api/get-title-reference';

/** The label of each reference format. */
const FORMAT_LABEL_KEYS = {
  ABNT: 'record.reference.formats.ABNT',
  APA: 'record.reference.formats.APA',
  CHICAGO: 'record.reference.formats.CHICAGO',
  MLA: 'record.reference.formats.MLA',
} as const satisfies Record<ReferenceFormat, string>;

// The API's HTML carries only <b> and <i> around text citeproc has escaped; sanitised all the same.
const ALLOWED_MARKUP = { ALLOWED_TAGS: ['b', 'i', 'span', 'sup', 'sub'], ALLOWED_ATTR: [] };

/** The reference tab (33): the title cited in the chosen format (ABNT by default), with a copy button. */
export function ReferenceView({ titleId }: { titleId: number }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ReferenceFormat>('ABNT');
  const query = useTitleReference(titleId, format);
  const reference = query.data;
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={2} fz="h3">
        {t('record.reference.heading', { format: t(FORMAT_LABEL_KEYS[format]) })}
      </Title>
      <Radio.Group
        label={t('record.reference.format')}
        value={format}
        onChange={(value) => setFormat(value as ReferenceFormat)}
      >
        <Group gap="md" mt={4}>
          {REFERENCE_FORMATS.map((f) => (
            <Radio key={f} value={f} label={t(FORMAT_LABEL_KEYS[f])} />
          ))}
        </Group>
      </Radio.Group>
      {query.isPending && <LoadingBlock />}
      {query.isError && <ErrorBlock message={t('record.tabError')} onRetry={() => void query.refetch()} />}
      {reference && (
        <>
          <Blockquote color="gray" p="md" m={0} w="100%" aria-busy={query.isPlaceholderData}>
            <span dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(reference.html, ALLOWED_MARKUP) }} />
          </Blockquote>
          <CopyButton value={reference.referencia}>
            {({ copied, copy }) => (
              <Button variant="outline" size="xs" onClick={copy} aria-live="polite">
                {copied ? t('record.reference.copied') : t('record.reference.copy')}
              </Button>
            )}
          </CopyButton>
        </>
      )}
    </Stack>
  );
}
