import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DeskPatron, DeskRenewResult } from '@estante/contract';
import { FormRefusal, refusalOf } from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { formatDate, translateKey } from '../../../../lib/i18n';
import { useRenewDeskLoans } from '../api/renew-desk-loans';
import { ScrollRegion } from '../../../../components/ui/scroll-region';

/** The patron's open loans, each renewable from its row, or all at once. */
export function LoansSection({ patron }: { patron: DeskPatron }) {
  const { t, i18n } = useTranslation();
  const renew = useRenewDeskLoans();
  const [result, setResult] = useState<DeskRenewResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const date = (value: string) => formatDate(value, i18n.language);
  const renewLoans = async (ids: number[]) => {
    setResult(null);
    setRefusal(null);
    try {
      setResult(await renew.mutateAsync({ leitor: patron.login, emprestimos: ids }));
    } catch (error) {
      setRefusal(refusalOf(error, t));
    }
  };
  return (
    <Stack component="section" gap="sm" aria-labelledby="desk-loans-heading">
      <Title order={3} id="desk-loans-heading">
        {t('staff.desk.loans.heading')}
      </Title>
      {patron.emprestimos.length === 0 ? (
        <Text size="sm">{t('staff.desk.loans.empty')}</Text>
      ) : (
        <>
          <ScrollRegion label={t('staff.desk.loans.heading')}>
            <Table striped>
              <Table.Caption>
                {t('staff.desk.loans.caption', { count: patron.emprestimos.length })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('staff.desk.loans.title')}</Table.Th>
                  <Table.Th scope="col">{t('staff.desk.loans.copy')}</Table.Th>
                  <Table.Th scope="col">{t('staff.desk.loans.due')}</Table.Th>
                  <Table.Th scope="col">{t('staff.desk.loans.renewals')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('staff.desk.loans.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {patron.emprestimos.map((loan) => (
                  <Table.Tr key={loan.cod_emprestimo}>
                    <Table.Td>{loan.titulo}</Table.Td>
                    <Table.Td>{loan.detalhes?.numero_exemplar ?? '—'}</Table.Td>
                    <Table.Td>
                      {date(loan.data_devolucao)}
                      {loan.atrasado && (
                        <Text size="sm" fw={700}>
                          {t('staff.desk.loans.late', { count: loan.dias_atraso })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {t('staff.desk.loans.renewalCount', {
                        used: loan.renovacoes,
                        limit: loan.limite_renovacoes,
                      })}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('staff.desk.loans.renewOf', { title: loan.titulo })}
                        onClick={() => void renewLoans([loan.cod_emprestimo])}
                      >
                        {t('staff.desk.loans.renew')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          <Group>
            <Button
              variant="outline"
              loading={renew.isPending}
              onClick={() => void renewLoans(patron.emprestimos.map((loan) => loan.cod_emprestimo))}
            >
              {t('staff.desk.loans.renewAll')}
            </Button>
          </Group>
        </>
      )}
      <FormRefusal message={refusal} />
      {result && (
        <Notice tone="info">
          <List spacing={4} size="sm">
            {result.resultados.map((outcome) => (
              <List.Item key={outcome.cod_emprestimo}>
                {outcome.renovado
                  ? t('staff.desk.loans.renewed', {
                      title: outcome.titulo ?? String(outcome.cod_emprestimo),
                      date: outcome.data_devolucao ? date(outcome.data_devolucao) : '—',
                    })
                  : t('staff.desk.loans.notRenewed', {
                      title: outcome.titulo ?? String(outcome.cod_emprestimo),
                      reason: outcome.motivo ? translateKey(t, outcome.motivo.mensagem) : '',
                    })}
              </List.Item>
            ))}
          </List>
        </Notice>
      )}
    </Stack>
  );
}
