import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Stack, Title } from '@mantine/core';
import { COMMENT_MAX_LENGTH } from '@estante/contract';
import {
  FormRefusal,
  SubmitButton,
  TextAreaField,
  firstErrors,
  rules,
  useForm,
} from '../../../components/form';
import { COMMENTS_QUERY_KEY } from '../api/get-title-comments';
import { sendTitleComment } from '../api/send-title-comment';

/**
 * A signed-in patron's comment on a title (SPEC §5, §8; decision 0042): plain text, sent trimmed;
 * send is enabled only with text; a 422 (the limit of comments awaiting approval) shows in the form,
 * which keeps the text; success is a toast saying the comment awaits approval, and the form empties.
 */
export function CommentForm({ titleId }: { titleId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const label = t('comments.form.content');
  const form = useForm({
    initial: { content: '' },
    validate: (values) =>
      firstErrors({
        content: [
          rules.required(values.content, label, t),
          rules.maxLength(values.content.trim(), COMMENT_MAX_LENGTH, label, t),
        ],
      }),
    onSubmit: async (values) => {
      await sendTitleComment(titleId, { content: values.content.trim() });
      notifications.show({ color: 'green', message: t('comments.form.sent') });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: COMMENTS_QUERY_KEY });
    },
  });
  return (
    <form {...form.formProps} aria-labelledby="comment-form-heading">
      <Stack gap="sm">
        <Title order={3} fz="h4" id="comment-form-heading">
          {t('comments.form.heading')}
        </Title>
        <TextAreaField
          label={label}
          description={t('comments.form.hint', { max: COMMENT_MAX_LENGTH })}
          maxLength={COMMENT_MAX_LENGTH}
          rows={4}
          {...form.field('content')}
        />
        <FormRefusal message={form.refusal} />
        <SubmitButton sending={form.sending} disabled={form.values.content.length === 0}>
          {t('comments.form.send')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
