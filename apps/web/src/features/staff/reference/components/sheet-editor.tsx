import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StaffCatalogueSheet } from '@estante/contract';
import { FormRefusal, TextAreaField, TextField, rules, useForm } from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { useChangeStaffCatalogueSheet, useStaffCatalogueSheet } from '../api/staff-catalogue-sheet';

/** Lengths the API takes (StaffCatalogueSheetChangeSchema). */
const CLASSIFICATION_MAX = 60;
const CUTTER_MAX = 20;

/**
 * The catalogue sheet at the reference desk (decisions 0049, 0060): the card as it is now, and the
 * library's data — classification, Cutter number, subjects (one a line; they replace the patron's
 * keywords) — saved on the draft, or saved and issued as the final sheet the patron downloads.
 */
export function SheetEditor({
  id,
  subject,
  onClose,
  onIssued,
}: {
  id: number;
  subject: string;
  onClose: () => void;
  onIssued: () => void;
}) {
  const { t } = useTranslation();
  const sheet = useStaffCatalogueSheet(id);
  if (sheet.isPending) return <LoadingBlock />;
  if (sheet.isError)
    return <ErrorBlock message={t('staff.reference.sheet.loadError')} onRetry={() => void sheet.refetch()} />;
  return <SheetForm sheet={sheet.data} subject={subject} onClose={onClose} onIssued={onIssued} />;
}

function SheetForm({
  sheet,
  subject,
  onClose,
  onIssued,
}: {
  sheet: StaffCatalogueSheet;
  subject: string;
  onClose: () => void;
  onIssued: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeStaffCatalogueSheet();
  // Which button sent the form: issuing needs the classification and the Cutter, saving does not.
  const intent = useRef<'save' | 'issue'>('save');
  // The same, for showing which button is busy.
  const [pressed, setPressed] = useState<'save' | 'issue'>('save');
  const previewId = `sheet-preview-${sheet.codigo}`;
  const form = useForm({
    initial: {
      classification: sheet.classificacao ?? '',
      cutter: sheet.cutter ?? '',
      subjects: sheet.assuntos.join('\n'),
    },
    validate: ({ classification, cutter }) => {
      const errors: Partial<Record<'classification' | 'cutter', string>> = {};
      const classificationLabel = t('staff.reference.sheet.classification');
      const cutterLabel = t('staff.reference.sheet.cutter');
      const classificationMessage =
        (intent.current === 'issue' ? rules.required(classification, classificationLabel, t) : undefined) ??
        rules.maxLength(classification, CLASSIFICATION_MAX, classificationLabel, t);
      if (classificationMessage) errors.classification = classificationMessage;
      const cutterMessage =
        (intent.current === 'issue' ? rules.required(cutter, cutterLabel, t) : undefined) ??
        rules.maxLength(cutter, CUTTER_MAX, cutterLabel, t);
      if (cutterMessage) errors.cutter = cutterMessage;
      return errors;
    },
    onSubmit: async ({ classification, cutter, subjects }) => {
      const issue = intent.current === 'issue';
      await change.mutateAsync({
        id: sheet.codigo,
        issue,
        change: {
          classificacao: classification.trim(),
          cutter: cutter.trim(),
          assuntos: subjects
            .split(/\n|;/)
            .map((line) => line.trim())
            .filter(Boolean),
        },
      });
      if (issue) onIssued();
    },
  });
  const saved = change.isSuccess && !change.variables.issue;

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" component="section" aria-labelledby={previewId}>
        <Title order={3} fz="h5" id={previewId}>
          {t('staff.reference.sheet.preview')}
        </Title>
        {sheet.ficha.map((line, index) => (
          <Text key={index} size="sm" ff="serif">
            {line}
          </Text>
        ))}
      </Paper>
      <form {...form.formProps} aria-label={t('staff.reference.sheet.formLabel', { title: subject })}>
        <Stack gap="sm">
          <TextField
            label={t('staff.reference.sheet.classification')}
            description={t('staff.reference.sheet.classificationHelp')}
            maxLength={CLASSIFICATION_MAX}
            {...form.field('classification')}
          />
          <TextField
            label={t('staff.reference.sheet.cutter')}
            description={t('staff.reference.sheet.cutterHelp')}
            maxLength={CUTTER_MAX}
            {...form.field('cutter')}
          />
          <TextAreaField
            label={t('staff.reference.sheet.subjects')}
            description={t('staff.reference.sheet.subjectsHelp')}
            rows={3}
            {...form.field('subjects')}
          />
          {saved && <Notice tone="success">{t('staff.reference.sheet.saved')}</Notice>}
          <FormRefusal message={form.refusal} />
          <Group gap="sm">
            <Button
              type="submit"
              variant="outline"
              loading={form.sending && pressed === 'save'}
              onClick={() => {
                intent.current = 'save';
                setPressed('save');
              }}
            >
              {t('staff.reference.sheet.save')}
            </Button>
            <Button
              type="submit"
              loading={form.sending && pressed === 'issue'}
              onClick={() => {
                intent.current = 'issue';
                setPressed('issue');
              }}
            >
              {t('staff.reference.sheet.issue')}
            </Button>
            <Button variant="subtle" onClick={onClose}>
              {t('staff.reference.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
