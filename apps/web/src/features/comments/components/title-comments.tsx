import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/i18n';
import { useOwnTitleComments } from '../api/get-own-comments';
import { ApprovedComments } from './approved-comments';
import { CommentState } from './comment-state';
import { CommentText } from './comment-text';
import classes from './comments.module.css';

// Issue 18, a light first load: the form (with the form kit) only for a signed-in patron, loaded
// when first drawn; a box of about its height holds its place meanwhile, below the comments.
const CommentForm = lazy(async () => ({ default: (await import('./comment-form')).CommentForm }));

interface TitleCommentsProps {
  titleId: number;
  isSignedIn: boolean;
  /** Opens the sign-in (the modal), staying on the record. */
  onSignIn: () => void;
}

/**
 * The record page's comments (SPEC §4, §5, §6; decision 0042): the approved ones, paged, for
 * everyone; a signed-in patron writes one and sees their own awaiting approval; a visitor is asked
 * to sign in to write one.
 */
export function TitleComments({ titleId, isSignedIn, onSignIn }: TitleCommentsProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="title-comments-heading" className={classes.section}>
      <Title order={2} fz="h3" mb="sm" id="title-comments-heading">
        {t('comments.section.heading')}
      </Title>
      <Stack gap="lg">
        <ApprovedComments titleId={titleId} labelledBy="title-comments-heading" />
        {isSignedIn ? (
          <>
            <Suspense fallback={<div aria-busy="true" style={{ minHeight: 200 }} />}>
              <CommentForm titleId={titleId} />
            </Suspense>
            <WaitingComments titleId={titleId} />
          </>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text>{t('comments.section.signInPrompt')}</Text>
            <Button variant="light" onClick={onSignIn}>
              {t('comments.section.signIn')}
            </Button>
          </Stack>
        )}
      </Stack>
    </section>
  );
}

/** The patron's own comments on this title still awaiting approval: what they sent is not lost. */
function WaitingComments({ titleId }: { titleId: number }) {
  const { t, i18n } = useTranslation();
  const query = useOwnTitleComments(titleId, true);
  const waiting = (query.data ?? []).filter((comment) => comment.situacao === 'pendente');
  if (waiting.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h4" id="waiting-comments-heading">
        {t('comments.form.waitingHeading')}
      </Title>
      <ol className={classes.list} aria-labelledby="waiting-comments-heading">
        {waiting.map((comment) => (
          <li key={comment.codigo} className={classes.item}>
            <Stack gap={4} align="flex-start">
              <CommentState state={comment.situacao} />
              <Text size="sm" c="dimmed">
                {t('comments.mine.sentOn', {
                  date: formatDate(comment.data_envio, i18n.resolvedLanguage ?? i18n.language),
                })}
              </Text>
              <CommentText text={comment.texto} />
            </Stack>
          </li>
        ))}
      </ol>
    </Stack>
  );
}
