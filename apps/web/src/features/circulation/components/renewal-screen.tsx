import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, List, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { formatDate, translateKey } from '../../../lib/i18n';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useRenewalOverview } from '../api/get-renewal-overview';
import { useUpdateRenewalSettings } from '../api/update-renewal-settings';
import { Notice } from '../../../components/ui/notice';
import { TITLE_COLUMN_WIDTH } from './table-widths';

interface RenewalScreenProps {
  /** Where the patron renews (the loans screen), when they may open it. */
  renewHref?: string | undefined;
}

/**
 * The renewal screen (GET/PUT /pessoas/renovar, decision 0025): which loans can be renewed now and
 * why the others cannot, what stops every renewal (suspension, debts, unlinked), and the switch of
 * automatic renewal (loans due today are renewed at 06:00 when the rules allow).
 */
export function RenewalScreen({ renewHref }: RenewalScreenProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const overview = useRenewalOverview();
  const update = useUpdateRenewalSettings();
  const [saved, setSaved] = useState<boolean | null>(null);
  // The switch moves at once to what the patron asked; it goes back if the server refuses the change.
  const [asked, setAsked] = useState<boolean | null>(null);
  const automaticId = useId();
  const blocksId = useId();
  const loansId = useId();

  if (overview.isPending) return <LoadingBlock label={t('circulation.renewal.loading')} />;
  if (overview.isError) {
    return (
      <ErrorBlock message={t('circulation.renewal.loadError')} onRetry={() => void overview.refetch()} />
    );
  }
  const { renovacao_automatica: isAutomatic, bloqueios, emprestimos } = overview.data;

  const changeAutomatic = (isOn: boolean) => {
    setSaved(null);
    setAsked(isOn);
    update.mutate(
      { renovacao_automatica: isOn },
      {
        onSuccess: (settings) => setSaved(settings.renovacao_automatica),
        onSettled: () => setAsked(null),
      },
    );
  };

  return (
    <Stack gap="xl">
      <section aria-labelledby={automaticId}>
        <Title order={2} size="h3" id={automaticId} mb="xs">
          {t('circulation.renewal.automatic.heading')}
        </Title>
        <Stack gap="sm">
          <Text size="sm">{t('circulation.renewal.automatic.description')}</Text>
          <Switch
            label={t('circulation.renewal.automatic.label')}
            checked={asked ?? isAutomatic}
            aria-busy={update.isPending}
            onChange={(event) => changeAutomatic(event.currentTarget.checked)}
          />
          {saved !== null && (
            <Notice tone="success">
              {saved
                ? t('circulation.renewal.automatic.turnedOn')
                : t('circulation.renewal.automatic.turnedOff')}
            </Notice>
          )}
        </Stack>
      </section>

      {bloqueios.length > 0 && (
        <Paper component="section" aria-labelledby={blocksId} withBorder p="md">
          <Title order={2} size="h3" id={blocksId} mb="xs">
            {t('circulation.renewal.blocks.heading')}
          </Title>
          <List>
            {bloqueios.map((block) => (
              <List.Item key={block.codigo}>{translateKey(t, block.mensagem)}</List.Item>
            ))}
          </List>
        </Paper>
      )}

      <section aria-labelledby={loansId}>
        <Title order={2} size="h3" id={loansId} mb="xs">
          {t('circulation.renewal.loans.heading')}
        </Title>
        {emprestimos.length === 0 ? (
          <Text>{t('circulation.renewal.loans.empty')}</Text>
        ) : (
          <Stack gap="sm">
            <ScrollRegion label={t('circulation.renewal.loans.table')}>
              <Table striped withTableBorder miw={560}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" miw={TITLE_COLUMN_WIDTH}>
                      {t('circulation.renewal.loans.title')}
                    </Table.Th>
                    <Table.Th scope="col">{t('circulation.renewal.loans.dueDate')}</Table.Th>
                    <Table.Th scope="col">{t('circulation.renewal.loans.renewals')}</Table.Th>
                    <Table.Th scope="col">{t('circulation.renewal.loans.canRenew')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {emprestimos.map((loan) => (
                    <Table.Tr key={loan.cod_emprestimo}>
                      <Table.Th scope="row">{loan.titulo}</Table.Th>
                      <Table.Td>{formatDate(loan.data_devolucao, language)}</Table.Td>
                      <Table.Td>
                        {t('circulation.loans.renewalsOf', {
                          used: loan.renovacoes,
                          limit: loan.limite_renovacoes,
                        })}
                      </Table.Td>
                      <Table.Td>
                        {loan.pode_renovar || !loan.motivo
                          ? t('circulation.loans.renewableYes')
                          : t('circulation.loans.renewableNo', {
                              reason: translateKey(t, loan.motivo.mensagem),
                            })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
            {renewHref && (
              <Text>
                <Anchor component={Link} to={renewHref}>
                  {t('circulation.renewal.loans.renewLink')}
                </Anchor>
              </Text>
            )}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
