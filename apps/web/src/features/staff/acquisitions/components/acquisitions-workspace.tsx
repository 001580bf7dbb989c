import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  SUGGESTION_INBOX_ORDERS,
  SUGGESTION_INBOX_PAGE_SIZE,
  SUGGESTION_STATUSES,
  suggestionStatusKey,
  type StaffPurchaseOrder,
  type SuggestionInboxOrder,
  type SuggestionStatus,
} from '@estante/contract';
import { FormRefusal, SubmitButton, TextField, rules, useForm } from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { formatDate } from '../../../../lib/i18n';
import { useSuggestionInbox, type InboxFilter } from '../api/get-suggestion-inbox';
import { useCreateOrder } from '../api/purchase-orders';
import { PurchaseOrders } from './purchase-orders';
import { SuggestionDetail } from './suggestion-detail';

/** Every status: the filter's first option. */
const ALL = '';
const SUPPLIER_MAX = 200;
const ORDER_LABELS = {
  recentes: 'staff.acquisitions.inbox.orders.recentes',
  antigas: 'staff.acquisitions.inbox.orders.antigas',
} as const satisfies Record<SuggestionInboxOrder, string>;

/**
 * The acquisitions part of the staff workspace (decision 0059): the purchase suggestions inbox
 * (by status, newest or oldest first, with the count in each status), one suggestion opened with
 * its history, moves and quote, new purchase orders from the suggestions ticked, and the orders
 * with their state and receipt. Every change tells the suggester; the server checks the role.
 */
export function AcquisitionsWorkspace() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<InboxFilter>({ status: null, order: 'recentes', page: 1 });
  const [openId, setOpenId] = useState<number | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const [opened, setOpened] = useState<StaffPurchaseOrder | null>(null);
  const inbox = useSuggestionInbox(filter);
  const createOrder = useCreateOrder();
  const form = useForm({
    initial: { supplier: '' },
    validate: ({ supplier }) => {
      const message = rules.maxLength(supplier, SUPPLIER_MAX, t('staff.acquisitions.orders.supplier'), t);
      return message ? { supplier: message } : {};
    },
    onSubmit: async ({ supplier }) => {
      setOpened(null);
      const order = await createOrder.mutateAsync({
        sugestoes: ticked,
        ...(supplier.trim() ? { fornecedor: supplier.trim() } : {}),
      });
      setOpened(order);
      setTicked([]);
      form.reset();
    },
  });
  const count = (status: SuggestionStatus) =>
    inbox.data?.contagens.find((c) => c.situacao === status)?.quantidade ?? 0;
  const toggle = (id: number, on: boolean) =>
    setTicked((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <Stack gap="xl">
      <Text>{t('staff.acquisitions.intro')}</Text>
      <Stack component="section" gap="sm" aria-labelledby="acquisitions-inbox-heading">
        <Title order={2} id="acquisitions-inbox-heading">
          {t('staff.acquisitions.inbox.heading')}
        </Title>
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('staff.acquisitions.inbox.status')}
            value={filter.status ?? ALL}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setFilter((f) => ({
                ...f,
                page: 1,
                status: value === ALL ? null : (value as SuggestionStatus),
              }));
            }}
            data={[
              { value: ALL, label: t('staff.acquisitions.inbox.allStatuses') },
              ...SUGGESTION_STATUSES.map((status) => ({
                value: status,
                label: t('staff.acquisitions.inbox.statusCount', {
                  status: t(suggestionStatusKey(status)),
                  count: count(status),
                }),
              })),
            ]}
          />
          <NativeSelect
            label={t('staff.acquisitions.inbox.order')}
            value={filter.order}
            onChange={(event) => {
              const value = event.currentTarget.value as SuggestionInboxOrder;
              setFilter((f) => ({ ...f, page: 1, order: value }));
            }}
            data={SUGGESTION_INBOX_ORDERS.map((order) => ({
              value: order,
              label: t(ORDER_LABELS[order]),
            }))}
          />
        </Group>
        {inbox.isPending ? (
          <LoadingBlock />
        ) : inbox.isError ? (
          <ErrorBlock
            message={t('staff.acquisitions.inbox.loadError')}
            onRetry={() => void inbox.refetch()}
          />
        ) : inbox.data.data.length === 0 ? (
          <Text>{t('staff.acquisitions.inbox.empty')}</Text>
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <Table striped aria-busy={inbox.isPlaceholderData}>
              <Table.Caption>
                {t('staff.acquisitions.inbox.caption', { count: inbox.data.total })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('staff.acquisitions.inbox.tick')}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th scope="col">{t('staff.acquisitions.fields.title')}</Table.Th>
                  <Table.Th scope="col">{t('staff.acquisitions.fields.requester')}</Table.Th>
                  <Table.Th scope="col">{t('staff.acquisitions.fields.sent')}</Table.Th>
                  <Table.Th scope="col">{t('staff.acquisitions.fields.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inbox.data.data.map((suggestion) => (
                  <Table.Tr key={suggestion.codigo}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('staff.acquisitions.inbox.tickOf', { title: suggestion.titulo })}
                        checked={ticked.includes(suggestion.codigo)}
                        onChange={(event) => toggle(suggestion.codigo, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={0}
                        style={{ whiteSpace: 'normal', textAlign: 'start', height: 'auto' }}
                        aria-expanded={openId === suggestion.codigo}
                        aria-controls={openId === suggestion.codigo ? 'acquisitions-suggestion' : undefined}
                        onClick={() => setOpenId(suggestion.codigo)}
                      >
                        {suggestion.titulo}
                      </Button>
                      <Text size="xs" c="dimmed">
                        {[suggestion.autor, suggestion.editor, suggestion.isbn_issn]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{suggestion.solicitante}</Text>
                      <Text size="xs" c="dimmed">
                        {suggestion.login} · {suggestion.biblioteca}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(suggestion.data_criacao, i18n.language)}</Table.Td>
                    <Table.Td>{t(suggestionStatusKey(suggestion.situacao))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        {inbox.isSuccess && inbox.data.total > SUGGESTION_INBOX_PAGE_SIZE && (
          <Group gap="sm" component="nav" aria-label={t('staff.acquisitions.inbox.pages')}>
            <Button
              variant="outline"
              size="xs"
              disabled={filter.page <= 1}
              onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}
            >
              {t('staff.acquisitions.inbox.previous')}
            </Button>
            <Text size="sm">
              {t('staff.acquisitions.inbox.page', {
                page: filter.page,
                pages: Math.ceil(inbox.data.total / SUGGESTION_INBOX_PAGE_SIZE),
              })}
            </Text>
            <Button
              variant="outline"
              size="xs"
              disabled={filter.page * SUGGESTION_INBOX_PAGE_SIZE >= inbox.data.total}
              onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
            >
              {t('staff.acquisitions.inbox.next')}
            </Button>
          </Group>
        )}
        <form {...form.formProps} aria-labelledby="acquisitions-new-order-heading">
          <Stack gap="xs" maw={560}>
            <Title order={3} size="h4" id="acquisitions-new-order-heading">
              {t('staff.acquisitions.orders.newHeading')}
            </Title>
            <Text size="sm">{t('staff.acquisitions.orders.ticked', { count: ticked.length })}</Text>
            <TextField
              label={t('staff.acquisitions.orders.supplier')}
              maxLength={SUPPLIER_MAX}
              autoComplete="organization"
              {...form.field('supplier')}
            />
            <FormRefusal message={form.refusal} />
            {opened && (
              <Notice tone="success">{t('staff.acquisitions.orders.opened', { code: opened.codigo })}</Notice>
            )}
            <SubmitButton sending={form.sending} disabled={ticked.length === 0}>
              {t('staff.acquisitions.orders.create')}
            </SubmitButton>
          </Stack>
        </form>
      </Stack>

      {openId !== null && <SuggestionDetail key={openId} id={openId} onClose={() => setOpenId(null)} />}

      <PurchaseOrders />
    </Stack>
  );
}
