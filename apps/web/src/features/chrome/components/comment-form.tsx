import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { COMMENT_MAX_LENGTH } from '@estante/contract';
import { useCampuses, useLibraries } from '../api/get-campuses';
import { sendComment } from '../api/send-comment';
import { FeedbackFormFooter, useFeedbackSending } from './feedback-sending';
import { LibraryChoice, NONE } from './library-choice';

/**
 * The general comment (SPEC "Page chrome", §5, §8): choose campus and library, write, send. Send is
 * enabled only with text and a library; a blank text or library -1 is silently not sent; a 422 shows
 * the refusal (comment limit exceeded) in the form; success shows a toast and closes the pop-up.
 */
export function CommentForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const campuses = useCampuses();
  const [campus, setCampus] = useState(NONE);
  const [library, setLibrary] = useState(NONE);
  const libraries = useLibraries(campus === NONE ? null : campus);
  const [content, setContent] = useState('');
  const { isSending, refusal, send } = useFeedbackSending(onClose);
  const canSend = content.length > 0 && library !== NONE && !isSending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = { content: content.trim(), b: library };
    // SPEC §5: silently rejected when no library is chosen (-1) or the trimmed text is empty.
    if (payload.b === NONE || payload.content === '' || isSending) return;
    // SPEC §8: a 422 (the comment limit) is shown in the form.
    await send(() => sendComment(payload), t('feedback.comment.sent'));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('feedback.comment.intro')}</Text>
        <Text size="sm">{t('feedback.requiredLegend')}</Text>
        {campuses.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('feedback.optionsError')}
          </Alert>
        )}
        <LibraryChoice
          campuses={campuses.data ?? []}
          libraries={campus === NONE ? [] : (libraries.data ?? [])}
          campus={campus}
          library={library}
          onCampusChange={(value) => {
            setCampus(value);
            setLibrary(NONE);
          }}
          onLibraryChange={setLibrary}
          withPlaceholder
        />
        <Textarea
          label={t('feedback.comment.content')}
          withAsterisk
          aria-required

          rows={4}
          maxLength={COMMENT_MAX_LENGTH}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
        />
        <FeedbackFormFooter refusal={refusal} isSending={isSending} canSend={canSend} onCancel={onClose} />
      </Stack>
    </form>
  );
}
