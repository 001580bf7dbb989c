import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { CIRCULATION_RULE_KEYS, type CancelHoldsResult, type Hold } from '@estante/contract';
import { paths } from '../../../config/paths';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { formatDate, translateKey } from '../../../lib/i18n';
import { HOLDS_QUERY_KEY, useHolds } from '../api/get-holds';
import { cancelHolds } from '../api/cancel-holds';
import { useHoldHistory } from '../api/get-hold-history';
import { lastTwelveMonths, type DateRange } from '../../../components/form/date-range';
import { refusalOf } from '../../../components/form/refusal';
import { DateRangeFilter } from '../../../components/form/date-range-filter';
import { useHoldStateLabels } from './hold-status';
import { Notice } from '../../../components/ui/notice';
import classes from './circulation.module.css';
import { TITLE_COLUMN_WIDTH } from './table-widths';

/**
 * The personal area's holds (SPEC §3 Hold, §5, §7 Reservations): the holds in the queue or waiting
 * at the desk, which the patron selects and cancels after the confirm dialog (each hold answers for
 * itself), and the holds placed between two days.
 */
export function HoldsScreen() {
  return (
    <Stack gap="xl">
      <OpenHolds />
      <HoldHistory />
    </Stack>
  );
}

function TitleLink({ hold }: { hold: Pick<Hold, 'cod_acervo' | 'titulo'> }) {
  return (
    <Anchor component={Link} to={paths.title.getHref(hold.cod_acervo)}>
      {hold.titulo}
    </Anchor>
  );
}

/** Day and time-stamp columns: the date in the patron's format, or nothing. */
function DateCell({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  return (
    <Table.Td className={classes.nowrap}>
      {value ? formatDate(value, i18n.resolvedLanguage ?? i18n.language) : ''}
    </Table.Td>
  );
}

function OpenHolds() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const states = useHoldStateLabels();
  const query = useHolds();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ result: CancelHoldsResult; holds: Hold[] } | null>(null);
  const [isBusy, setBusy] = useState(false);

  const toggle = (id: number, isChecked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (isChecked) next.add(id);
      else next.delete(id);
      return next;
    });
    setRefusal(null);
  };

  const cancelSelected = async () => {
    const holds = (query.data ?? []).filter((h) => selected.has(h.cod_reserva));
    setOutcome(null);
    // SPEC §5: a reservation must be selected to cancel.
    if (holds.length === 0) {
      setRefusal(t(CIRCULATION_RULE_KEYS.nothingToCancel));
      return;
    }
    setRefusal(null);
    const isConfirmed = await confirm({
      title: t('circulation.holds.cancel.confirmTitle'),
      content: (
        <Stack gap="xs">
          <Text>{t('circulation.holds.cancel.confirmText')}</Text>
          <List>
            {holds.map((h) => (
              <List.Item key={h.cod_reserva}>{h.titulo}</List.Item>
            ))}
          </List>
        </Stack>
      ),
      confirmLabel: t('circulation.holds.cancel.confirm'),
      cancelLabel: t('circulation.holds.cancel.keep'),
    });
    if (!isConfirmed) return;
    setBusy(true);
    try {
      const result = await cancelHolds(holds.map((h) => h.cod_reserva));
      setOutcome({ result, holds });
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: HOLDS_QUERY_KEY });
    } catch (error) {
      const text = refusalOf(error, t);
      if (text) setRefusal(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="open-holds-heading">
      <Title order={2} fz="h3" mb="sm" id="open-holds-heading">
        {t('circulation.holds.open.heading')}
      </Title>
      <Stack gap="sm">
        {outcome && <CancelOutcome {...outcome} />}
        {query.isPending && <LoadingBlock />}
        {query.isError && (
          <ErrorBlock message={t('circulation.holds.open.error')} onRetry={() => void query.refetch()} />
        )}
        {query.isSuccess && query.data.length === 0 && <Text>{t('circulation.holds.open.empty')}</Text>}
        {query.isSuccess && query.data.length > 0 && (
          <>
            <ScrollRegion label={t('circulation.holds.open.caption')}>
              <Table striped withTableBorder miw={760}>
                <caption className={classes.visuallyHiddenCaption}>
                  {t('circulation.holds.open.caption')}
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" w={1}>
                      {/* The checkboxes say what they are: the word would only widen the column. */}
                      <VisuallyHidden>{t('circulation.holds.columns.select')}</VisuallyHidden>
                    </Table.Th>
                    <Table.Th scope="col" miw={TITLE_COLUMN_WIDTH}>
                      {t('circulation.holds.columns.title')}
                    </Table.Th>
                    <Table.Th scope="col">{t('circulation.holds.columns.library')}</Table.Th>
                    <Table.Th scope="col">{t('circulation.holds.columns.status')}</Table.Th>
                    <Table.Th scope="col">{t('circulation.holds.columns.position')}</Table.Th>
                    <Table.Th scope="col">{t('circulation.holds.columns.placed')}</Table.Th>
                    <Table.Th scope="col">{t('circulation.holds.columns.released')}</Table.Th>
                    <Table.Th scope="col">{t('circulation.holds.columns.pickupBy')}</Table.Th>
                    <Table.Th scope="col">{t('circulation.holds.columns.observations')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.map((hold) => (
                    <Table.Tr key={hold.cod_reserva}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('circulation.holds.open.select', { title: hold.titulo })}
                          checked={selected.has(hold.cod_reserva)}
                          onChange={(event) => toggle(hold.cod_reserva, event.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Th scope="row">
                        <TitleLink hold={hold} />
                      </Table.Th>
                      <Table.Td>{hold.biblioteca.desc_biblioteca}</Table.Td>
                      <Table.Td>{states[hold.situacao]}</Table.Td>
                      <Table.Td>{hold.posicao_fila ?? ''}</Table.Td>
                      <DateCell value={hold.data_reserva} />
                      <DateCell value={hold.data_liberacao} />
                      <DateCell value={hold.prazo_retirada} />
                      <Table.Td>{hold.observacoes ? translateKey(t, hold.observacoes) : ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          </>
        )}
        <div aria-live="polite">{refusal && <Notice tone="refusal">{refusal}</Notice>}</div>
        {query.isSuccess && query.data.length > 0 && (
          <Group>
            <Button variant="default" loading={isBusy} onClick={() => void cancelSelected()}>
              {t('circulation.holds.cancel.button')}
            </Button>
          </Group>
        )}
      </Stack>
    </section>
  );
}

/** What happened to each hold the patron asked to cancel (STYLE "Batches": one refusal fails no other). */
function CancelOutcome({ result, holds }: { result: CancelHoldsResult; holds: Hold[] }) {
  const { t } = useTranslation();
  const titleOf = (id: number) => holds.find((h) => h.cod_reserva === id)?.titulo ?? String(id);
  return (
    <Notice tone="info" title={t('circulation.holds.cancel.resultTitle')}>
      <List>
        {result.resultados.map((item) => (
          <List.Item key={item.cod_reserva}>
            {item.cancelada
              ? t('circulation.holds.cancel.cancelled', { title: titleOf(item.cod_reserva) })
              : t('circulation.holds.cancel.refused', {
                  title: titleOf(item.cod_reserva),
                  reason: item.motivo ? translateKey(t, item.motivo.mensagem) : '',
                })}
          </List.Item>
        ))}
      </List>
    </Notice>
  );
}

function HoldHistory() {
  const { t } = useTranslation();
  const states = useHoldStateLabels();
  const [range, setRange] = useState<DateRange>(() => lastTwelveMonths());
  const query = useHoldHistory(range);
  return (
    <section aria-labelledby="hold-history-heading">
      <Title order={2} fz="h3" mb="sm" id="hold-history-heading">
        {t('circulation.holds.history.heading')}
      </Title>
      <Stack gap="sm">
        <DateRangeFilter
          label={t('circulation.holds.history.filter')}
          initial={range}
          fromLabel={t('circulation.holds.history.from')}
          toLabel={t('circulation.holds.history.to')}
          submitLabel={t('circulation.holds.history.apply')}
          onApply={setRange}
        />
        {query.isPending && <LoadingBlock />}
        {query.isError && (
          <ErrorBlock message={t('circulation.holds.history.error')} onRetry={() => void query.refetch()} />
        )}
        {query.isSuccess && query.data.length === 0 && <Text>{t('circulation.holds.history.empty')}</Text>}
        {query.isSuccess && query.data.length > 0 && (
          <ScrollRegion label={t('circulation.holds.history.caption')}>
            <Table striped withTableBorder miw={760} aria-busy={query.isPlaceholderData}>
              <caption className={classes.visuallyHiddenCaption}>
                {t('circulation.holds.history.caption')}
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" miw={TITLE_COLUMN_WIDTH}>
                    {t('circulation.holds.columns.title')}
                  </Table.Th>
                  <Table.Th scope="col">{t('circulation.holds.columns.library')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.holds.columns.placed')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.holds.columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.holds.columns.released')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.holds.columns.cancelled')}</Table.Th>
                  <Table.Th scope="col">{t('circulation.holds.columns.observations')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((hold) => (
                  <Table.Tr key={hold.cod_reserva}>
                    <Table.Th scope="row">
                      <TitleLink hold={hold} />
                    </Table.Th>
                    <Table.Td>{hold.biblioteca.desc_biblioteca}</Table.Td>
                    <DateCell value={hold.data_reserva} />
                    <Table.Td>{states[hold.situacao]}</Table.Td>
                    <DateCell value={hold.data_liberacao} />
                    <DateCell value={hold.data_cancelamento} />
                    <Table.Td>{hold.observacoes ? translateKey(t, hold.observacoes) : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
    </section>
  );
}
