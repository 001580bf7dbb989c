import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, List, NativeSelect, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { KardexIssue } from '@estante/contract';
import { formatDate } from '../../../lib/i18n';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useKardexCombobox, useKardexData, useKardexItem, type KardexChoice } from '../api/get-kardex';
import { issueLabel } from '../utils/issue-label';
import classes from './record.module.css';

const ALL = '';

/** The contents of one issue, section by section (GET /kardex/{id}/item). */
function IssueContents({ titleId, issue }: { titleId: number; issue: KardexIssue }) {
  const { t } = useTranslation();
  const query = useKardexItem(titleId, { holdingId: issue.cod_par, seq: issue.seq_par });
  if (query.isPending) return <LoadingBlock />;
  if (query.isError)
    return <ErrorBlock message={t('record.tabError')} onRetry={() => void query.refetch()} />;
  if (query.data.secoes.length === 0) return <Text size="sm">{t('record.kardex.noContents')}</Text>;
  return (
    <Stack gap="xs">
      {query.data.secoes.map((section) => (
        <div key={section.seq_sec}>
          <Title order={4} fz="sm">
            {section.nome}
          </Title>
          <List size="sm" spacing={4}>
            {section.artigos.map((article) => (
              <List.Item key={article.seq}>
                {article.titulo}
                {article.autores ? ` / ${article.autores}` : ''}
                {article.paginas ? ` — ${t('record.kardex.pages', { pages: article.paginas })}` : ''}
              </List.Item>
            ))}
          </List>
        </div>
      ))}
    </Stack>
  );
}

/**
 * The serial holdings tab (32): a periodical's issues received by each library, chosen by holdings
 * line and year, with an issue's contents on demand.
 */
export function KardexView({ titleId }: { titleId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [choice, setChoice] = useState<KardexChoice>({ holdingId: null, year: null });
  const [openIssue, setOpenIssue] = useState<string | null>(null);
  const combobox = useKardexCombobox(titleId);
  const data = useKardexData(titleId, choice);

  if (combobox.isPending) return <LoadingBlock />;
  if (combobox.isError)
    return <ErrorBlock message={t('record.tabError')} onRetry={() => void combobox.refetch()} />;
  const { colecoes, bibliotecas } = combobox.data;
  if (colecoes.length === 0) return <Text>{t('record.kardex.empty')}</Text>;

  const libraryName = (id: number) => bibliotecas.find((b) => b.cod_biblioteca === id)?.desc_biblioteca ?? '';
  const holding = colecoes.find((c) => c.cod_par === choice.holdingId);
  const years = holding?.anos ?? combobox.data.anos;
  const shownYear = data.data?.ano ?? null;
  const issues = data.data?.fasciculos ?? [];

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('record.kardex.holding')}
          value={choice.holdingId === null ? ALL : String(choice.holdingId)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setChoice({ holdingId: value === ALL ? null : Number(value), year: null });
            setOpenIssue(null);
          }}
          data={[
            { value: ALL, label: t('record.kardex.allHoldings') },
            ...colecoes.map((c) => ({
              value: String(c.cod_par),
              label: `${libraryName(c.cod_biblioteca)} — ${c.descricao}`,
            })),
          ]}
        />
        <NativeSelect
          label={t('record.kardex.year')}
          value={String(choice.year ?? shownYear ?? '')}
          onChange={(event) => {
            setChoice({ ...choice, year: Number(event.currentTarget.value) });
            setOpenIssue(null);
          }}
          data={years.map((year) => String(year))}
        />
      </Group>
      {data.isError && <ErrorBlock message={t('record.tabError')} onRetry={() => void data.refetch()} />}
      {data.isPending && <LoadingBlock />}
      {data.isSuccess && issues.length === 0 && <Text>{t('record.kardex.noIssues')}</Text>}
      {issues.length > 0 && shownYear !== null && (
        <ScrollRegion label={t('record.kardex.caption', { year: shownYear })}>
          <Table striped withTableBorder miw={640} aria-busy={data.isPlaceholderData}>
            <caption className={classes.visuallyHiddenCaption}>
              {t('record.kardex.caption', { year: shownYear })}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('record.kardex.issue')}</Table.Th>
                <Table.Th scope="col">{t('record.kardex.library')}</Table.Th>
                <Table.Th scope="col">{t('record.kardex.published')}</Table.Th>
                <Table.Th scope="col">{t('record.kardex.received')}</Table.Th>
                <Table.Th scope="col">{t('record.kardex.contents')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {issues.map((issue) => {
                const key = `${issue.cod_par}-${issue.seq_par}`;
                const label = issueLabel(t, issue, language);
                const isOpen = openIssue === key;
                return [
                  <Table.Tr key={key}>
                    <Table.Th scope="row">{label}</Table.Th>
                    <Table.Td>{issue.desc_biblioteca}</Table.Td>
                    <Table.Td>
                      {issue.data_publicacao ? formatDate(issue.data_publicacao, language) : ''}
                    </Table.Td>
                    <Table.Td>
                      {issue.data_recebimento
                        ? formatDate(issue.data_recebimento, language)
                        : t('record.kardex.notReceived')}
                    </Table.Td>
                    <Table.Td>
                      {issue.possui_sumario && (
                        <Button
                          size="xs"
                          variant="light"
                          aria-expanded={isOpen}
                          aria-controls={isOpen ? `issue-${key}` : undefined}
                          onClick={() => setOpenIssue(isOpen ? null : key)}
                        >
                          {t(isOpen ? 'record.kardex.hideContents' : 'record.kardex.showContents')}
                          <VisuallyHidden>{`: ${label}`}</VisuallyHidden>
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>,
                  isOpen && (
                    <Table.Tr key={`${key}-contents`} id={`issue-${key}`}>
                      <Table.Td colSpan={5}>
                        <IssueContents titleId={titleId} issue={issue} />
                      </Table.Td>
                    </Table.Tr>
                  ),
                ];
              })}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}
