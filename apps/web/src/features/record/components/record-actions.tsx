import { useTranslation } from 'react-i18next';
import { Button, CopyButton } from '@mantine/core';

/** The record's permanent address to copy, and its print view (the page without the chrome). */
export function RecordActions({ permalink }: { permalink: string }) {
  const { t } = useTranslation();
  return (
    <>
      <CopyButton value={permalink}>
        {({ copied, copy }) => (
          <Button variant="subtle" onClick={copy} aria-live="polite">
            {copied ? t('record.actions.permalinkCopied') : t('record.actions.copyPermalink')}
          </Button>
        )}
      </CopyButton>
      <Button variant="subtle" onClick={() => window.print()}>
        {t('record.actions.print')}
      </Button>
    </>
  );
}
