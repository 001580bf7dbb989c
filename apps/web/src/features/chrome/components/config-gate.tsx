import type { ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { getPublicTokenQueryOptions } from '../api/get-public-token';
import { getInstitutionQueryOptions } from '../api/get-institution';
import { getFunctionalitiesQueryOptions } from '../api/get-functionalities';
import { getSearchTabsQueryOptions } from '../api/get-search-tabs';
import { getSelfServiceQueryOptions } from '../api/get-self-service';

/**
 * SPEC §2: loads the public configuration (public credentials, functionalities, institution data,
 * search tabs, self-service links) before any page shows. Issue 18: all at once — each call waits
 * for the one public token itself — and the browser revalidates them by ETag on the next page.
 */
export function ConfigGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const token = useQuery(getPublicTokenQueryOptions());
  const config = useQueries({
    queries: [
      getInstitutionQueryOptions(),
      getFunctionalitiesQueryOptions(),
      getSearchTabsQueryOptions(),
      getSelfServiceQueryOptions(),
    ],
  });
  const all = [token, ...config];

  if (all.some((query) => query.isError)) {
    const retry = () => {
      for (const query of all) if (query.isError) void query.refetch();
    };
    return (
      <Center mih="60vh" p="md">
        <Alert role="alert" color="red" variant="light" title={t('config.error.title')} maw={480}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('config.error.description')}</Text>
            <Button onClick={retry}>{t('config.error.retry')}</Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
  if (!all.every((query) => query.isSuccess)) {
    return (
      <Center mih="60vh" p="md" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader aria-hidden />
          <Text>{t('config.loading')}</Text>
        </Stack>
      </Center>
    );
  }
  return <>{children}</>;
}
