import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Stack, Text } from '@mantine/core';
import { PAPER_POSTING_TOKEN, type PaperPostingRedirect } from '@estante/contract';
import { FormRefusal, SubmitButton, useForm } from '../../../components/form';
import { postPaperPosting } from '../api/post-paper-posting';

/**
 * Personal area "paper posting" (SPEC §2 menu, §7 POST /pessoas/postagem-trabalho/redirect;
 * decision 0053): one button takes the patron to the institution's repository to deposit a thesis
 * or an assignment. The token naming them is posted there as a form field (never in the address);
 * when the institution has not set the repository up, its refusal shows in place.
 */
export function PaperPostingScreen() {
  const { t } = useTranslation();
  const handOff = useRef<HTMLFormElement>(null);
  const [target, setTarget] = useState<PaperPostingRedirect | null>(null);
  const form = useForm<Record<string, never>>({
    initial: {},
    onSubmit: async () => {
      const answer = await postPaperPosting();
      setTarget(answer);
      // The hand-off form is drawn with the answer; post it on the next frame.
      requestAnimationFrame(() => handOff.current?.submit());
    },
  });
  return (
    <Stack gap="md">
      <Text>{t('paperPosting.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('paperPosting.tokenNote', { minutes: PAPER_POSTING_TOKEN.ttlSeconds / 60 })}
      </Text>
      <form aria-label={t('paperPosting.form')} {...form.formProps}>
        <Stack gap="sm" align="flex-start">
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('paperPosting.go')}</SubmitButton>
        </Stack>
      </form>
      {target && (
        <form ref={handOff} method="post" action={target.endereco} aria-hidden="true" hidden>
          <input type="hidden" name={PAPER_POSTING_TOKEN.field} value={target.token} />
        </form>
      )}
    </Stack>
  );
}
