import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/i18n';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useLoanHistory, type LoanHistoryQuery } from '../api/get-loan-history';
import { checkingTitlesWindow } from '../utils/loan-history-range';
import { formatMoney } from '../utils/money';
import { DateRangeFilter } from '../../../components/form/date-range-filter';
import { LoanStateLabel } from './loan-state';
import { TITLE_COLUMN_WIDTH } from './table-widths';

/**
 * The loan history (GET /emprestimo/historico): the loans made between two days, open or returned,
 * with days late and fines, or only the fined ones. It opens on SPEC §9's checking-titles window
 * (from today back one month); an empty end is the server's default (decision 0025). A start after
 * the end is refused in place (SPEC §5), what was typed stays, and the last results stay too.
 */
export function LoanHistoryScreen() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<LoanHistoryQuery>(() => ({
    ...checkingTitlesWindow(),
    finedOnly: false,
  }));
  const [finedOnly, setFinedOnly] = useState(false);
  const history = useLoanHistory(query);

  return (
    <Stack gap="lg">
      <DateRangeFilter
        label={t('circulation.history.filter')}
        initial={query}
        fromLabel={t('circulation.history.from')}
        toLabel={t('circulation.history.to')}
        submitLabel={t('circulation.history.submit')}
        onApply={(range) => setQuery({ ...range, finedOnly })}
      >
        <Checkbox
          label={t('circulation.history.finedOnly')}
          checked={finedOnly}
          onChange={(event) => setFinedOnly(event.currentTarget.checked)}
          mb={8}
        />
      </DateRangeFilter>
      <HistoryResults query={query} history={history} />
    </Stack>
  );
}

interface HistoryResultsProps {
  query: LoanHistoryQuery;
  history: ReturnType<typeof useLoanHistory>;
}

function HistoryResults({ query, history }: HistoryResultsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const heading =
    query.from && query.to
      ? t('circulation.history.heading', {
          from: formatDate(query.from, language),
          to: formatDate(query.to, language),
        })
      : t('circulation.history.headingOpen');

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {heading}
      </Title>
      {query.finedOnly && (
        <Text size="sm" mb="xs">
          {t('circulation.history.finedNote')}
        </Text>
      )}
      {history.isPending ? (
        <LoadingBlock label={t('circulation.history.loading')} />
      ) : history.isError ? (
        <ErrorBlock message={t('circulation.history.loadError')} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <Text>{t('circulation.history.empty')}</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm" role="status">
            {t('circulation.history.count', { count: history.data.length })}
          </Text>
          <ScrollRegion label={t('circulation.history.table')}>
            <Table striped withTableBorder miw={900} aria-busy={history.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" miw={TITLE_COLUMN_WIDTH}>
                    {t('circulation.history.field.title')}
                  </Table.Th>
                  <Table.Th scope="col">{t('circulation.history.field.library')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.history.field.loanedOn')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.history.field.dueDate')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.history.field.returnedOn')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.history.field.renewals')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.history.field.daysLate')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.history.field.fine')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.history.field.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.map((entry) => (
                  <Table.Tr key={entry.cod_emprestimo}>
                    <Table.Th scope="row">
                      <Anchor component={Link} to={paths.title.getHref(entry.cod_acervo)}>
                        {entry.titulo}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{entry.biblioteca.desc_biblioteca}</Table.Td>
                    <Table.Td>{formatDate(entry.data_emprestimo, language)}</Table.Td>
                    <Table.Td>{formatDate(entry.data_prevista, language)}</Table.Td>
                    <Table.Td>
                      {entry.data_devolucao
                        ? formatDate(entry.data_devolucao, language)
                        : t('circulation.history.notReturned')}
                    </Table.Td>
                    <Table.Td>{entry.renovacoes}</Table.Td>
                    <Table.Td>{entry.dias_atraso}</Table.Td>
                    <Table.Td>
                      {entry.multa > 0
                        ? formatMoney(entry.multa, t, language)
                        : t('circulation.history.noFine')}
                    </Table.Td>
                    <Table.Td>
                      <LoanStateLabel state={entry.situacao} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        </Stack>
      )}
    </section>
  );
}
