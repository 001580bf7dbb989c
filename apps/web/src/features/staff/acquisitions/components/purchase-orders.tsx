import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { suggestionStatusKey, type PurchaseOrderState, type StaffPurchaseOrder } from '@estante/contract';
import {
  FormRefusal,
  SelectField,
  SubmitButton,
  TextField,
  rules,
  useForm,
  type FieldErrors,
} from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { formatDate } from '../../../../lib/i18n';
import { useMoveOrder, useReceiveOrder, useStaffOrders } from '../api/purchase-orders';
import { parseCopies } from '../utils/numbers';

/** An order's states a librarian sets by hand; received and partially received come from a receipt. */
const BY_HAND: readonly PurchaseOrderState[] = ['enviado', 'cancelado'];

/** Suggestions of an order that can still receive copies. */
const awaiting = (order: StaffPurchaseOrder) =>
  order.sugestoes.filter(
    (s) => s.situacao === 'aguardando-entrega' || s.situacao === 'parcialmente-atendida',
  );

/** The purchase orders, newest first: each with its suggestions, its state, and its receipt once sent. */
export function PurchaseOrders() {
  const { t } = useTranslation();
  const orders = useStaffOrders();
  return (
    <Stack component="section" gap="sm" aria-labelledby="acquisitions-orders-heading">
      <Title order={2} id="acquisitions-orders-heading">
        {t('staff.acquisitions.orders.heading')}
      </Title>
      {orders.isPending ? (
        <LoadingBlock />
      ) : orders.isError ? (
        <ErrorBlock
          message={t('staff.acquisitions.orders.loadError')}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.length === 0 ? (
        <Text>{t('staff.acquisitions.orders.empty')}</Text>
      ) : (
        orders.data.map((order) => <OrderCard key={order.codigo} order={order} />)
      )}
    </Stack>
  );
}

function OrderCard({ order }: { order: StaffPurchaseOrder }) {
  const { t, i18n } = useTranslation();
  const headingId = `acquisitions-order-${order.codigo}`;
  const states = order.transicoes.filter((state) => BY_HAND.includes(state));
  const receivable = order.situacao === 'enviado' || order.situacao === 'parcialmente-recebido';
  // Kept here: a form that has nothing left to do goes away, its outcome stays.
  const [done, setDone] = useState<string | null>(null);
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {t('suggestions.order.code', { code: order.codigo })}
        </Title>
        <Text size="sm">
          {t('staff.acquisitions.orders.summary', {
            state: t(`suggestions.order.status.${order.situacao}`),
            supplier: order.fornecedor ?? t('suggestions.fields.none'),
            date: formatDate(order.data_criacao, i18n.language),
          })}
        </Text>
        <List size="sm" spacing={4}>
          {order.sugestoes.map((s) => (
            <List.Item key={s.codigo}>
              {t('staff.acquisitions.orders.line', {
                title: s.titulo,
                status: t(suggestionStatusKey(s.situacao)),
                delivered: s.total_entregue,
                items: s.quantidade_itens ?? '—',
              })}
            </List.Item>
          ))}
        </List>
        {states.length > 0 && (
          <OrderStateForm key={order.data_atualizacao} order={order} states={states} onDone={setDone} />
        )}
        {receivable && awaiting(order).length > 0 && (
          <ReceiptForm key={order.data_atualizacao} order={order} onDone={setDone} />
        )}
        {done && <Notice tone="success">{done}</Notice>}
      </Stack>
    </Paper>
  );
}

function OrderStateForm({
  order,
  states,
  onDone,
}: {
  order: StaffPurchaseOrder;
  states: PurchaseOrderState[];
  onDone: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const move = useMoveOrder();
  const label = t('staff.acquisitions.orders.state');
  const form = useForm({
    initial: { state: '' },
    validate: ({ state }) => {
      const message = rules.required(state, label, t);
      return message ? { state: message } : {};
    },
    onSubmit: async ({ state }) => {
      onDone(null);
      const moved = await move.mutateAsync({ id: order.codigo, status: states.find((s) => s === state)! });
      onDone(
        t('staff.acquisitions.orders.moved', {
          code: moved.codigo,
          state: t(`suggestions.order.status.${moved.situacao}`),
        }),
      );
    },
  });
  return (
    <form {...form.formProps} aria-label={t('staff.acquisitions.orders.stateFormOf', { code: order.codigo })}>
      <Stack gap="xs" maw={420}>
        <SelectField
          label={label}
          required
          choose
          options={states.map((state) => ({ value: state, label: t(`suggestions.order.status.${state}`) }))}
          {...form.field('state')}
        />
        <FormRefusal message={form.refusal} />
        <SubmitButton sending={form.sending}>{t('staff.acquisitions.orders.move')}</SubmitButton>
      </Stack>
    </form>
  );
}

function ReceiptForm({
  order,
  onDone,
}: {
  order: StaffPurchaseOrder;
  onDone: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const receive = useReceiveOrder();
  const lines = awaiting(order);
  const name = (id: number) => `copies-${id}`;
  const labelOf = (title: string) => t('staff.acquisitions.receipt.copiesOf', { title });
  const form = useForm<Record<string, string>>({
    initial: Object.fromEntries(lines.map((s) => [name(s.codigo), ''])),
    validate: (values) => {
      const errors: FieldErrors<Record<string, string>> = {};
      for (const s of lines) {
        const typed = values[name(s.codigo)] ?? '';
        if (typed.trim() && parseCopies(typed) === null)
          errors[name(s.codigo)] = t('staff.acquisitions.form.copies', { field: labelOf(s.titulo) });
      }
      const first = lines[0]!;
      if (Object.keys(errors).length === 0 && lines.every((s) => !(values[name(s.codigo)] ?? '').trim()))
        errors[name(first.codigo)] = t('staff.acquisitions.receipt.none');
      return errors;
    },
    onSubmit: async (values) => {
      onDone(null);
      const itens = lines
        .filter((s) => (values[name(s.codigo)] ?? '').trim())
        .map((s) => ({ sugestao: s.codigo, quantidade: parseCopies(values[name(s.codigo)]!)! }));
      const received = await receive.mutateAsync({ id: order.codigo, body: { itens } });
      onDone(
        t('staff.acquisitions.receipt.done', {
          code: received.codigo,
          state: t(`suggestions.order.status.${received.situacao}`),
        }),
      );
    },
  });
  return (
    <form {...form.formProps} aria-label={t('staff.acquisitions.receipt.formOf', { code: order.codigo })}>
      <Stack gap="xs" maw={420}>
        <Text size="sm" fw={600}>
          {t('staff.acquisitions.receipt.help')}
        </Text>
        {lines.map((s) => (
          <TextField key={s.codigo} label={labelOf(s.titulo)} maxLength={6} {...form.field(name(s.codigo))} />
        ))}
        <FormRefusal message={form.refusal} />
        <SubmitButton sending={form.sending}>{t('staff.acquisitions.receipt.submit')}</SubmitButton>
      </Stack>
    </form>
  );
}
