import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Group, List, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import {
  SUGGESTION_STATUSES,
  suggestionStatusKey,
  type OwnSuggestion,
  type SuggestionStatus,
} from '@estante/contract';
import { paths } from '../../../config/paths';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { DateRangeFilter, lastTwelveMonths, localDay } from '../../../components/form';
import { formatDate } from '../../../lib/i18n';
import { useSuggestionStatuses, useSuggestions, type SuggestionsFilter } from '../api/get-suggestions';
import classes from './suggestions.module.css';

/** Every status: the status select's first option. */
const ALL = '';

/** A moment (ISO 8601) as the patron's day. */
const dayOf = (iso: string, language: string) => formatDate(localDay(new Date(iso)), language);

function SuggestionCard({ suggestion, language }: { suggestion: OwnSuggestion; language: string }) {
  const { t } = useTranslation();
  const headingId = `suggestion-${suggestion.codigo}`;
  const day = (value: string | null) => (value ? formatDate(value, language) : t('suggestions.fields.none'));
  const rows: [string, string][] = [
    [t('suggestions.fields.created'), dayOf(suggestion.data_criacao, language)],
    [t('suggestions.fields.requester'), suggestion.solicitante],
    [t('suggestions.fields.library'), suggestion.biblioteca],
    [t('suggestions.fields.items'), suggestion.quantidade_itens?.toString() ?? t('suggestions.fields.none')],
    [t('suggestions.fields.quoted'), day(suggestion.data_cotacao)],
    [t('suggestions.fields.expected'), day(suggestion.previsao_entrega)],
    [t('suggestions.fields.delivered'), String(suggestion.total_entregue)],
    [
      t('suggestions.fields.foreign'),
      suggestion.obra_estrangeira ? t('suggestions.fields.yes') : t('suggestions.fields.no'),
    ],
  ];
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} fz="h4" id={headingId}>
            {suggestion.titulo}
          </Title>
          <Text fw={700} className={classes.status}>
            {t(suggestionStatusKey(suggestion.situacao))}
          </Text>
        </Group>
        <Text size="sm">
          {[suggestion.autor, suggestion.editor, suggestion.edicao, suggestion.isbn_issn]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {suggestion.acervo !== null && (
          <Anchor component={Link} to={paths.title.getHref(suggestion.acervo)}>
            {t('suggestions.fields.catalogued')}
          </Anchor>
        )}
        <dl className={classes.fields}>
          {rows.map(([name, value]) => (
            <div key={name} className={classes.field}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Title order={4} fz="md">
          {t('suggestions.history.heading')}
        </Title>
        <List size="sm" spacing={4}>
          {suggestion.historico.map((step, index) => (
            <List.Item key={index}>
              {dayOf(step.data, language)}:{' '}
              {step.acervo !== null
                ? t('suggestions.history.catalogued')
                : t(suggestionStatusKey(step.situacao))}
              {step.observacao ? ` — ${step.observacao}` : ''}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/**
 * The personal area's suggestion query (SPEC §3 purchase suggestion, §4 statuses, §7 GET
 * /aquisicao/sugestoes): the patron's suggestions sent between two days, in one status or all, each
 * with its status, the library's quote and delivery, and its history.
 */
export function SuggestionsScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const statuses = useSuggestionStatuses(language);
  const [filter, setFilter] = useState<SuggestionsFilter>(() => ({ ...lastTwelveMonths(), status: null }));
  const [status, setStatus] = useState<string>(ALL);
  const query = useSuggestions(filter);
  // The labels the server gave; the interface's own until it answers.
  const options =
    statuses.data ??
    SUGGESTION_STATUSES.map((codigo) => ({ codigo, descricao: t(suggestionStatusKey(codigo)) }));

  return (
    <Stack gap="md">
      <DateRangeFilter
        label={t('suggestions.query.filter')}
        initial={filter}
        fromLabel={t('suggestions.query.from')}
        toLabel={t('suggestions.query.to')}
        submitLabel={t('suggestions.query.apply')}
        onApply={(range) =>
          setFilter({ ...range, status: status === ALL ? null : (status as SuggestionStatus) })
        }
      >
        <NativeSelect
          label={t('suggestions.query.status')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value)}
          data={[
            { value: ALL, label: t('suggestions.query.allStatuses') },
            ...options.map((option) => ({ value: option.codigo, label: option.descricao })),
          ]}
        />
      </DateRangeFilter>
      <section aria-labelledby="suggestions-heading">
        <Title order={2} fz="h3" mb="sm" id="suggestions-heading">
          {t('suggestions.query.heading')}
        </Title>
        {query.isPending && <LoadingBlock />}
        {query.isError && (
          <ErrorBlock message={t('suggestions.query.error')} onRetry={() => void query.refetch()} />
        )}
        {query.isSuccess && query.data.length === 0 && <Text>{t('suggestions.query.empty')}</Text>}
        {query.isSuccess && query.data.length > 0 && (
          <Stack gap="sm" aria-busy={query.isPlaceholderData}>
            {query.data.map((suggestion) => (
              <SuggestionCard key={suggestion.codigo} suggestion={suggestion} language={language} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
