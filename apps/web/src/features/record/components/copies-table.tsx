import { useTranslation } from 'react-i18next';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { Copy, CopyStatus } from '@estante/contract';
import { formatDate } from '../../../lib/i18n';
import { groupCopiesByLibrary } from '../utils/group-copies';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import classes from './record.module.css';

// Each status has its own colour (all at least 4.5:1 on white, and the text says the status anyway).
const STATUS_TONE: Record<CopyStatus, 'available' | 'busy' | 'held' | 'problem' | 'local' | 'neutral'> = {
  disponivel: 'available',
  emprestado: 'busy',
  reservado: 'held',
  quarentena: 'neutral',
  atrasado: 'problem',
  consulta_local: 'local',
  extraviado: 'problem',
  em_processamento: 'neutral',
};

/** The columns in order: what a visitor looks for (is it on the shelf, when is it back) first. */
const COLUMNS = [
  'number',
  'status',
  'expectedReturn',
  'location',
  'loanType',
  'volume',
  'tome',
  'part',
] as const;

/** The copies tab (30): one table per library with each copy's details and status. */
export function CopiesTable({ copies }: { copies: Copy[] }) {
  const { t, i18n } = useTranslation();
  if (copies.length === 0) return <Text>{t('record.copies.empty')}</Text>;
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <Stack gap="lg">
      {groupCopiesByLibrary(copies).map((group) => (
        <section key={group.libraryId}>
          <Title order={3} fz="h4" mb="xs">
            {group.libraryName}
          </Title>
          <Text size="sm" mb="xs">
            {t('record.copies.summary', {
              count: group.copies.length,
              available: t('record.copies.available', { count: group.available }),
            })}
          </Text>
          <ScrollRegion label={t('record.copies.caption', { library: group.libraryName })}>
            {/* Status first after the number, and on a phone each copy is a stacked block (decision 0070). */}
            <Table striped withTableBorder className={classes.copiesTable}>
              <caption className={classes.visuallyHiddenCaption}>
                {t('record.copies.caption', { library: group.libraryName })}
              </caption>
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => (
                    <Table.Th key={column} scope="col">
                      {t(`record.copies.${column}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.copies.map((copy) => (
                  <Table.Tr key={copy.cod_exemplar}>
                    <Table.Th scope="row" data-label={t('record.copies.number')}>
                      {copy.numero}
                    </Table.Th>
                    <Table.Td data-label={t('record.copies.status')}>
                      <span className={classes.status} data-tone={STATUS_TONE[copy.situacao]}>
                        {t(`copy.status.${copy.situacao}`)}
                      </span>
                    </Table.Td>
                    <Table.Td data-label={t('record.copies.expectedReturn')}>
                      {copy.data_prevista_devolucao ? formatDate(copy.data_prevista_devolucao, language) : ''}
                    </Table.Td>
                    <Table.Td data-label={t('record.copies.location')}>{copy.localizacao}</Table.Td>
                    <Table.Td data-label={t('record.copies.loanType')}>{copy.tipo_emprestimo}</Table.Td>
                    <Table.Td data-label={t('record.copies.volume')}>{copy.volume}</Table.Td>
                    <Table.Td data-label={t('record.copies.tome')}>{copy.tomo}</Table.Td>
                    <Table.Td data-label={t('record.copies.part')}>{copy.parte}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        </section>
      ))}
    </Stack>
  );
}
