import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiErrorStatus } from '../../../lib/api-client';
import { handleApiError } from '../../../lib/error-handler';
import { translateKey } from '../../../lib/i18n';

/**
 * Sending a comment or a suggestion (SPEC §8): success shows a toast and closes the pop-up; a 422
 * is a refusal the form explains in place, keeping what was typed; anything else goes to the
 * central error handler.
 */
export function useFeedbackSending(onClose: () => void) {
  const { t } = useTranslation();
  const [isSending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = async (call: () => Promise<unknown>, sentMessage: string) => {
    setSending(true);
    setRefusal(null);
    try {
      await call();
      notifications.show({ color: 'green', message: sentMessage });
      onClose();
    } catch (error) {
      if (isApiErrorStatus(error, 422)) setRefusal(translateKey(t, error.message));
      else handleApiError(error);
    } finally {
      setSending(false);
    }
  };
  return { isSending, refusal, setRefusal, send };
}

/** The end of a feedback form: the refusal (announced), Cancel, and Send with its spinner. */
export function FeedbackFormFooter({
  refusal,
  isSending,
  canSend,
  onCancel,
}: {
  refusal: string | null;
  isSending: boolean;
  canSend: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div aria-live="polite">
        {refusal && (
          <Alert color="yellow" variant="light">
            {refusal}
          </Alert>
        )}
      </div>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
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
    </>
  );
}
