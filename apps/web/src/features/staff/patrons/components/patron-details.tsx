import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { StaffPatron, StaffPatronResetCode } from '@estante/contract';
import {
  FormRefusal,
  RequiredLegend,
  SubmitButton,
  TextAreaField,
  refusalOf,
  rules,
  useForm,
} from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { ScrollRegion } from '../../../../components/ui/scroll-region';
import { formatDate, languageTag } from '../../../../lib/i18n';
import { useSetPatronBlock } from '../api/block-patron';
import { usePatron } from '../api/get-patron';
import { useSendResetCode } from '../api/send-reset-code';

/** The longest block reason (the contract's). */
const REASON_MAX = 500;

/**
 * One patron as the desk sees them (decision 0062): who they are, whether they are blocked (block
 * with a reason, or lift the library's block), a password reset code by e-mail, and their loans,
 * holds, debts and requests as their personal area shows them.
 */
export function PatronDetails({ login }: { login: string }) {
  const { t } = useTranslation();
  const patron = usePatron(login);
  if (patron.isPending) return <LoadingBlock />;
  if (patron.isError)
    return <ErrorBlock message={t('staff.patrons.patronLoadError')} onRetry={() => void patron.refetch()} />;
  const p = patron.data;
  return (
    <Stack gap="lg" component="article" aria-labelledby="staff-patron-heading">
      <Stack gap={4}>
        <Title order={2} id="staff-patron-heading">
          {p.nome}
        </Title>
        <Text size="sm">{t('staff.patrons.identity', { login: p.login, category: p.categoria })}</Text>
        <Text size="sm">
          {t('staff.patrons.email')}: {p.email ?? '—'} · {t('staff.patrons.cpf')}: {p.cpf ?? '—'} ·{' '}
          {t('staff.patrons.rg')}: {p.rg ?? '—'}
        </Text>
      </Stack>
      <BlockPanel patron={p} />
      <ResetCode patron={p} />
      <Holdings patron={p} />
    </Stack>
  );
}

function BlockPanel({ patron }: { patron: StaffPatron }) {
  const { t, i18n } = useTranslation();
  const block = useSetPatronBlock();
  const [unblockRefusal, setUnblockRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<'blocked' | 'unblocked' | null>(null);
  const form = useForm({
    initial: { reason: '' },
    validate: ({ reason }) => {
      const label = t('staff.patrons.blockReason');
      const message = rules.required(reason, label, t) ?? rules.maxLength(reason, REASON_MAX, label, t);
      return message ? { reason: message } : {};
    },
    onSubmit: async ({ reason }) => {
      setDone(null);
      await block.mutateAsync({ login: patron.login, reason: reason.trim() });
      form.reset();
      setDone('blocked');
    },
  });
  const unblock = async () => {
    setDone(null);
    setUnblockRefusal(null);
    try {
      await block.mutateAsync({ login: patron.login, reason: null });
      setDone('unblocked');
    } catch (error) {
      setUnblockRefusal(refusalOf(error, t));
    }
  };
  const { bloqueio } = patron;
  return (
    <Stack gap="sm" component="section" aria-labelledby="staff-patron-block-heading">
      <Title order={3} id="staff-patron-block-heading">
        {t('staff.patrons.blockHeading')}
      </Title>
      {done && (
        <Notice tone="success">
          {done === 'blocked'
            ? t('staff.patrons.blockedDone', { name: patron.nome })
            : t('staff.patrons.unblockedDone', { name: patron.nome })}
        </Notice>
      )}
      {bloqueio.bloqueado && bloqueio.motivo !== null ? (
        <>
          <Text>
            {t('staff.patrons.blockedBy', {
              date: bloqueio.data ? formatDate(bloqueio.data, i18n.language) : '—',
              by: bloqueio.por ?? '—',
              reason: bloqueio.motivo,
            })}
          </Text>
          <FormRefusal message={unblockRefusal} />
          <Group>
            <Button variant="outline" onClick={() => void unblock()} loading={block.isPending}>
              {t('staff.patrons.unblock')}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text>
            {bloqueio.bloqueado ? t('staff.patrons.passwordNotSet') : t('staff.patrons.notBlocked')}
          </Text>
          <form {...form.formProps} aria-label={t('staff.patrons.blockFormLabel', { name: patron.nome })}>
            <Stack gap="sm" maw={560}>
              <RequiredLegend />
              <TextAreaField
                label={t('staff.patrons.blockReason')}
                description={t('staff.patrons.blockReasonHelp')}
                required
                maxLength={REASON_MAX}
                {...form.field('reason')}
              />
              <FormRefusal message={form.refusal} />
              <SubmitButton sending={form.sending}>{t('staff.patrons.block')}</SubmitButton>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}

function ResetCode({ patron }: { patron: StaffPatron }) {
  const { t, i18n } = useTranslation();
  const send = useSendResetCode();
  const [sent, setSent] = useState<StaffPatronResetCode | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const go = async () => {
    setSent(null);
    setRefusal(null);
    try {
      setSent(await send.mutateAsync(patron.login));
    } catch (error) {
      setRefusal(refusalOf(error, t));
    }
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="staff-patron-reset-heading">
      <Title order={3} id="staff-patron-reset-heading">
        {t('staff.patrons.resetHeading')}
      </Title>
      <Text size="sm">{t('staff.patrons.resetHelp')}</Text>
      {sent && (
        <Notice tone="success">
          {t('staff.patrons.resetSent', {
            emails: sent.emails.join(', '),
            time: new Intl.DateTimeFormat(languageTag(i18n.language), { timeStyle: 'short' }).format(
              new Date(sent.expira_em),
            ),
          })}
        </Notice>
      )}
      <FormRefusal message={refusal} />
      <Group>
        <Button variant="outline" onClick={() => void go()} loading={send.isPending}>
          {t('staff.patrons.sendReset')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A titled table of the patron's, or a line saying there is none. */
function Listing({
  id,
  title,
  empty,
  columns,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  columns: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} id={id}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <ScrollRegion label={title}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column} scope="col">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  {row.cells.map((cell, i) => (
                    <Table.Td key={i}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}

function Holdings({ patron }: { patron: StaffPatron }) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : '—');
  const money = (value: number) =>
    t('circulation.debts.money', {
      amount: new Intl.NumberFormat(languageTag(i18n.language), {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value),
    });
  return (
    <Stack gap="lg">
      <Listing
        id="staff-patron-loans"
        title={t('staff.patrons.loans')}
        empty={t('staff.patrons.noLoans')}
        columns={[t('staff.patrons.title'), t('staff.patrons.dueOn'), t('staff.patrons.state')]}
        rows={patron.emprestimos.map((loan) => ({
          key: loan.cod_emprestimo,
          cells: [loan.titulo, date(loan.data_devolucao), t(`circulation.loans.state.${loan.situacao}`)],
        }))}
      />
      <Listing
        id="staff-patron-holds"
        title={t('staff.patrons.holds')}
        empty={t('staff.patrons.noHolds')}
        columns={[t('staff.patrons.title'), t('staff.patrons.placedOn'), t('staff.patrons.state')]}
        rows={patron.reservas.map((hold) => ({
          key: hold.cod_reserva,
          cells: [hold.titulo, date(hold.data_reserva), t(`circulation.holds.status.${hold.situacao}`)],
        }))}
      />
      <Listing
        id="staff-patron-debts"
        title={t('staff.patrons.debts')}
        empty={t('staff.patrons.noDebts')}
        columns={[t('staff.patrons.debtFor'), t('staff.patrons.debtOn'), t('staff.patrons.owed')]}
        rows={patron.debitos.map((debt) => ({
          key: debt.cod_debito,
          cells: [debt.titulo ?? debt.motivo, date(debt.data_debito), money(debt.valor_pendente)],
        }))}
      />
      <Listing
        id="staff-patron-loan-requests"
        title={t('staff.patrons.loanRequests')}
        empty={t('staff.patrons.noLoanRequests')}
        columns={[t('staff.patrons.title'), t('staff.patrons.sentOn'), t('staff.patrons.state')]}
        rows={patron.solicitacoes_emprestimo.map((request) => ({
          key: request.cod_solicitacao,
          cells: [
            request.titulo,
            date(request.data_solicitacao),
            t(`circulation.requests.status.${request.situacao}`),
          ],
        }))}
      />
      <Listing
        id="staff-patron-requests"
        title={t('staff.patrons.requests')}
        empty={t('staff.patrons.noRequests')}
        columns={[t('staff.patrons.requestType'), t('staff.patrons.sentOn'), t('staff.patrons.state')]}
        rows={patron.solicitacoes.map((request) => ({
          key: `${request.tipo}-${request.codigo}`,
          cells: [
            t(`libraryRequests.type.${request.tipo}`),
            date(request.data_solicitacao),
            t(`libraryRequests.status.${request.situacao}`),
          ],
        }))}
      />
    </Stack>
  );
}
