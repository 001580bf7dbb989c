import { useTranslation } from 'react-i18next';
import { List, Stack, Text, Title } from '@mantine/core';
import type { Summary, SummaryEntry } from '@estante/contract';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useTitleSummary } from '../api/get-title-summary';
import { issueLabel } from '../utils/issue-label';

/** What a 505 first indicator says about contents that are not complete. */
const SITUATION_KEYS = {
  incompleto: 'record.summary.situation.incomplete',
  parcial: 'record.summary.situation.partial',
} as const;

/** One entry: "1. Introduction / A. Author — p. 1-20". */
function Entry({ entry }: { entry: SummaryEntry }) {
  return (
    <>
      {entry.ordem ? `${entry.ordem} ` : ''}
      {entry.titulo}
      {entry.responsabilidade ? ` / ${entry.responsabilidade}` : ''}
      {entry.complemento ? ` — ${entry.complemento}` : ''}
    </>
  );
}

function Contents({ summary, headingOrder }: { summary: Summary; headingOrder: 3 | 4 }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {summary.situacao && summary.situacao !== 'completo' && (
        <Text size="sm" fs="italic">
          {t(SITUATION_KEYS[summary.situacao])}
        </Text>
      )}
      {summary.secoes.map((section, index) => (
        <div key={index}>
          {section.nome && (
            <Title order={headingOrder} fz="sm" mb={4}>
              {section.nome}
            </Title>
          )}
          <List size="sm" spacing={4}>
            {section.itens.map((entry, i) => (
              <List.Item key={i}>
                <Entry entry={entry} />
              </List.Item>
            ))}
          </List>
        </div>
      ))}
    </Stack>
  );
}

/**
 * The tables of contents (/sumarios, /sumarios-livros): a book's contents note (505), or each
 * issue of a periodical with its contents, newest first; an empty state when there are none.
 */
export function SummaryView({ titleId }: { titleId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useTitleSummary(titleId);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError)
    return <ErrorBlock message={t('record.tabError')} onRetry={() => void query.refetch()} />;
  const { sumarios } = query.data;
  if (sumarios.length === 0) return <Text>{t('record.summary.empty')}</Text>;
  return (
    <Stack gap="lg">
      {sumarios.map((summary, index) =>
        summary.fasciculo ? (
          <section key={index}>
            <Title order={3} fz="h4" mb="xs">
              {issueLabel(t, summary.fasciculo, language)}
            </Title>
            <Contents summary={summary} headingOrder={4} />
          </section>
        ) : (
          <Contents key={index} summary={summary} headingOrder={3} />
        ),
      )}
    </Stack>
  );
}
