import { useTranslation } from 'react-i18next';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { AccruingFine, Debt, PendingTitle } from '@estante/contract';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';
import { useDebts } from '../api/get-debts';
import { usePendingTitles } from '../api/get-pending-titles';
import { formatMoney, sumMoney } from '../utils/money';
import { AccruingFineAmount } from './accruing-fine';
import { DetailList, detailClasses } from './detail-list';
import { PaymentSlipForm } from './payment-slip-form';

const SERVICE_TYPE_LABEL = {
  multa_atraso: 'circulation.debts.serviceType.multa_atraso',
  taxa: 'circulation.debts.serviceType.taxa',
} as const satisfies Record<Debt['tipo_servico'], string>;

/** One debt: SPEC §3 Debt (fine, discount, paid, payment date, service type, reason) and what it was for. */
function DebtCard({ debt, headingId }: { debt: Debt; headingId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const money = (value: number) => formatMoney(value, t, language);
  // The server keeps a fine's reason in Portuguese; a late return is said again in the reader's language.
  const reason =
    debt.tipo_servico === 'multa_atraso' && debt.dias_atraso !== null
      ? t('circulation.debts.reasonLate', { count: debt.dias_atraso })
      : debt.motivo;
  return (
    <Paper component="li" withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={3} fz="h4" id={headingId}>
          {debt.titulo ?? t(SERVICE_TYPE_LABEL[debt.tipo_servico])}
        </Title>
        <DetailList
          rows={[
            { key: 'reason', label: t('circulation.debts.field.reason'), value: reason },
            {
              key: 'type',
              label: t('circulation.debts.field.serviceType'),
              value: t(SERVICE_TYPE_LABEL[debt.tipo_servico]),
            },
            {
              key: 'library',
              label: t('circulation.debts.field.library'),
              value: debt.biblioteca?.desc_biblioteca,
            },
            {
              key: 'date',
              label: t('circulation.debts.field.date'),
              value: formatDate(debt.data_debito, language),
            },
            {
              key: 'late',
              label: t('circulation.debts.field.daysLate'),
              value: debt.dias_atraso === null ? null : String(debt.dias_atraso),
            },
            { key: 'fine', label: t('circulation.debts.field.fine'), value: money(debt.valor_multa) },
            { key: 'discount', label: t('circulation.debts.field.discount'), value: money(debt.desconto) },
            { key: 'paid', label: t('circulation.debts.field.paid'), value: money(debt.valor_pago) },
            {
              key: 'paidOn',
              label: t('circulation.debts.field.paymentDate'),
              value: debt.data_pagamento
                ? formatDate(debt.data_pagamento, language)
                : t('circulation.debts.notPaid'),
            },
            {
              key: 'pending',
              label: t('circulation.debts.field.pending'),
              value: <strong>{money(debt.valor_pendente)}</strong>,
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

/** The sums of the debts shown. */
function DebtTotals({ debts }: { debts: readonly Debt[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const total = (pick: (debt: Debt) => number) => formatMoney(sumMoney(debts.map(pick)), t, language);
  return (
    <Stack gap="sm" component="section" aria-labelledby="debts-totals-heading">
      <Title order={2} fz="h3" id="debts-totals-heading">
        {t('circulation.debts.totals.heading')}
      </Title>
      <DetailList
        rows={[
          { key: 'fine', label: t('circulation.debts.totals.fine'), value: total((d) => d.valor_multa) },
          { key: 'discount', label: t('circulation.debts.totals.discount'), value: total((d) => d.desconto) },
          { key: 'paid', label: t('circulation.debts.totals.paid'), value: total((d) => d.valor_pago) },
          {
            key: 'pending',
            label: t('circulation.debts.totals.pending'),
            value: <strong>{total((d) => d.valor_pendente)}</strong>,
          },
        ]}
      />
    </Stack>
  );
}

/** A loan whose fine is still accruing. */
type AccruingLoan = PendingTitle & { multa_em_curso: AccruingFine };

/**
 * Fines late loans are running up (beyond SPEC §3, which charges a fine on return): apart from the
 * debts, not in their totals or the slip, each marked not final, with what a day adds and their sum.
 */
function AccruingFines({ loans }: { loans: readonly AccruingLoan[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Stack gap="sm" component="section" aria-labelledby="debts-accruing-heading">
      <Title order={2} fz="h3" id="debts-accruing-heading">
        {t('circulation.debts.accruing.heading')}
      </Title>
      <Text>{t('circulation.fines.explanation')}</Text>
      <ul className={detailClasses.cards}>
        {loans.map((loan) => (
          <Paper component="li" withBorder p="md" radius="sm" key={loan.cod_emprestimo}>
            <Stack gap="sm">
              <Title order={3} fz="h4">
                {loan.titulo}
              </Title>
              <DetailList
                rows={[
                  {
                    key: 'library',
                    label: t('circulation.debts.field.library'),
                    value: loan.detalhes?.biblioteca.desc_biblioteca,
                  },
                  {
                    key: 'due',
                    label: t('circulation.loans.field.dueDate'),
                    value: formatDate(loan.data_devolucao, language),
                  },
                  {
                    key: 'late',
                    label: t('circulation.debts.field.daysLate'),
                    value: String(loan.multa_em_curso.dias_atraso),
                  },
                  {
                    key: 'soFar',
                    label: t('circulation.fines.soFar'),
                    value: <AccruingFineAmount fine={loan.multa_em_curso} />,
                  },
                ]}
              />
            </Stack>
          </Paper>
        ))}
      </ul>
      <DetailList
        rows={[
          {
            key: 'total',
            label: t('circulation.debts.accruing.total'),
            value: (
              <>
                <strong>
                  {formatMoney(sumMoney(loans.map((l) => l.multa_em_curso.valor)), t, language)}
                </strong>{' '}
                <span className={detailClasses.provisional}>{t('circulation.fines.notFinal')}</span>
              </>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * Personal area "debits" (SPEC §2 menu, §7 GET /emprestimo/debitos-pendentes): the debts not settled
 * yet, their totals, and a payment slip for what is owed at one library (POST /unidade-informacao/gru).
 * The personal-area layout gives the page its h1; this screen starts at h2.
 */
export function DebtsScreen() {
  const { t } = useTranslation();
  const debts = useDebts();
  // The loans answer says which fines are still accruing (GET /emprestimo/titulos-pendentes).
  const loans = usePendingTitles();
  if (debts.isPending || loans.isPending) return <LoadingBlock label={t('circulation.debts.loading')} />;
  if (debts.isError || loans.isError) {
    const retry = () => {
      if (debts.isError) void debts.refetch();
      if (loans.isError) void loans.refetch();
    };
    return <ErrorBlock message={t('circulation.debts.loadError')} onRetry={retry} />;
  }
  const list = debts.data;
  const accruing = loans.data.filter((loan): loan is AccruingLoan => loan.multa_em_curso !== null);
  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="debts-list-heading">
        <Title order={2} fz="h3" id="debts-list-heading">
          {t('circulation.debts.listHeading')}
        </Title>
        {list.length === 0 ? (
          // "No debts" only when nothing accrues either: a late patron is told what is running up.
          <Text>
            {accruing.length === 0
              ? t('circulation.debts.none')
              : t('circulation.debts.accruing.noneCharged')}
          </Text>
        ) : (
          <ul className={detailClasses.cards}>
            {list.map((debt) => (
              <DebtCard key={debt.cod_debito} debt={debt} headingId={`debt-${debt.cod_debito}`} />
            ))}
          </ul>
        )}
      </Stack>
      {list.length > 0 && <DebtTotals debts={list} />}
      {accruing.length > 0 && <AccruingFines loans={accruing} />}
      {list.length > 0 && <PaymentSlipForm debts={list} />}
    </Stack>
  );
}
