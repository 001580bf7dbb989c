import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Grid, Group, NativeSelect, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { INDEX_TYPE_LABELS, INDEX_TYPES, type IndexEntry, type IndexType } from '@estante/contract';
import { translateKey } from '../../../lib/i18n';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useIndexOptions } from '../api/get-index-options';
import { useIndexBrowse, type IndexBrowseRequest } from '../api/browse-index';
import { IndexedTitles } from './indexed-titles';
import { PageButton } from './page-button';
import classes from './search-aids.module.css';

export interface IndexBrowserProps {
  /** The index chosen at first (title when left out). */
  initialType?: IndexType;
  /** A starting term: when given, the index is shown from it at once; otherwise after "Browse". */
  initialTerm?: string;
}

/** Identity of an entry on a page (an author or subject key may name several authorities). */
const entryId = (entry: IndexEntry) => `${entry.chave}\u0000${entry.cod_autoridade ?? 0}`;

/**
 * Index browse (SPEC §3 index types): choose an index and a starting term, read its entries in
 * filing order with their record counts, page back and forth, and open an entry to see its titles.
 */
export function IndexBrowser({ initialType = 'titulo', initialTerm }: IndexBrowserProps) {
  const { t } = useTranslation();
  const options = useIndexOptions();
  const [type, setType] = useState<IndexType>(initialType);
  const [term, setTerm] = useState(initialTerm ?? '');
  const [request, setRequest] = useState<IndexBrowseRequest | null>(
    initialTerm === undefined ? null : { type: initialType, term: initialTerm.trim(), page: 1 },
  );
  const [openEntry, setOpenEntry] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const shouldFocusList = useRef(false);
  const query = useIndexBrowse(request);
  const baseId = useId();
  const data = request && !query.isError ? query.data : undefined;
  const isSettled = data !== undefined && !query.isPlaceholderData;

  // After a page change the list takes the focus, so keyboard and screen-reader users start reading
  // the new entries at once.
  useEffect(() => {
    if (shouldFocusList.current && isSettled) {
      shouldFocusList.current = false;
      listRef.current?.focus();
    }
  }, [isSettled, data]);

  const typeOptions = (
    options.data ?? INDEX_TYPES.map((codigo) => ({ codigo, descricao: INDEX_TYPE_LABELS[codigo] }))
  ).map((option) => ({ value: option.codigo, label: translateKey(t, option.descricao) }));
  const indexName = (code: IndexType) => translateKey(t, INDEX_TYPE_LABELS[code]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOpenEntry(null);
    setRequest({ type, term: term.trim(), page: 1 });
  };
  const turnPage = (step: number) => {
    if (!request) return;
    setOpenEntry(null);
    shouldFocusList.current = true;
    setRequest({ ...request, page: request.page + step });
  };

  return (
    <Stack gap="md">
      <form aria-label={t('search.index.label')} noValidate onSubmit={submit}>
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect
              name="indexType"
              label={t('search.index.type.label')}
              value={type}
              data={typeOptions}
              onChange={(event) => setType(event.currentTarget.value as IndexType)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              name="indexTerm"
              label={t('search.index.term.label')}
              description={t('search.index.term.description')}
              autoComplete="off"
              value={term}
              onChange={(event) => setTerm(event.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 2 }}>
            <Button type="submit" fullWidth>
              {t('search.index.submit')}
            </Button>
          </Grid.Col>
        </Grid>
      </form>

      {request && query.isPending && <LoadingBlock label={t('search.index.loading')} />}
      {request && query.isError && (
        <ErrorBlock message={t('search.index.error')} onRetry={() => void query.refetch()} />
      )}
      {request && data && (
        <section aria-labelledby={`${baseId}-heading`} aria-busy={query.isFetching}>
          <Text id={`${baseId}-heading`} fw={700}>
            {t('search.index.list', { index: indexName(data.tipo) })}
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            {data.termo ? t('search.index.from', { term: data.termo }) : t('search.index.fromStart')}
          </Text>
          {data.itens.length === 0 ? (
            <Text my="sm">{data.anterior ? t('search.index.empty') : t('search.index.emptyIndex')}</Text>
          ) : (
            <ul
              ref={listRef}
              tabIndex={-1}
              className={classes.entries}
              aria-label={t('search.index.list', { index: indexName(data.tipo) })}
            >
              {data.itens.map((entry, index) => {
                const id = entryId(entry);
                const isOpen = openEntry === id;
                const titlesId = `${baseId}-titles-${index}`;
                return (
                  <li key={id}>
                    <UnstyledButton
                      className={classes.entryButton}
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? titlesId : undefined}
                      onClick={() => setOpenEntry(isOpen ? null : id)}
                    >
                      <span>{entry.descricao}</span>
                      <span className={classes.count}>
                        {t('search.index.records', { count: entry.quantidade })}
                      </span>
                    </UnstyledButton>
                    {isOpen && (
                      <IndexedTitles
                        id={titlesId}
                        entry={entry.descricao}
                        source={{
                          kind: 'entry',
                          type: data.tipo,
                          key: entry.chave,
                          authorityId: entry.cod_autoridade,
                        }}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {(data.anterior || data.proxima) && (
            <Group gap="xs" mt="sm">
              <PageButton isAvailable={data.anterior} onClick={() => turnPage(-1)}>
                {t('search.index.previous')}
              </PageButton>
              <PageButton isAvailable={data.proxima} onClick={() => turnPage(1)}>
                {t('search.index.next')}
              </PageButton>
            </Group>
          )}
        </section>
      )}
    </Stack>
  );
}
