import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Stack, Text, Title } from '@mantine/core';
import { isApiErrorStatus } from '../../../lib/api-client';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { DocumentTitle } from '../../../components/ui/document-title';
import { useSharedList } from '../api/get-shared-list';
import { ListTitles } from './list-titles';

/**
 * A list someone shared by link (decision 0043), read-only and open to anyone: its name and titles,
 * nothing about its owner; `renderExport` offers the basket's exports of its titles.
 */
export function SharedListScreen({
  token,
  renderExport,
}: {
  token: string;
  renderExport?: (ids: readonly number[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const shared = useSharedList(token);
  if (shared.isPending) return <LoadingBlock />;
  if (shared.isError) {
    const gone = isApiErrorStatus(shared.error, 404);
    return (
      <Stack gap="md">
        <DocumentTitle page={t('lists.sharedPage.title')} />
        <Title order={1}>{t('lists.sharedPage.title')}</Title>
        {gone ? (
          <Text>{t('lists.sharedPage.gone')}</Text>
        ) : (
          <ErrorBlock message={t('lists.loadError')} onRetry={() => void shared.refetch()} />
        )}
      </Stack>
    );
  }
  const { nome, cesta_permanente, itens } = shared.data;
  const name = cesta_permanente ? t('lists.permanentBasket') : (nome ?? '');
  return (
    <Stack gap="md">
      <DocumentTitle page={name} />
      <Title order={1}>{name}</Title>
      <Text>{t('lists.sharedPage.intro', { count: itens.length })}</Text>
      <ListTitles items={itens} />
      {itens.length > 0 && renderExport?.(itens.map((item) => item.cod_acervo))}
    </Stack>
  );
}
