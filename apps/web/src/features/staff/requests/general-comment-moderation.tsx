import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { GeneralCommentDecision, PendingGeneralComment } from '@estante/contract';
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
import { useDecideGeneralComment, usePendingGeneralComments } from './api';

/** The longest refusal reason (as for title comments). */
const REASON_MAX = 2000;

/**
 * The general comments (the footer's comment to a library; decision 0061) awaiting approval, in the
 * moderation screen under the title comments: approve, or refuse with a reason its author reads.
 * Nothing of them is shown publicly; the author is told of the decision. Plain text, never HTML.
 */
export function GeneralCommentModeration() {
  const { t } = useTranslation();
  const queue = usePendingGeneralComments();
  const [done, setDone] = useState<GeneralCommentDecision | null>(null);

  return (
    <Stack gap="md" component="section" aria-labelledby="general-comments-heading">
      <Title order={2} id="general-comments-heading">
        {t('staff.generalComments.heading')}
      </Title>
      <Text>{t('staff.generalComments.intro')}</Text>
      {done && (
        <Notice tone="success">
          {done.situacao === 'aprovado'
            ? t('staff.generalComments.approved', { library: done.biblioteca.desc_biblioteca })
            : t('staff.generalComments.refused', { library: done.biblioteca.desc_biblioteca })}
        </Notice>
      )}
      {queue.isPending ? (
        <LoadingBlock />
      ) : queue.isError ? (
        <ErrorBlock message={t('staff.generalComments.loadError')} onRetry={() => void queue.refetch()} />
      ) : queue.data.data.length === 0 ? (
        <Text>{t('staff.generalComments.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('staff.generalComments.count', { count: queue.data.total })}
          </Text>
          <Stack
            component="ul"
            gap="md"
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('staff.generalComments.listLabel')}
          >
            {queue.data.data.map((comment) => (
              <li key={comment.codigo}>
                <PendingGeneralCommentCard comment={comment} onDecided={setDone} />
              </li>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function PendingGeneralCommentCard({
  comment,
  onDecided,
}: {
  comment: PendingGeneralComment;
  onDecided: (decision: GeneralCommentDecision) => void;
}) {
  const { t, i18n } = useTranslation();
  const decide = useDecideGeneralComment();
  const [refusing, setRefusing] = useState(false);
  const [approvalRefusal, setApprovalRefusal] = useState<string | null>(null);
  const headingId = `general-comment-${comment.codigo}`;
  const library = comment.biblioteca.desc_biblioteca;
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
        <Title order={3} size="h4" id={headingId}>
          {t('staff.generalComments.to', { library })}
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
          <form {...form.formProps} aria-label={t('staff.generalComments.refuseFormLabel', { library })}>
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
              aria-label={t('staff.generalComments.approveOf', { library, name: comment.autor })}
            >
              {t('staff.comments.approve')}
            </Button>
            <Button
              variant="outline"
              color="red"
              onClick={() => setRefusing(true)}
              aria-label={t('staff.generalComments.refuseOf', { library, name: comment.autor })}
            >
              {t('staff.comments.refuse')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
