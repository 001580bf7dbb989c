import { useTranslation } from 'react-i18next';
import { Code, Stack, Table, Text, Title } from '@mantine/core';
import type { NetworkSource } from '@estante/contract';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { formatCount, formatDate } from '../../../../lib/i18n';
import { useNetworkSources } from '../api/network-sources';

/** The command that adds a source, shown as written (it is not translated). */
const HARVEST_COMMAND = 'estante network harvest URL --institution CODE --name "NAME" [--format oai_dc]';

/**
 * The network's OAI-PMH sources (decision 0067): each repository harvested into the network tab,
 * for which institution, and how its last harvest went. The server harvests them daily; they are
 * added and removed with the estante command.
 */
export function NetworkSourcesPanel() {
  const { t, i18n } = useTranslation();
  const sources = useNetworkSources();
  const count = (value: number) => formatCount(value, i18n.language);
  const lastRun = (source: NetworkSource) => {
    const run = source.ultima_coleta;
    if (!run || !source.data_ultima_coleta) return t('staff.networkSources.never');
    const date = formatDate(source.data_ultima_coleta, i18n.language);
    return run.ok
      ? t('staff.networkSources.ok', {
          date,
          added: count(run.incluidos),
          updated: count(run.atualizados),
          deleted: count(run.excluidos),
          skipped: count(run.ignorados),
        })
      : t('staff.networkSources.failed', { date, error: run.erro ?? '' });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="network-sources-heading">
      <Title order={2} id="network-sources-heading">
        {t('staff.networkSources.heading')}
      </Title>
      <Text>{t('staff.networkSources.intro')}</Text>
      {/* Wrapped rather than scrolled: a phone shows it whole, and no region needs the keyboard to scroll. */}
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {HARVEST_COMMAND}
      </Code>
      {sources.isPending ? (
        <LoadingBlock />
      ) : sources.isError ? (
        <ErrorBlock message={t('staff.networkSources.loadError')} onRetry={() => void sources.refetch()} />
      ) : sources.data.data.length === 0 ? (
        <Text>{t('staff.networkSources.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Caption>{t('staff.networkSources.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staff.networkSources.institution')}</Table.Th>
                <Table.Th scope="col">{t('staff.networkSources.repository')}</Table.Th>
                <Table.Th scope="col">{t('staff.networkSources.records')}</Table.Th>
                <Table.Th scope="col">{t('staff.networkSources.lastRun')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sources.data.data.map((source) => (
                <Table.Tr key={source.codigo}>
                  <Table.Td>
                    {t('staff.networkSources.institutionLine', {
                      name: source.instituicao.desc_empresa,
                      code: source.instituicao.cod_empresa,
                    })}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {source.url}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {source.conjunto
                        ? t('staff.networkSources.formatAndSet', {
                            format: source.formato,
                            set: source.conjunto,
                          })
                        : source.formato}
                    </Text>
                  </Table.Td>
                  <Table.Td>{count(source.registros)}</Table.Td>
                  <Table.Td>{lastRun(source)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
