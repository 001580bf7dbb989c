import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  ACQUISITION_NOTE_MAX,
  suggestionStatusKey,
  type StaffSuggestion,
  type SuggestionQuoteRequest,
} from '@estante/contract';
import {
  CheckboxField,
  DateField,
  FormRefusal,
  RequiredLegend,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  firstErrors,
  rules,
  useForm,
} from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { formatDate, languageTag } from '../../../../lib/i18n';
import { useMoveSuggestion, useQuoteSuggestion } from '../api/change-suggestion';
import { useStaffSuggestion } from '../api/get-staff-suggestion';
import { parseCopies, parsePrice } from '../utils/numbers';
import classes from './acquisitions.module.css';

const VENDOR_MAX = 200;

/** A price with two decimals and the currency label of the texts (SPEC §9). */
function money(value: number, t: TFunction, language: string): string {
  const amount = new Intl.NumberFormat(languageTag(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return t('circulation.debts.money', { amount });
}

/**
 * One suggestion opened from the inbox: what the patron asked, the quote, the orders holding it, its
 * history with who made each step, and the two changes a librarian makes here — moving it to one of
 * the statuses its own allows (with a note the patron reads), and recording its quote.
 */
export function SuggestionDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const suggestion = useStaffSuggestion(id);
  const heading = useRef<HTMLHeadingElement>(null);
  // Kept here: the forms go away once the suggestion is closed, their outcome stays.
  const [done, setDone] = useState<string | null>(null);
  const loaded = suggestion.isSuccess;
  // Opening a suggestion takes the focus to it, so a keyboard or screen-reader user lands there.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  if (suggestion.isPending) return <LoadingBlock />;
  if (suggestion.isError)
    return (
      <ErrorBlock
        message={t('staff.acquisitions.detail.loadError')}
        onRetry={() => void suggestion.refetch()}
      />
    );
  const s = suggestion.data;
  const day = (value: string | null) =>
    value ? formatDate(value, i18n.language) : t('suggestions.fields.none');
  const rows: [string, string][] = [
    [t('staff.acquisitions.fields.status'), t(suggestionStatusKey(s.situacao))],
    [t('staff.acquisitions.fields.requester'), `${s.solicitante} (${s.login})`],
    [t('suggestions.fields.library'), s.biblioteca],
    [t('staff.acquisitions.fields.sent'), formatDate(s.data_criacao, i18n.language)],
    [t('suggestions.fields.items'), s.quantidade_itens?.toString() ?? t('suggestions.fields.none')],
    [t('suggestions.fields.quoted'), day(s.data_cotacao)],
    [
      t('staff.acquisitions.fields.price'),
      s.valor_cotacao === null ? t('suggestions.fields.none') : money(s.valor_cotacao, t, i18n.language),
    ],
    [t('staff.acquisitions.fields.vendor'), s.fornecedor_cotacao ?? t('suggestions.fields.none')],
    [t('suggestions.fields.expected'), day(s.previsao_entrega)],
    [t('suggestions.fields.delivered'), String(s.total_entregue)],
    [
      t('suggestions.fields.foreign'),
      s.obra_estrangeira ? t('suggestions.fields.yes') : t('suggestions.fields.no'),
    ],
  ];

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      id="acquisitions-suggestion"
      aria-labelledby="acquisitions-suggestion-heading"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} id="acquisitions-suggestion-heading" ref={heading} tabIndex={-1}>
            {t('staff.acquisitions.detail.heading', { title: s.titulo })}
          </Title>
          <Button variant="subtle" onClick={onClose}>
            {t('staff.acquisitions.detail.close')}
          </Button>
        </Group>
        <Text size="sm">{[s.autor, s.editor, s.edicao, s.isbn_issn].filter(Boolean).join(' · ')}</Text>
        {s.outras_inf && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {s.outras_inf}
          </Text>
        )}
        <dl className={classes.fields}>
          {rows.map(([name, value]) => (
            <div key={name} className={classes.field}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {s.pedidos.length > 0 && (
          <Text size="sm">
            {t('staff.acquisitions.detail.inOrders', {
              orders: s.pedidos
                .map(
                  (o) =>
                    `${t('suggestions.order.code', { code: o.codigo })} (${t(`suggestions.order.status.${o.situacao}`)})`,
                )
                .join(', '),
            })}
          </Text>
        )}
        <Title order={3} size="h4">
          {t('suggestions.history.heading')}
        </Title>
        <List size="sm" spacing={4} type="ordered">
          {s.historico.map((step, index) => (
            <List.Item key={index}>
              {formatDate(step.data, i18n.language)}:{' '}
              {step.acervo !== null
                ? t('suggestions.history.catalogued')
                : t(suggestionStatusKey(step.situacao))}
              {' — '}
              {step.responsavel
                ? t('staff.acquisitions.detail.by', { login: step.responsavel })
                : t('staff.acquisitions.detail.byPatron')}
              {step.observacao ? ` — ${step.observacao}` : ''}
            </List.Item>
          ))}
        </List>
        {s.transicoes.length === 0 ? (
          <Text>{t('staff.acquisitions.detail.closed')}</Text>
        ) : (
          <>
            <MoveForm suggestion={s} onDone={setDone} />
            <QuoteForm key={s.situacao} suggestion={s} onDone={setDone} />
          </>
        )}
        {done && <Notice tone="success">{done}</Notice>}
      </Stack>
    </Paper>
  );
}

/** What a form tells the suggestion's panel once it changed something (null: clear the last outcome). */
type OnDone = (message: string | null) => void;

function MoveForm({ suggestion, onDone }: { suggestion: StaffSuggestion; onDone: OnDone }) {
  const { t } = useTranslation();
  const move = useMoveSuggestion();
  const form = useForm({
    initial: { status: '', note: '' },
    validate: ({ status, note }) =>
      firstErrors({
        status: [rules.required(status, t('staff.acquisitions.move.status'), t)],
        note: [rules.maxLength(note, ACQUISITION_NOTE_MAX, t('staff.acquisitions.move.note'), t)],
      }),
    onSubmit: async ({ status, note }) => {
      onDone(null);
      const next = suggestion.transicoes.find((code) => code === status)!;
      const moved = await move.mutateAsync({
        id: suggestion.codigo,
        body: { situacao: next, ...(note.trim() ? { observacao: note.trim() } : {}) },
      });
      form.reset();
      onDone(
        t('staff.acquisitions.move.done', {
          title: moved.titulo,
          status: t(suggestionStatusKey(moved.situacao)),
        }),
      );
    },
  });
  return (
    <form {...form.formProps} aria-labelledby="acquisitions-move-heading">
      <Stack gap="xs" maw={560}>
        <Title order={3} size="h4" id="acquisitions-move-heading">
          {t('staff.acquisitions.move.heading')}
        </Title>
        <RequiredLegend />
        <SelectField
          label={t('staff.acquisitions.move.status')}
          required
          choose
          options={suggestion.transicoes.map((code) => ({
            value: code,
            label: t(suggestionStatusKey(code)),
          }))}
          {...form.field('status')}
        />
        <TextAreaField
          label={t('staff.acquisitions.move.note')}
          description={t('staff.acquisitions.move.noteHelp')}
          maxLength={ACQUISITION_NOTE_MAX}
          {...form.field('note')}
        />
        <FormRefusal message={form.refusal} />
        <SubmitButton sending={form.sending}>{t('staff.acquisitions.move.submit')}</SubmitButton>
      </Stack>
    </form>
  );
}

function QuoteForm({ suggestion, onDone }: { suggestion: StaffSuggestion; onDone: OnDone }) {
  const { t } = useTranslation();
  const quote = useQuoteSuggestion();
  const label = {
    day: t('staff.acquisitions.quote.day'),
    items: t('suggestions.fields.items'),
    expected: t('suggestions.fields.expected'),
    price: t('staff.acquisitions.fields.price'),
    vendor: t('staff.acquisitions.fields.vendor'),
  };
  const form = useForm({
    initial: {
      day: suggestion.data_cotacao ?? '',
      items: suggestion.quantidade_itens?.toString() ?? '',
      expected: suggestion.previsao_entrega ?? '',
      price: suggestion.valor_cotacao?.toFixed(2).replace('.', ',') ?? '',
      vendor: suggestion.fornecedor_cotacao ?? '',
      foreign: suggestion.obra_estrangeira,
    },
    validate: (v) =>
      firstErrors({
        day: [rules.required(v.day, label.day, t), rules.date(v.day, label.day, t)],
        items: [
          v.items.trim() && parseCopies(v.items) === null
            ? t('staff.acquisitions.form.copies', { field: label.items })
            : undefined,
        ],
        expected: [rules.date(v.expected, label.expected, t)],
        price: [
          v.price.trim() && parsePrice(v.price) === null
            ? t('staff.acquisitions.form.price', { field: label.price })
            : undefined,
        ],
        vendor: [rules.maxLength(v.vendor, VENDOR_MAX, label.vendor, t)],
      }),
    onSubmit: async (v) => {
      onDone(null);
      const body: SuggestionQuoteRequest = { data_cotacao: v.day, obra_estrangeira: v.foreign };
      if (v.items.trim()) body.quantidade_itens = parseCopies(v.items)!;
      if (v.expected) body.previsao_entrega = v.expected;
      if (v.price.trim()) body.valor = parsePrice(v.price)!;
      if (v.vendor.trim()) body.fornecedor = v.vendor.trim();
      const quoted = await quote.mutateAsync({ id: suggestion.codigo, body });
      onDone(
        t('staff.acquisitions.quote.done', {
          title: quoted.titulo,
          status: t(suggestionStatusKey(quoted.situacao)),
        }),
      );
    },
  });
  return (
    <form {...form.formProps} aria-labelledby="acquisitions-quote-heading">
      <Stack gap="xs" maw={560}>
        <Title order={3} size="h4" id="acquisitions-quote-heading">
          {t('staff.acquisitions.quote.heading')}
        </Title>
        <Text size="sm">{t('staff.acquisitions.quote.help')}</Text>
        <DateField label={label.day} required {...form.field('day')} />
        <TextField label={label.items} maxLength={6} {...form.field('items')} />
        <TextField
          label={label.price}
          description={t('staff.acquisitions.quote.priceHelp')}
          maxLength={12}
          {...form.field('price')}
        />
        <TextField
          label={label.vendor}
          maxLength={VENDOR_MAX}
          autoComplete="organization"
          {...form.field('vendor')}
        />
        <DateField label={label.expected} {...form.field('expected')} />
        <CheckboxField label={t('suggestions.fields.foreign')} {...form.field('foreign')} />
        <FormRefusal message={form.refusal} />
        <SubmitButton sending={form.sending}>{t('staff.acquisitions.quote.submit')}</SubmitButton>
      </Stack>
    </form>
  );
}
