import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CommentDecision, PendingTitleComment } from '@estante/contract';
import { paths } from '../../../config/paths';
import {
  FormRefusal,
  RequiredLegend,
  SubmitButton,
  TextAreaField,
  refusalOf,
  rules,
  useForm,
} from '../../../components/form';
import { Notice } from '../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/i18n';
import { useDecideComment, usePendingComments } from '../api/moderate-comments';
import { GeneralCommentModeration } from '../requests/general-comment-moderation';

/** The longest refusal reason (the comments' own maximum). */
const REASON_MAX = 2000;

/**
 * Comment moderation (decision 0055): the title comments awaiting approval, oldest first, each
 * with its title, author and text; approve it, or refuse it with a reason its author will read.
 * The text is shown as plain text, never as HTML.
 */
export function CommentModeration() {
  const { t } = useTranslation();
  const queue = usePendingComments();
  const [done, setDone] = useState<CommentDecision | null>(null);

  return (
    <Stack gap="md">
      <Text>{t('staff.comments.intro')}</Text>
      {done && (
        <Notice tone="success">
          {done.situacao === 'aprovado'
            ? t('staff.comments.approved', { title: done.titulo })
            : t('staff.comments.refused', { title: done.titulo })}
        </Notice>
      )}
      {queue.isPending ? (
        <LoadingBlock />
      ) : queue.isError ? (
        <ErrorBlock message={t('staff.comments.loadError')} onRetry={() => void queue.refetch()} />
      ) : queue.data.data.length === 0 ? (
        <Text>{t('staff.comments.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('staff.comments.count', { count: queue.data.total })}
          </Text>
          <Stack
            component="ul"
            gap="md"
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('staff.comments.listLabel')}
          >
            {queue.data.data.map((comment) => (
              <li key={comment.codigo}>
                <PendingComment comment={comment} onDecided={setDone} />
              </li>
            ))}
          </Stack>
        </>
      )}
      <GeneralCommentModeration />
    </Stack>
  );
}

function PendingComment({
  comment,
  onDecided,
}: {
  comment: PendingTitleComment;
  onDecided: (decision: CommentDecision) => void;
}) {
  const { t, i18n } = useTranslation();
  const decide = useDecideComment();
  const [refusing, setRefusing] = useState(false);
  const [approvalRefusal, setApprovalRefusal] = useState<string | null>(null);
  const headingId = `pending-comment-${comment.codigo}`;
  const form = useForm({
    initial: { reason: '' },
    validate: ({ reason }) => {
      const label = t('staff.comments.reason');
      const message = rules.required(reason, label, t) ?? rules.maxLength(reason, REASON_MAX, label, t);
      return message ? { reason: message } : {};
    },
    onSubmit: async ({ reason }) => {
      onDecided(await decide.mutateAsync({ id: comment.codigo, reason: reason.trim() }));
    },
  });
  const approve = async () => {
    setApprovalRefusal(null);
    try {
      onDecided(await decide.mutateAsync({ id: comment.codigo, reason: null }));
    } catch (error) {
      setApprovalRefusal(refusalOf(error, t));
    }
  };

  return (
    <Card withBorder component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          <Anchor component={Link} to={paths.title.getHref(comment.cod_acervo)}>
            {comment.titulo}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed">
          {t('staff.comments.byline', {
            name: comment.autor,
            login: comment.login,
            date: formatDate(comment.data_envio, i18n.language),
          })}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{comment.texto}</Text>
        <FormRefusal message={approvalRefusal} />
        {refusing ? (
          <form
            {...form.formProps}
            aria-label={t('staff.comments.refuseFormLabel', { title: comment.titulo })}
          >
            <Stack gap="sm">
              <RequiredLegend />
              <TextAreaField
                label={t('staff.comments.reason')}
                description={t('staff.comments.reasonHelp')}
                required
                maxLength={REASON_MAX}
                {...form.field('reason')}
              />
              <FormRefusal message={form.refusal} />
              <Group gap="sm">
                <SubmitButton sending={form.sending}>{t('staff.comments.confirmRefuse')}</SubmitButton>
                <Button variant="subtle" onClick={() => setRefusing(false)}>
                  {t('staff.comments.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group gap="sm">
            <Button
              onClick={() => void approve()}
              loading={decide.isPending}
              aria-label={t('staff.comments.approveOf', { title: comment.titulo, name: comment.autor })}
            >
              {t('staff.comments.approve')}
            </Button>
            <Button
              variant="outline"
              color="red"
              onClick={() => setRefusing(true)}
              aria-label={t('staff.comments.refuseOf', { title: comment.titulo, name: comment.autor })}
            >
              {t('staff.comments.refuse')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
