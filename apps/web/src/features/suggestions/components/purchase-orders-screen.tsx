import { useTranslation } from 'react-i18next';
import { Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { suggestionStatusKey } from '@estante/contract';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { localDay } from '../../../components/form';
import { formatDate } from '../../../lib/i18n';
import { usePurchaseOrders } from '../api/get-suggestions';
import classes from './suggestions.module.css';

/**
 * The personal area's purchase orders (decision 0050): the orders the library placed that include the
 * patron's suggestions, each with its state, supplier and dates, and those suggestions with their status.
 */
export function PurchaseOrdersScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = usePurchaseOrders();
  const day = (iso: string) => formatDate(localDay(new Date(iso)), language);

  return (
    <section aria-labelledby="purchase-orders-heading">
      <Stack gap="md">
        <Title order={2} fz="h3" id="purchase-orders-heading">
          {t('suggestions.order.heading')}
        </Title>
        {query.isPending && <LoadingBlock />}
        {query.isError && (
          <ErrorBlock message={t('suggestions.order.error')} onRetry={() => void query.refetch()} />
        )}
        {query.isSuccess && query.data.length === 0 && <Text>{t('suggestions.order.empty')}</Text>}
        {query.isSuccess &&
          query.data.map((order) => (
            <Paper
              key={order.codigo}
              component="article"
              withBorder
              p="md"
              aria-labelledby={`order-${order.codigo}`}
            >
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Title order={3} fz="h4" id={`order-${order.codigo}`}>
                    {t('suggestions.order.code', { code: order.codigo })}
                  </Title>
                  <Text fw={700} className={classes.status}>
                    {t(`suggestions.order.status.${order.situacao}`)}
                  </Text>
                </Group>
                <dl className={classes.fields}>
                  <div className={classes.field}>
                    <dt>{t('suggestions.order.supplier')}</dt>
                    <dd>{order.fornecedor ?? t('suggestions.fields.none')}</dd>
                  </div>
                  <div className={classes.field}>
                    <dt>{t('suggestions.order.created')}</dt>
                    <dd>{day(order.data_criacao)}</dd>
                  </div>
                  <div className={classes.field}>
                    <dt>{t('suggestions.order.updated')}</dt>
                    <dd>{day(order.data_atualizacao)}</dd>
                  </div>
                </dl>
                <Title order={4} fz="md">
                  {t('suggestions.order.yours')}
                </Title>
                <List size="sm" spacing={4}>
                  {order.sugestoes.map((suggestion) => (
                    <List.Item key={suggestion.codigo}>
                      {suggestion.titulo} — {t(suggestionStatusKey(suggestion.situacao))}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            </Paper>
          ))}
      </Stack>
    </section>
  );
}
