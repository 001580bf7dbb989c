import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { OwnTitleComment } from '@estante/contract';
import { paths } from '../../../config/paths';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { handleApiError } from '../../../lib/error-handler';
import { formatDate } from '../../../lib/i18n';
import { useOwnComments } from '../api/get-own-comments';
import { COMMENTS_QUERY_KEY } from '../api/get-title-comments';
import { deleteOwnComment } from '../api/delete-own-comment';
import { CommentState } from './comment-state';
import { CommentText } from './comment-text';
import classes from './comments.module.css';

/**
 * The personal area's "My comments" (SPEC §7 /comentarios/usuario/…, decision 0042): each of the
 * patron's comments with its title (linked to the record), text, date and state — awaiting approval,
 * approved, or refused with the librarian's reason — and a delete button that asks first.
 */
export function OwnCommentsScreen() {
  const { t } = useTranslation();
  const query = useOwnComments();
  const listRef = useRef<HTMLOListElement>(null);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError)
    return <ErrorBlock message={t('comments.mine.error')} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <Text>{t('comments.mine.empty')}</Text>;
  return (
    <Stack gap="sm">
      <Text>{t('comments.mine.intro')}</Text>
      <ol className={classes.list} aria-label={t('comments.mine.listLabel')} ref={listRef} tabIndex={-1}>
        {query.data.map((comment) => (
          <OwnComment key={comment.codigo} comment={comment} onDeleted={() => listRef.current?.focus()} />
        ))}
      </ol>
    </Stack>
  );
}

function OwnComment({ comment, onDeleted }: { comment: OwnTitleComment; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [isDeleting, setDeleting] = useState(false);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('comments.mine.confirmTitle'),
      content: <Text>{t('comments.mine.confirmText', { title: comment.titulo })}</Text>,
      confirmLabel: t('comments.mine.confirm'),
      cancelLabel: t('comments.mine.keep'),
    });
    if (!isConfirmed) return;
    setDeleting(true);
    try {
      await deleteOwnComment(comment.codigo);
      notifications.show({ color: 'green', message: t('comments.mine.deleted') });
      // The list loses this item: the focus goes to the list rather than to the page's start.
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: COMMENTS_QUERY_KEY });
    } catch (error) {
      handleApiError(error);
      setDeleting(false);
    }
  };

  return (
    <li className={classes.item}>
      <Stack gap={4}>
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Anchor component={Link} to={paths.title.getHref(comment.cod_acervo)} fw={600}>
            {comment.titulo}
          </Anchor>
          <CommentState state={comment.situacao} />
        </Group>
        <Group gap="md">
          <Text size="sm" c="dimmed">
            {t('comments.mine.sentOn', { date: formatDate(comment.data_envio, language) })}
          </Text>
          {comment.data_avaliacao && (
            <Text size="sm" c="dimmed">
              {t('comments.mine.decidedOn', { date: formatDate(comment.data_avaliacao, language) })}
            </Text>
          )}
        </Group>
        <CommentText text={comment.texto} />
        {comment.situacao === 'recusado' && comment.motivo_recusa && (
          <Text size="sm">{t('comments.mine.reason', { reason: comment.motivo_recusa })}</Text>
        )}
        <Group>
          <Button
            variant="default"
            size="xs"
            color="red"
            loading={isDeleting}
            onClick={() => void remove()}
            aria-label={t('comments.mine.deleteLabel', { title: comment.titulo })}
          >
            {t('comments.mine.delete')}
          </Button>
        </Group>
      </Stack>
    </li>
  );
}
