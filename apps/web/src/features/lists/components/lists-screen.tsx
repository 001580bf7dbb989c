import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { ListDetail, ListSummary } from '@estante/contract';
import { LIST_PARAM } from '../../../config/paths';
import { DateRangeFilter, type DateRange } from '../../../components/form';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useDeleteList, useRemoveFromList } from '../api/change-lists';
import { useList } from '../api/get-list';
import { useLists } from '../api/get-lists';
import { usePermanentBasket } from '../api/get-permanent-basket';
import { CreateListForm, RenameListForm } from './list-forms';
import { ListTitles, type ListTitle } from './list-titles';
import { ShareControl } from './share-control';
import classes from './lists.module.css';

/** What the screen offers beside the titles: the basket's export of these ids (from the route). */
type RenderExport = (ids: readonly number[]) => ReactNode;

function useListName() {
  const { t } = useTranslation();
  return (list: Pick<ListSummary, 'nome' | 'cesta_permanente'>) =>
    list.cesta_permanente ? t('lists.permanentBasket') : (list.nome ?? '');
}

/** The permanent basket's titles, all of them or those saved in a period (SPEC §7 colecao, §5 dates). */
function PermanentBasketTitles({
  onRemove,
  busyId,
  renderExport,
}: {
  onRemove: (title: ListTitle) => void;
  busyId: number | null;
  renderExport: RenderExport;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>({ from: null, to: null });
  const basket = usePermanentBasket(range, true);
  return (
    <Stack gap="sm">
      <DateRangeFilter
        label={t('lists.period.label')}
        initial={range}
        fromLabel={t('lists.period.from')}
        toLabel={t('lists.period.to')}
        submitLabel={t('lists.period.apply')}
        onApply={setRange}
      />
      {basket.isPending ? (
        <LoadingBlock />
      ) : basket.isError ? (
        <ErrorBlock message={t('lists.loadError')} onRetry={() => void basket.refetch()} />
      ) : (
        <>
          <Text size="sm" role="status" aria-live="polite">
            {t('lists.count', { count: basket.data.itens.length })}
          </Text>
          <ListTitles items={basket.data.itens} onRemove={onRemove} busyId={busyId} />
          {basket.data.itens.length > 0 && renderExport(basket.data.itens.map((item) => item.cod_acervo))}
        </>
      )}
    </Stack>
  );
}

/** One list: its name, sharing, titles and exports; a named list can be renamed and deleted. */
function ListPanel({
  list,
  renderExport,
  onDeleted,
}: {
  list: ListDetail;
  renderExport: RenderExport;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = useListName();
  const confirm = useConfirm();
  const remove = useRemoveFromList();
  const deleteList = useDeleteList();
  const name = nameOf(list);
  const onRemove = (title: ListTitle) => remove.mutate({ id: list.codigo, titleId: title.cod_acervo });
  const busyId = remove.isPending ? (remove.variables?.titleId ?? null) : null;
  const askDelete = async () => {
    const confirmed = await confirm({
      title: t('lists.delete.title'),
      content: t('lists.delete.question', { name, count: list.quantidade }),
      confirmLabel: t('lists.delete.confirm'),
    });
    if (confirmed) deleteList.mutate(list.codigo, { onSuccess: onDeleted });
  };
  return (
    <Stack gap="md" component="section" aria-labelledby="list-heading">
      <Title order={2} id="list-heading">
        {name}
      </Title>
      {list.cesta_permanente && <Text>{t('lists.permanentBasketHint')}</Text>}
      {!list.cesta_permanente && (
        <Group align="flex-end" gap="md" wrap="wrap">
          <RenameListForm key={list.codigo} id={list.codigo} name={list.nome ?? ''} />
          <Button
            color="red"
            variant="outline"
            loading={deleteList.isPending}
            onClick={() => void askDelete()}
          >
            {t('lists.delete.button')}
          </Button>
        </Group>
      )}
      <ShareControl list={list} />
      <Divider />
      <Title order={3}>{t('lists.titlesHeading')}</Title>
      {list.cesta_permanente ? (
        <PermanentBasketTitles onRemove={onRemove} busyId={busyId} renderExport={renderExport} />
      ) : (
        <>
          <ListTitles items={list.itens} onRemove={onRemove} busyId={busyId} />
          {list.itens.length > 0 && renderExport(list.itens.map((item) => item.cod_acervo))}
        </>
      )}
    </Stack>
  );
}

/**
 * Personal area "lists" (SPEC §2 permanent basket; decision 0043): the patron's lists, the permanent
 * basket first, with the one chosen (`?lista=`) below. The layout gives the page its h1.
 */
export function ListsScreen({ renderExport }: { renderExport: RenderExport }) {
  const { t } = useTranslation();
  const nameOf = useListName();
  const [params, setParams] = useSearchParams();
  const lists = useLists();
  const chosenParam = Number(params.get(LIST_PARAM));
  const all = lists.data?.listas ?? [];
  const chosen = all.find((list) => list.codigo === chosenParam) ?? all[0];
  const detail = useList(chosen?.codigo ?? null);
  const choose = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(LIST_PARAM);
        else next.set(LIST_PARAM, String(id));
        return next;
      },
      { replace: false },
    );

  if (lists.isPending) return <LoadingBlock />;
  if (lists.isError)
    return <ErrorBlock message={t('lists.loadError')} onRetry={() => void lists.refetch()} />;
  return (
    <Stack gap="lg">
      <Stack gap="sm" component="nav" aria-label={t('lists.yourLists')}>
        <Title order={2}>{t('lists.yourLists')}</Title>
        <ul className={classes.lists}>
          {all.map((list) => {
            const isCurrent = list.codigo === chosen?.codigo;
            return (
              <li key={list.codigo}>
                <Anchor
                  component={Link}
                  to={`?${LIST_PARAM}=${list.codigo}`}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={isCurrent ? classes.current : undefined}
                >
                  {nameOf(list)}
                </Anchor>{' '}
                <Text span size="sm">
                  ({t('lists.count', { count: list.quantidade })}
                  {list.token_compartilhamento ? `, ${t('lists.sharedMark')}` : ''})
                </Text>
              </li>
            );
          })}
        </ul>
        <CreateListForm onCreated={choose} />
      </Stack>
      {detail.isPending ? (
        <LoadingBlock />
      ) : detail.isError ? (
        <ErrorBlock message={t('lists.loadError')} onRetry={() => void detail.refetch()} />
      ) : (
        <ListPanel list={detail.data} renderExport={renderExport} onDeleted={() => choose(null)} />
      )}
    </Stack>
  );
}
