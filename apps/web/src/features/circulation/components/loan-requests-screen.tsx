import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { LOAN_REQUEST_STATES, type LoanRequest, type LoanRequestState } from '@estante/contract';
import { paths } from '../../../config/paths';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { formatDate } from '../../../lib/i18n';
import { useLoanRequests, type LoanRequestsFilter } from '../api/get-loan-requests';
import { lastTwelveMonths } from '../../../components/form/date-range';
import { DateRangeFilter } from '../../../components/form/date-range-filter';
import { useLoanRequestStateLabels } from './loan-request-status';
import classes from './circulation.module.css';
import { TITLE_COLUMN_WIDTH } from './table-widths';

/** Every state: the status select's first option. */
const ALL = '';

/**
 * The personal area's loan-request query (SPEC §3 Loan request, §4, §7): the patron's requests made
 * between two days, in one state or all (waiting, in transit, available, finished, not finished).
 */
export function LoanRequestsScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const states = useLoanRequestStateLabels();
  const [filter, setFilter] = useState<LoanRequestsFilter>(() => ({ ...lastTwelveMonths(), status: null }));
  const [status, setStatus] = useState<string>(ALL);
  const query = useLoanRequests(filter);
  const day = (value: string | null) => (value ? formatDate(value, language) : '');

  const receivedAt = (request: LoanRequest) =>
    request.domicilio
      ? t('circulation.requests.list.homeDelivery')
      : t('circulation.requests.list.pickupAt', {
          library: request.biblioteca_recebimento.desc_biblioteca,
          location: request.local_recebimento,
        });

  return (
    <Stack gap="md">
      <DateRangeFilter
        label={t('circulation.requests.list.filter')}
        initial={filter}
        fromLabel={t('circulation.requests.list.from')}
        toLabel={t('circulation.requests.list.to')}
        submitLabel={t('circulation.requests.list.apply')}
        onApply={(range) =>
          setFilter({ ...range, status: status === ALL ? null : (status as LoanRequestState) })
        }
      >
        <NativeSelect
          label={t('circulation.requests.list.status')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value)}
          data={[
            { value: ALL, label: t('circulation.requests.list.allStates') },
            ...LOAN_REQUEST_STATES.map((state) => ({ value: state, label: states[state] })),
          ]}
        />
      </DateRangeFilter>
      <section aria-labelledby="loan-requests-heading">
        <Title order={2} fz="h3" mb="sm" id="loan-requests-heading">
          {t('circulation.requests.list.heading')}
        </Title>
        {query.isPending && <LoadingBlock />}
        {query.isError && (
          <ErrorBlock message={t('circulation.requests.list.error')} onRetry={() => void query.refetch()} />
        )}
        {query.isSuccess && query.data.length === 0 && <Text>{t('circulation.requests.list.empty')}</Text>}
        {query.isSuccess && query.data.length > 0 && (
          <ScrollRegion label={t('circulation.requests.list.caption')}>
            <Table striped withTableBorder miw={860} aria-busy={query.isPlaceholderData}>
              <caption className={classes.visuallyHiddenCaption}>
                {t('circulation.requests.list.caption')}
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" miw={TITLE_COLUMN_WIDTH}>
                    {t('circulation.requests.columns.title')}
                  </Table.Th>
                  <Table.Th scope="col">{t('circulation.requests.columns.requested')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.requests.columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.requests.columns.copy')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.requests.columns.origin')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.requests.columns.receiving')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.requests.columns.pickupBy')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.requests.columns.updated')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.requests.columns.observation')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((request) => (
                  <Table.Tr key={request.cod_solicitacao}>
                    <Table.Th scope="row">
                      <Anchor component={Link} to={paths.title.getHref(request.cod_acervo)}>
                        {request.titulo}
                      </Anchor>
                    </Table.Th>
                    <Table.Td className={classes.nowrap}>{day(request.data_solicitacao)}</Table.Td>
                    <Table.Td>{states[request.situacao]}</Table.Td>
                    <Table.Td>{request.numero_exemplar}</Table.Td>
                    <Table.Td>{request.biblioteca_origem.desc_biblioteca}</Table.Td>
                    <Table.Td>{receivedAt(request)}</Table.Td>
                    <Table.Td className={classes.nowrap}>{day(request.prazo_retirada)}</Table.Td>
                    <Table.Td className={classes.nowrap}>{day(request.data_atualizacao)}</Table.Td>
                    <Table.Td>{request.observacao ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </section>
    </Stack>
  );
}
