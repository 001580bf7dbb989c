import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Text } from '@mantine/core';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';
import { useTitleComments } from '../api/get-title-comments';
import { CommentText } from './comment-text';
import classes from './comments.module.css';

/**
 * A title's approved comments (SPEC §4: nothing unapproved shows), newest first, a page at a time,
 * each with its author's first name and the day it was sent.
 */
export function ApprovedComments({ titleId, labelledBy }: { titleId: number; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useTitleComments(titleId, page);
  const listRef = useRef<HTMLOListElement>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;

  if (query.isPending) return <LoadingBlock />;
  if (query.isError) {
    return <ErrorBlock message={t('comments.section.error')} onRetry={() => void query.refetch()} />;
  }
  const { data, total, quantPag } = query.data;
  if (total === 0) return <Text>{t('comments.section.empty')}</Text>;
  const pages = Math.max(1, Math.ceil(total / quantPag));
  const goTo = (next: number) => {
    setPage(next);
    // The button pressed may vanish on the first or last page: the list takes the focus.
    listRef.current?.focus();
  };
  return (
    <Stack gap="sm">
      <ol className={classes.list} aria-labelledby={labelledBy} ref={listRef} tabIndex={-1}>
        {data.map((comment) => (
          <li key={comment.codigo} className={classes.item}>
            <Text size="sm" fw={600}>
              {t('comments.section.byline', {
                author: comment.autor,
                date: formatDate(comment.data_envio, language),
              })}
            </Text>
            <CommentText text={comment.texto} />
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label={t('comments.section.pagination')}>
          <Group gap="sm">
            {page > 1 && (
              <Button variant="default" size="xs" onClick={() => goTo(page - 1)}>
                {t('comments.section.newer')}
              </Button>
            )}
            <Text size="sm" aria-live="polite">
              {t('comments.section.pageStatus', { page, pages })}
            </Text>
            {page < pages && (
              <Button variant="default" size="xs" onClick={() => goTo(page + 1)}>
                {t('comments.section.older')}
              </Button>
            )}
          </Group>
        </nav>
      )}
    </Stack>
  );
}
