import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Stack, Title as Heading } from '@mantine/core';
import { isApiErrorStatus } from '../../lib/api-client';
import { getTitleQueryOptions } from '../../features/record/api/get-title';
import { useInstitution } from '../../features/chrome/api/get-institution';
import { useBasket } from '../../features/basket/hooks/use-basket';
import { BasketList, type BasketEntry } from '../../features/basket/components/basket-list';
import { BasketExport } from '../../features/basket/components/basket-export';
import { DocumentTitle } from '../../components/ui/document-title';
import { AddToList } from '../../features/lists/components/add-to-list';
import { useIsAuthenticated } from '../../features/identity/hooks/use-is-authenticated';

/** SPEC §2 /cesta: the basket's titles, kept in this browser. */
export function BasketRoute() {
  const { t } = useTranslation();
  const { items } = useBasket();
  // Without SMTP the server cannot send the basket, so the form is not offered (as password recovery is not).
  const sendsEmail = useInstitution().envia_email === true;
  const isSignedIn = useIsAuthenticated();
  const titles = useQueries({ queries: items.map((id) => getTitleQueryOptions(id)) });
  const entries: BasketEntry[] = items.map((id, index) => {
    const query = titles[index];
    if (!query || query.isPending) return { id, state: 'loading' };
    if (query.isError) return { id, state: isApiErrorStatus(query.error, 404) ? 'missing' : 'error' };
    const { titulo, autor, ano_publicacao } = query.data;
    return { id, state: 'ready', titulo, autor, ano_publicacao };
  });
  return (
    <Stack gap="md">
      <DocumentTitle page={t('basket.pageTitle')} />
      <Heading order={1}>{t('basket.pageTitle')}</Heading>
      <BasketList entries={entries} />
      {isSignedIn && items.length > 0 && <AddToList titleIds={items} label={t('lists.saveBasketTo')} />}
      {items.length > 0 && <BasketExport ids={items} sendsEmail={sendsEmail} />}
    </Stack>
  );
}
