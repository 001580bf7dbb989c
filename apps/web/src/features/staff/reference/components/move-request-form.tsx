import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Text } from '@mantine/core';
import {
  REQUEST_TRANSITIONS,
  STAFF_ANSWER_FILE_MAX_BYTES,
  STAFF_ANSWER_MAX,
  REFERENCE_REQUEST_RULE_KEYS,
  type StaffRequest,
  type StaffRequestMove,
} from '@estante/contract';
import {
  FormRefusal,
  RequiredLegend,
  SelectField,
  SubmitButton,
  TextAreaField,
  rules,
  useForm,
} from '../../../../components/form';
import { useMoveStaffRequest } from '../api/move-staff-request';
import { useRequestWords } from './request-words';

/** A file's bytes as base64 (the API takes the answer's file so, as its other files). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In chunks: String.fromCharCode takes a bounded number of arguments.
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/**
 * Moving a request along its transitions (REQUEST_TRANSITIONS; decision 0060), with a note for its
 * history and the answer its patron reads (a text and/or a file). A catalogue sheet is answered by
 * issuing its final sheet, so "answered" is not offered for one. Not answered needs a reason.
 */
export function MoveRequestForm({
  request,
  subject,
  onCancel,
  onMoved,
}: {
  request: StaffRequest;
  subject: string;
  onCancel: () => void;
  onMoved: (moved: StaffRequest) => void;
}) {
  const { t } = useTranslation();
  const words = useRequestWords();
  const move = useMoveStaffRequest();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const targets = REQUEST_TRANSITIONS[request.situacao].filter(
    (status) => !(request.tipo === 'ficha-catalografica' && status === 'atendida'),
  );
  const form = useForm({
    initial: { status: '', note: '', answer: '' },
    validate: ({ status, note, answer }) => {
      const errors: Partial<Record<'status' | 'note' | 'answer', string>> = {};
      const statusMessage = rules.required(status, t('staff.reference.newStatus'), t);
      if (statusMessage) errors.status = statusMessage;
      // The server says the same: a request not answered needs its reason.
      if (status === 'nao_atendida' && !note.trim() && !answer.trim())
        errors.answer = t(REFERENCE_REQUEST_RULE_KEYS.reasonRequired);
      const noteTooLong = rules.maxLength(note, STAFF_ANSWER_MAX, t('staff.reference.note'), t);
      if (noteTooLong) errors.note = noteTooLong;
      const answerTooLong = rules.maxLength(answer, STAFF_ANSWER_MAX, t('staff.reference.answer'), t);
      if (answerTooLong) errors.answer = answerTooLong;
      return errors;
    },
    onSubmit: async ({ status, note, answer }) => {
      if (file && file.size > STAFF_ANSWER_FILE_MAX_BYTES) {
        setFileError(t('staff.reference.fileTooLarge', { size: STAFF_ANSWER_FILE_MAX_BYTES / 1024 / 1024 }));
        return;
      }
      const body: StaffRequestMove = {
        situacao: status as StaffRequestMove['situacao'],
        ...(note.trim() ? { observacao: note.trim() } : {}),
        ...(answer.trim() ? { resposta: answer.trim() } : {}),
        ...(file
          ? {
              arquivo: {
                nome: file.name,
                tipo: file.type || 'application/octet-stream',
                conteudo: await base64Of(file),
              },
            }
          : {}),
      };
      onMoved(await move.mutateAsync({ id: request.codigo, move: body }));
    },
  });

  return (
    <form {...form.formProps} aria-label={t('staff.reference.moveFormLabel', { title: subject })}>
      <Stack gap="sm">
        <RequiredLegend />
        <SelectField
          label={t('staff.reference.newStatus')}
          required
          choose
          options={targets.map((status) => ({ value: status, label: words.status(status) }))}
          {...form.field('status')}
        />
        <TextAreaField
          label={t('staff.reference.answer')}
          description={t('staff.reference.answerHelp')}
          maxLength={STAFF_ANSWER_MAX}
          {...form.field('answer')}
        />
        <Stack gap={4}>
          <Text component="label" htmlFor={fileId} size="sm" fw={500}>
            {t('staff.reference.file')}
          </Text>
          <input
            id={fileId}
            type="file"
            aria-describedby={`${fileId}-help`}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setFileError(null);
            }}
          />
          <Text id={`${fileId}-help`} size="xs" c="dimmed">
            {t('staff.reference.fileHelp', { size: STAFF_ANSWER_FILE_MAX_BYTES / 1024 / 1024 })}
          </Text>
          {fileError && (
            <Text size="sm" c="red.8" role="alert">
              {fileError}
            </Text>
          )}
        </Stack>
        <TextAreaField
          label={t('staff.reference.note')}
          description={t('staff.reference.noteHelp')}
          maxLength={STAFF_ANSWER_MAX}
          {...form.field('note')}
        />
        <FormRefusal message={form.refusal} />
        <Group gap="sm">
          <SubmitButton sending={form.sending}>{t('staff.reference.confirmMove')}</SubmitButton>
          <Button variant="subtle" onClick={onCancel}>
            {t('staff.reference.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
