import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { PendingTitle, RenewResult } from '@estante/contract';
import { paths } from '../../../config/paths';
import { formatDate, translateKey } from '../../../lib/i18n';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { usePendingTitles } from '../api/get-pending-titles';
import { useRenewLoans } from '../api/renew-loans';
import { AccruingFineAmount } from './accruing-fine';
import { DetailList } from './detail-list';
import { LoanStateLabel } from './loan-state';
import { Notice } from '../../../components/ui/notice';
import classes from './loans.module.css';

/** The outcome of one renewal: each loan's result, with the title it was for. */
interface RenewalOutcome {
  results: RenewResult['resultados'];
  loans: ReadonlyMap<number, PendingTitle>;
}

/** A loan in quarantine is already back: there is nothing to renew. */
const canSelect = (loan: PendingTitle) => loan.situacao !== 'quarentena';

/**
 * The loans screen (SPEC §3 Loan, §7 titulos-pendentes and renovacao): every title on loan with
 * its return date, renewals and their limit, state and late flag, and its details; the patron
 * selects one or several and renews them after the confirm dialog. Each loan then says whether it
 * was renewed (and until when) or why not. Nothing selected is refused before any call (SPEC §5).
 */
export function LoansScreen() {
  const { t } = useTranslation();
  const loans = usePendingTitles();
  const renew = useRenewLoans();
  const confirm = useConfirm();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [nothingSelected, setNothingSelected] = useState(false);
  const [outcome, setOutcome] = useState<RenewalOutcome | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const listHeadingId = useId();

  // The outcome is where the patron's attention goes next: focus its heading, which reads it out.
  useEffect(() => {
    if (outcome) resultsHeading.current?.focus();
  }, [outcome]);

  if (loans.isPending) return <LoadingBlock label={t('circulation.loans.loading')} />;
  if (loans.isError) {
    return <ErrorBlock message={t('circulation.loans.loadError')} onRetry={() => void loans.refetch()} />;
  }

  const list = loans.data;
  const selectable = list.filter(canSelect);
  const chosen = selectable.filter((loan) => selected.has(loan.cod_emprestimo));

  const toggle = (id: number, isOn: boolean) => {
    setNothingSelected(false);
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const toggleAll = (isOn: boolean) => {
    setNothingSelected(false);
    setSelected(new Set(isOn ? selectable.map((loan) => loan.cod_emprestimo) : []));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setNothingSelected(true);
      return;
    }
    setNothingSelected(false);
    const isConfirmed = await confirm({
      content: (
        <Stack gap="xs">
          <Text>{t('circulation.loans.confirm.question', { count: chosen.length })}</Text>
          <List size="sm">
            {chosen.map((loan) => (
              <List.Item key={loan.cod_emprestimo}>{loan.titulo}</List.Item>
            ))}
          </List>
        </Stack>
      ),
      confirmLabel: t('circulation.loans.confirm.renew'),
    });
    if (!isConfirmed) return;
    try {
      const answer = await renew.mutateAsync(chosen.map((loan) => loan.cod_emprestimo));
      setOutcome({
        results: answer.resultados,
        loans: new Map(chosen.map((loan) => [loan.cod_emprestimo, loan])),
      });
      setSelected(new Set());
    } catch {
      // The central error handler has shown why (SPEC §8); the selection stays for another try.
    }
  };

  return (
    <Stack gap="lg">
      {outcome && <RenewalResults outcome={outcome} headingRef={resultsHeading} />}
      <section aria-labelledby={listHeadingId}>
        <Title order={2} size="h3" id={listHeadingId} mb="xs">
          {t('circulation.loans.heading')}
        </Title>
        {list.length === 0 ? (
          <Text>{t('circulation.loans.empty')}</Text>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)}>
            <Stack gap="md">
              <Text size="sm">{t('circulation.loans.count', { count: list.length })}</Text>
              {selectable.length > 1 && (
                <Checkbox
                  label={t('circulation.loans.selectAll')}
                  checked={chosen.length === selectable.length}
                  indeterminate={chosen.length > 0 && chosen.length < selectable.length}
                  onChange={(event) => toggleAll(event.currentTarget.checked)}
                />
              )}
              <ul className={classes.cards}>
                {list.map((loan) => (
                  <li key={loan.cod_emprestimo}>
                    <LoanCard
                      loan={loan}
                      isSelected={selected.has(loan.cod_emprestimo)}
                      onToggle={(isOn) => toggle(loan.cod_emprestimo, isOn)}
                    />
                  </li>
                ))}
              </ul>
              {nothingSelected && <Notice tone="refusal">{t('circulation.errors.nothingToRenew')}</Notice>}
              <Group>
                <Button type="submit" loading={renew.isPending}>
                  {t('circulation.loans.renewSelected', { amount: chosen.length })}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </section>
    </Stack>
  );
}

interface LoanCardProps {
  loan: PendingTitle;
  isSelected: boolean;
  onToggle: (isOn: boolean) => void;
}

/** One title on loan: what the patron needs at a glance, the copy's details on demand. */
function LoanCard({ loan, isSelected, onToggle }: LoanCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const titleId = useId();
  const details = loan.detalhes;
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      withBorder
      p="md"
      className={loan.atrasado ? classes.late : undefined}
    >
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id={titleId}>
            <Anchor component={Link} to={paths.title.getHref(loan.cod_acervo)}>
              {loan.titulo}
            </Anchor>
          </Title>
          {loan.autor && <Text size="sm">{loan.autor}</Text>}
        </div>
        <DetailList
          rows={[
            {
              key: 'due',
              label: t('circulation.loans.field.dueDate'),
              value: formatDate(loan.data_devolucao, language),
            },
            {
              key: 'renewals',
              label: t('circulation.loans.field.renewals'),
              value: t('circulation.loans.renewalsOf', {
                used: loan.renovacoes,
                limit: loan.limite_renovacoes,
              }),
            },
            {
              key: 'state',
              label: t('circulation.loans.field.state'),
              value: (
                <Stack gap={2}>
                  <LoanStateLabel state={loan.situacao} />
                  {loan.atrasado && (
                    <Text size="sm" fw={700}>
                      {t('circulation.loans.late', { count: loan.dias_atraso })}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              // Beyond SPEC §3: what the lateness costs so far, so a late patron does not read "no debts"
              // as nothing owed; the debt itself is charged on return.
              key: 'accruingFine',
              label: t('circulation.fines.soFar'),
              value: loan.multa_em_curso && <AccruingFineAmount fine={loan.multa_em_curso} />,
            },
            {
              key: 'loaned',
              label: t('circulation.loans.field.loanedOn'),
              value: formatDate(loan.data_emprestimo, language),
            },
            {
              key: 'renewable',
              label: t('circulation.loans.field.renewable'),
              value:
                loan.pode_renovar || !loan.motivo
                  ? t('circulation.loans.renewableYes')
                  : t('circulation.loans.renewableNo', { reason: translateKey(t, loan.motivo.mensagem) }),
            },
          ]}
        />
        {details && (
          <details className={classes.details}>
            <summary>{t('circulation.loans.details')}</summary>
            <DetailList
              rows={[
                {
                  key: 'library',
                  label: t('circulation.loans.field.library'),
                  value: details.biblioteca.desc_biblioteca,
                },
                { key: 'copy', label: t('circulation.loans.field.copy'), value: details.numero_exemplar },
                {
                  key: 'callNumber',
                  label: t('circulation.loans.field.callNumber'),
                  value: details.numero_chamada,
                },
                { key: 'location', label: t('circulation.loans.field.location'), value: details.localizacao },
                {
                  key: 'loanType',
                  label: t('circulation.loans.field.loanType'),
                  value: details.tipo_emprestimo,
                },
                { key: 'volume', label: t('circulation.loans.field.volume'), value: details.volume },
                {
                  key: 'holds',
                  label: t('circulation.loans.field.holdsWaiting'),
                  value: String(details.reservas_em_espera),
                },
                {
                  key: 'quarantine',
                  label: t('circulation.loans.field.quarantineEnd'),
                  value: details.fim_quarentena ? formatDate(details.fim_quarentena, language) : null,
                },
              ]}
            />
          </details>
        )}
        {canSelect(loan) && (
          <Checkbox
            label={t('circulation.loans.select')}
            aria-label={t('circulation.loans.selectTitle', { title: loan.titulo })}
            checked={isSelected}
            onChange={(event) => onToggle(event.currentTarget.checked)}
          />
        )}
      </Stack>
    </Paper>
  );
}

interface RenewalResultsProps {
  outcome: RenewalOutcome;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

/** What the renewal did to each selected loan: the new return date, or the reason it was refused. */
function RenewalResults({ outcome, headingRef }: RenewalResultsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Title
        order={2}
        size="h3"
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className={classes.sectionHeading}
        mb="xs"
      >
        {t('circulation.loans.results.heading')}
      </Title>
      <ul className={classes.results}>
        {outcome.results.map((result) => {
          const loan = outcome.loans.get(result.cod_emprestimo);
          return (
            <li key={result.cod_emprestimo}>
              <Text fw={700} component="span">
                {loan?.titulo ?? t('circulation.loans.results.unknownLoan', { id: result.cod_emprestimo })}
              </Text>
              {': '}
              <span className={classes.outcome} data-renewed={result.renovado}>
                {result.renovado
                  ? t('circulation.loans.results.renewed')
                  : t('circulation.loans.results.refused')}
              </span>{' '}
              {result.renovado
                ? result.data_devolucao &&
                  t('circulation.loans.results.newDueDate', {
                    date: formatDate(result.data_devolucao, language),
                  })
                : result.motivo && translateKey(t, result.motivo.mensagem)}
            </li>
          );
        })}
      </ul>
    </Paper>
  );
}
