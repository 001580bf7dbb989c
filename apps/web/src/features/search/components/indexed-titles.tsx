import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Group, Text } from '@mantine/core';
import { INDEX_PAGE_SIZE } from '@estante/contract';
import { paths } from '../../../config/paths';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { useIndexedTitles, type IndexedTitlesSource } from '../api/get-indexed-titles';
import { PageButton } from './page-button';
import classes from './search-aids.module.css';

interface IndexedTitlesProps {
  /** The index entry or the authority whose titles are listed. */
  source: IndexedTitlesSource;
  /** What the titles are under, for the region's name ("Titles under “Dom Casmurro”"). */
  entry: string;
  /** Id of the region, for the control that opens it (aria-controls). */
  id?: string;
}

/** The titles under an index entry or an authority, a page at a time, each a link to its record. */
export function IndexedTitles({ source, entry, id }: IndexedTitlesProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useIndexedTitles(source, page);
  const data = query.data;
  const from = (page - 1) * INDEX_PAGE_SIZE + 1;
  return (
    <section id={id} className={classes.titles} aria-label={t('search.indexed.label', { entry })}>
      {query.isPending && <LoadingBlock label={t('search.indexed.loading')} />}
      {query.isError && (
        <ErrorBlock message={t('search.indexed.error')} onRetry={() => void query.refetch()} />
      )}
      {data && (
        <>
          <ul className={classes.titleList}>
            {data.data.map((hit) => {
              const details = [hit.autor, hit.ano_publicacao].filter((part) => part !== null && part !== '');
              return (
                <li key={hit.cod_acervo}>
                  <Link to={paths.title.getHref(hit.cod_acervo)} className={classes.link}>
                    {hit.titulo}
                  </Link>
                  {details.length > 0 && (
                    <Text span size="sm" c="dimmed">
                      {' · '}
                      {details.join(' · ')}
                    </Text>
                  )}
                </li>
              );
            })}
          </ul>
          {data.total > INDEX_PAGE_SIZE && (
            <Group gap="xs" mt="xs" align="center">
              <Text size="sm" aria-live="polite">
                {t('search.indexed.range', { from, to: from + data.data.length - 1, total: data.total })}
              </Text>
              <PageButton isAvailable={page > 1} onClick={() => setPage((current) => current - 1)}>
                {t('search.indexed.previous')}
              </PageButton>
              <PageButton
                isAvailable={from + data.data.length - 1 < data.total}
                onClick={() => setPage((current) => current + 1)}
              >
                {t('search.indexed.next')}
              </PageButton>
            </Group>
          )}
        </>
      )}
    </section>
  );
}
