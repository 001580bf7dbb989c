import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ACQUISITION_STATS_KEYS, type AcquisitionStats } from '@estante/contract';
import { DateRangeFilter } from '../../../components/form/date-range-filter';
import { lastTwelveMonths } from '../../../components/form/date-range';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatCount, formatDate, patronLocale } from '../../../lib/i18n';
import { saveFile } from '../../../lib/save-file';
import {
  downloadAcquisitionStats,
  useAcquisitionStats,
  type AcquisitionStatsFilter,
} from '../api/get-acquisition-stats';
import classes from './acquisition-stats.module.css';

// The charting library is large: it loads with this screen only.
const AcquisitionChart = lazy(() => import('./acquisition-chart'));

/** A month (YYYY-MM) in the reader's language: "março de 2026", and "mar. de 26" for the chart. */
function monthName(period: string, language: string, style: 'long' | 'short'): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(patronLocale(language), {
    month: style,
    year: style === 'long' ? 'numeric' : '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** One row of a breakdown table. */
interface FigureRow {
  key: string;
  label: string;
  titulos: number;
  exemplares: number;
}

/** A breakdown as a table: its name, then value, titles and copies per row. */
function BreakdownTable({ heading, rows }: { heading: string; rows: FigureRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  return (
    <div>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {heading}
      </Title>
      <Table striped withTableBorder aria-labelledby={headingId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{heading}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t(ACQUISITION_STATS_KEYS.titles)}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t(ACQUISITION_STATS_KEYS.copies)}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={400}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right">{formatCount(row.titulos, language)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.exemplares, language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The figures of one answer: the total, the chart by month and the four breakdown tables. */
function StatsFigures({ stats }: { stats: AcquisitionStats }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const K = ACQUISITION_STATS_KEYS;
  const chartHeadingId = useId();
  if (stats.total.exemplares === 0) return <Text>{t('acquisitionStats.screen.empty')}</Text>;
  return (
    <Stack gap="lg">
      <Text fw={600} role="status">
        {t('acquisitionStats.screen.summary', {
          titles: formatCount(stats.total.titulos, language),
          copies: formatCount(stats.total.exemplares, language),
        })}
      </Text>
      <figure className={classes.figure} aria-labelledby={chartHeadingId}>
        <figcaption>
          <Title order={3} size="h4" id={chartHeadingId}>
            {t('acquisitionStats.screen.chartHeading')}
          </Title>
        </figcaption>
        <Suspense fallback={<LoadingBlock />}>
          <AcquisitionChart
            bars={stats.por_periodo.map((row) => ({
              month: monthName(row.periodo, language, 'short'),
              titles: row.titulos,
              copies: row.exemplares,
            }))}
            titlesLabel={t(K.titles)}
            copiesLabel={t(K.copies)}
            description={t('acquisitionStats.screen.chartDescription')}
          />
        </Suspense>
      </figure>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BreakdownTable
          heading={t(K.byMonth)}
          rows={stats.por_periodo.map((row) => ({
            key: row.periodo,
            label: monthName(row.periodo, language, 'long'),
            ...row,
          }))}
        />
        <BreakdownTable
          heading={t(K.byLibrary)}
          rows={stats.por_biblioteca.map((row) => ({
            key: String(row.cod_biblioteca),
            label: row.desc_biblioteca,
            ...row,
          }))}
        />
        <BreakdownTable
          heading={t(K.byArea)}
          rows={stats.por_area.map((row) => ({
            key: String(row.cod_area_conhecimento ?? 'none'),
            label: row.desc_area_conhecimento ?? t(K.noArea),
            ...row,
          }))}
        />
        <BreakdownTable
          heading={t(K.byMode)}
          rows={stats.por_modo.map((row) => ({
            key: row.modo ?? 'none',
            label: row.modo ? t(K.mode[row.modo]) : t(K.noMode),
            ...row,
          }))}
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Personal area "acquisition statistics" (SPEC §2, §7 GET /aquisicao/estatisticas; decision 0051):
 * titles and copies the libraries acquired in a period, by month, library, knowledge area and mode,
 * as a chart and tables, and as a CSV download. Opens on the last twelve months, every library.
 */
export function AcquisitionStatsScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [filter, setFilter] = useState<AcquisitionStatsFilter>(() => ({
    ...lastTwelveMonths(),
    library: null,
  }));
  const [library, setLibrary] = useState('');
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const stats = useAcquisitionStats(filter);
  const headingId = useId();
  // The libraries come with the figures; until the first answer the select offers "all" only.
  const libraries = stats.data?.bibliotecas ?? [];

  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      const file = await downloadAcquisitionStats(filter);
      saveFile(file.blob, file.filename ?? 'estatisticas-aquisicao.csv');
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  const heading =
    filter.from && filter.to
      ? t('acquisitionStats.screen.heading', {
          from: formatDate(filter.from, language),
          to: formatDate(filter.to, language),
        })
      : t('acquisitionStats.screen.headingOpen');

  return (
    <Stack gap="lg">
      <Text>{t('acquisitionStats.screen.intro')}</Text>
      <DateRangeFilter
        label={t('acquisitionStats.screen.filter')}
        initial={filter}
        fromLabel={t('acquisitionStats.screen.from')}
        toLabel={t('acquisitionStats.screen.to')}
        submitLabel={t('acquisitionStats.screen.apply')}
        onApply={(range) => setFilter({ ...range, library: library ? Number(library) : null })}
      >
        <NativeSelect
          label={t('acquisitionStats.screen.library')}
          value={library}
          onChange={(event) => setLibrary(event.currentTarget.value)}
          data={[
            { value: '', label: t('acquisitionStats.screen.allLibraries') },
            ...libraries.map((option) => ({
              value: String(option.cod_biblioteca),
              label: option.desc_biblioteca,
            })),
          ]}
        />
      </DateRangeFilter>
      <section aria-labelledby={headingId} aria-busy={stats.isFetching}>
        <Title order={2} size="h3" id={headingId} mb="xs">
          {heading}
        </Title>
        {stats.isPending ? (
          <LoadingBlock label={t('acquisitionStats.screen.loading')} />
        ) : stats.isError ? (
          <ErrorBlock message={t('acquisitionStats.screen.error')} onRetry={() => void stats.refetch()} />
        ) : (
          <Stack gap="lg">
            <div>
              <Button variant="light" loading={downloading} onClick={() => void download()}>
                {t('acquisitionStats.screen.download')}
              </Button>
              {downloadFailed && (
                <Text role="alert" size="sm" c="red.9" mt="xs">
                  {t('acquisitionStats.screen.downloadError')}
                </Text>
              )}
            </div>
            <StatsFigures stats={stats.data} />
          </Stack>
        )}
      </section>
    </Stack>
  );
}
