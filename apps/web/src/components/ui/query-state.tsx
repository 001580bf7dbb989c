import { useTranslation } from 'react-i18next';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while a block of the page loads; the text is announced. */
export function LoadingBlock({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text size="sm">{label ?? t('common.loading')}</Text>
      </Stack>
    </Center>
  );
}

/** Shown when a block of the page could not load, with a retry button. */
export function ErrorBlock({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert role="alert" color="red" variant="light" title={t('common.errorTitle')} my="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
