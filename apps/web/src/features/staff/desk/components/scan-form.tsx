import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Stack, TextInput } from '@mantine/core';
import { FormRefusal, SubmitButton, rules, useForm } from '../../../../components/form';

/**
 * One field and Enter, the way a barcode scanner types (decision 0058): the number is sent, the
 * field is emptied for the next one and keeps the focus. A refusal shows beside the field with what
 * was typed selected, so the next scan replaces it.
 */
export function ScanForm({
  label,
  description,
  submitLabel,
  onScan,
  focusOnMount = false,
  inputRef: givenRef,
}: {
  label: string;
  description?: string;
  submitLabel: string;
  /** Sends the trimmed value; a throw is the refusal shown in place. */
  onScan: (value: string) => Promise<void>;
  focusOnMount?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLInputElement>(null);
  const inputRef = givenRef ?? ownRef;
  const form = useForm<{ code: string }>({
    initial: { code: '' },
    validate: (values) => {
      const code = rules.required(values.code, label, t);
      return code ? { code } : {};
    },
    onSubmit: async (values) => {
      await onScan(values.code.trim());
      form.reset({ code: '' });
      inputRef.current?.focus();
    },
  });
  const field = form.field('code');

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount, inputRef]);
  useEffect(() => {
    if (form.refusal) inputRef.current?.select();
  }, [form.refusal, inputRef]);

  return (
    <form {...form.formProps} aria-label={label}>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            ref={inputRef}
            label={label}
            description={description}
            withAsterisk
            aria-required
            autoComplete="off"
            spellCheck={false}
            maxLength={120}
            value={field.value}
            error={field.error}
            errorProps={{ role: 'alert' }}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
          />
          <SubmitButton sending={form.sending}>{submitLabel}</SubmitButton>
        </Group>
        <FormRefusal message={form.refusal} />
      </Stack>
    </form>
  );
}
