import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { titlePagePath, type Dashboard as DashboardData } from '@estante/contract';
import { paths, type PersonalAreaItemKey } from '../../../config/paths';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';
import { formatMoney } from '../../circulation/utils/money';
import { useDashboard } from '../api/get-dashboard';

/** What each menu item counts for the patron now (decision 0046); nothing for the others. */
export function dashboardCounts(
  data: DashboardData | undefined,
): Partial<Record<PersonalAreaItemKey, number>> {
  if (!data) return {};
  return {
    loans: data.emprestimos.atrasados + data.emprestimos.a_vencer,
    holds: data.reservas.disponiveis,
    debts: data.debitos.quantidade,
    loanRequests: data.solicitacoes_abertas,
    alerts: data.alertas_nao_lidos,
  };
}

/** One card: its heading, what it says, and the way to the screen where it is dealt with. */
function Card({
  id,
  heading,
  link,
  children,
}: {
  id: string;
  heading: string;
  link: { href: string; label: string } | null;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} fz="h4" id={id}>
          {heading}
        </Title>
        {children}
        {link && (
          <Anchor component={Link} to={link.href}>
            {link.label}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The personal area's first page (decision 0046): what needs the patron now — late loans and those
 * due in the next days, holds waiting with their deadline, what is owed (and still accruing), open
 * requests and unread alerts — each with its count and a link to the screen that deals with it
 * (when the patron may open it).
 */
export function Dashboard({
  pathname,
  items,
}: {
  pathname: string;
  /** The menu items the patron may open: a card links only to those. */
  items: ReadonlySet<PersonalAreaItemKey>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useDashboard(pathname);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError)
    return (
      <ErrorBlock message={t('personalArea.dashboard.loadError')} onRetry={() => void query.refetch()} />
    );
  const data = query.data;
  const linkTo = (key: PersonalAreaItemKey, label: string) =>
    items.has(key) ? { href: paths.personalAreaItem.getHref(key), label } : null;
  const { emprestimos: loans, reservas: holds, debitos: debts } = data;
  const isQuiet =
    loans.atrasados + loans.a_vencer + holds.disponiveis + debts.quantidade + data.alertas_nao_lidos === 0 &&
    debts.multa_em_curso === 0;

  return (
    <Stack gap="md">
      <Text role="status">
        {isQuiet ? t('personalArea.dashboard.quiet') : t('personalArea.dashboard.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card
          id="dashboard-loans"
          heading={t('personalArea.dashboard.loans.heading')}
          link={linkTo('loans', t('personalArea.dashboard.loans.link'))}
        >
          <Text>{t('personalArea.dashboard.loans.total', { count: loans.total })}</Text>
          {loans.atrasados > 0 && (
            <Text fw={700}>{t('personalArea.dashboard.loans.late', { count: loans.atrasados })}</Text>
          )}
          <Text>
            {t('personalArea.dashboard.loans.dueSoon', { count: loans.a_vencer, days: loans.dias_aviso })}
          </Text>
          {data.devolucoes.length > 0 && (
            <List spacing={4} aria-label={t('personalArea.dashboard.loans.listLabel')}>
              {data.devolucoes.map((loan) => (
                <List.Item key={loan.cod_emprestimo}>
                  <Anchor component={Link} to={titlePagePath(loan.cod_acervo)}>
                    {loan.titulo}
                  </Anchor>{' '}
                  —{' '}
                  {loan.atrasado
                    ? t('personalArea.dashboard.loans.lateSince', {
                        date: formatDate(loan.data_devolucao, language),
                        count: loan.dias_atraso,
                      })
                    : t('personalArea.dashboard.loans.dueOn', {
                        date: formatDate(loan.data_devolucao, language),
                      })}
                </List.Item>
              ))}
            </List>
          )}
        </Card>
        <Card
          id="dashboard-holds"
          heading={t('personalArea.dashboard.holds.heading')}
          link={linkTo('holds', t('personalArea.dashboard.holds.link'))}
        >
          <Text fw={holds.disponiveis > 0 ? 700 : undefined}>
            {t('personalArea.dashboard.holds.ready', { count: holds.disponiveis })}
          </Text>
          {data.reservas_disponiveis.length > 0 && (
            <List spacing={4} aria-label={t('personalArea.dashboard.holds.listLabel')}>
              {data.reservas_disponiveis.map((hold) => (
                <List.Item key={hold.cod_reserva}>
                  <Anchor component={Link} to={titlePagePath(hold.cod_acervo)}>
                    {hold.titulo}
                  </Anchor>{' '}
                  —{' '}
                  {hold.prazo_retirada
                    ? t('personalArea.dashboard.holds.pickUpBy', {
                        library: hold.biblioteca.desc_biblioteca,
                        date: formatDate(hold.prazo_retirada, language),
                      })
                    : hold.biblioteca.desc_biblioteca}
                </List.Item>
              ))}
            </List>
          )}
          <Text>{t('personalArea.dashboard.holds.queued', { count: holds.na_fila })}</Text>
        </Card>
        <Card
          id="dashboard-debts"
          heading={t('personalArea.dashboard.debts.heading')}
          link={linkTo('debts', t('personalArea.dashboard.debts.link'))}
        >
          <Text fw={debts.quantidade > 0 ? 700 : undefined}>
            {debts.quantidade > 0
              ? t('personalArea.dashboard.debts.owed', {
                  count: debts.quantidade,
                  amount: formatMoney(debts.valor_pendente, t, language),
                })
              : t('personalArea.dashboard.debts.none')}
          </Text>
          {debts.multa_em_curso > 0 && (
            <Text>
              {t('personalArea.dashboard.debts.accruing', {
                amount: formatMoney(debts.multa_em_curso, t, language),
              })}
            </Text>
          )}
        </Card>
        <Card
          id="dashboard-requests"
          heading={t('personalArea.dashboard.requests.heading')}
          link={linkTo('loanRequests', t('personalArea.dashboard.requests.link'))}
        >
          <Text>{t('personalArea.dashboard.requests.open', { count: data.solicitacoes_abertas })}</Text>
        </Card>
        <Card
          id="dashboard-alerts"
          heading={t('personalArea.dashboard.alerts.heading')}
          link={linkTo('alerts', t('personalArea.dashboard.alerts.link'))}
        >
          <Text fw={data.alertas_nao_lidos > 0 ? 700 : undefined}>
            {t('personalArea.dashboard.alerts.unread', { count: data.alertas_nao_lidos })}
          </Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
