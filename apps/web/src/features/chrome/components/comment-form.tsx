import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { COMMENT_MAX_LENGTH } from '@estante/contract';
import { isApiErrorStatus } from '../../../lib/api-client';
import { handleApiError } from '../../../lib/error-handler';
import { translateKey } from '../../../lib/i18n';
import { useCampuses, useLibraries } from '../api/get-campuses';
import { sendComment } from '../api/send-comment';
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
  const [isSending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const canSend = content.length > 0 && library !== NONE && !isSending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = { content: content.trim(), b: library };
    // SPEC §5: silently rejected when no library is chosen (-1) or the trimmed text is empty.
    if (payload.b === NONE || payload.content === '' || isSending) return;
    setSending(true);
    setRefusal(null);
    try {
      await sendComment(payload);
      notifications.show({ color: 'green', message: t('feedback.comment.sent') });
      onClose();
    } catch (error) {
      // SPEC §8: a 422 (the comment limit) is shown in the form; anything else goes to the central handler.
      if (isApiErrorStatus(error, 422)) setRefusal(translateKey(t, error.message));
      else handleApiError(error);
    } finally {
      setSending(false);
    }
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
        <div aria-live="polite">
          {refusal && (
            <Alert color="yellow" variant="light">
              {refusal}
            </Alert>
          )}
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('feedback.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!canSend}
            leftSection={isSending ? <Loader size="xs" aria-hidden /> : null}
          >
            {isSending ? t('feedback.sending') : t('feedback.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
