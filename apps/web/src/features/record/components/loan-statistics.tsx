import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect, Stack, Table, Text } from '@mantine/core';
import { formatCount, languageTag } from '../../../lib/i18n';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useLoanYear, useLoanYears } from '../api/get-loan-statistics';
import classes from './record.module.css';

// The charting library is large: it loads with the statistics tab only.
const LoansChart = lazy(() => import('./loans-chart'));

/** Month names in the interface language: "janeiro" and "jan." for month 1. */
function monthNames(language: string, month: number): { long: string; short: string } {
  const date = new Date(Date.UTC(2000, month - 1, 1));
  const format = (style: 'long' | 'short') =>
    new Intl.DateTimeFormat(languageTag(language), { month: style, timeZone: 'UTC' }).format(date);
  return { long: format('long'), short: format('short') };
}

/**
 * The statistics tab (74): how often the title was lent in each month of a chosen year, as a bar
 * chart and as a table with the same figures; an empty state when it was never lent.
 */
export function LoanStatistics({ titleId }: { titleId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const years = useLoanYears(titleId);
  const [chosen, setChosen] = useState<number | null>(null);
  const year = chosen ?? years.data?.[0]?.ano ?? null;
  const data = useLoanYear(titleId, year);

  if (years.isPending) return <LoadingBlock />;
  if (years.isError)
    return <ErrorBlock message={t('record.tabError')} onRetry={() => void years.refetch()} />;
  if (years.data.length === 0 || year === null) return <Text>{t('record.statistics.empty')}</Text>;

  const months = data.data?.meses.map((m) => ({ ...m, ...monthNames(language, m.mes) })) ?? [];
  const description = data.data
    ? t('record.statistics.chartDescription', {
        year,
        total: formatCount(data.data.total, language),
        months: months.map((m) => `${m.long} ${formatCount(m.total, language)}`).join(', '),
      })
    : '';

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('record.statistics.year')}
        value={String(year)}
        onChange={(event) => setChosen(Number(event.currentTarget.value))}
        data={years.data.map((y) => ({
          value: String(y.ano),
          label: t('record.statistics.yearOption', { year: y.ano, count: y.total }),
        }))}
        maw={320}
      />
      {data.isPending && <LoadingBlock />}
      {data.isError && <ErrorBlock message={t('record.tabError')} onRetry={() => void data.refetch()} />}
      {data.isSuccess && (
        <>
          <figure className={classes.figure}>
            <figcaption>
              <Text fw={600}>{t('record.statistics.chartTitle', { year })}</Text>
            </figcaption>
            <Suspense fallback={<LoadingBlock />}>
              <LoansChart
                bars={months.map((m) => ({ month: m.short, loans: m.total }))}
                seriesLabel={t('record.statistics.loans')}
                description={description}
              />
            </Suspense>
          </figure>
          <Table striped withTableBorder maw={420}>
            <caption className={classes.visuallyHiddenCaption}>
              {t('record.statistics.tableCaption', { year })}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('record.statistics.month')}</Table.Th>
                <Table.Th scope="col">{t('record.statistics.loans')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((m) => (
                <Table.Tr key={m.mes}>
                  <Table.Th scope="row" fw={400}>
                    {m.long}
                  </Table.Th>
                  <Table.Td>{formatCount(m.total, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{t('record.statistics.total')}</Table.Th>
                <Table.Td fw={700}>{formatCount(data.data.total, language)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </>
      )}
    </Stack>
  );
}
