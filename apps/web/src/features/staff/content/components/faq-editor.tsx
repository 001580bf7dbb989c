import { useTranslation } from 'react-i18next';
import { Box, Fieldset, Stack, Text, Title } from '@mantine/core';
import {
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  type EditableFaqEntry,
  type FaqEntryRequest,
} from '@estante/contract';
import { TextAreaField, TextField, rules, type FieldErrors } from '../../../../components/form';
import { InstitutionHtml } from '../../../../components/ui/institution-html';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { useEditableFaq, useRemoveFaqEntry, useSaveFaqEntry } from '../api/faq';
import { ContentListEditor, type EntryForm } from './content-list-editor';

interface FaqValues {
  position: string;
  ptQuestion: string;
  ptAnswer: string;
  enQuestion: string;
  enAnswer: string;
  esQuestion: string;
  esAnswer: string;
}

const EMPTY: FaqValues = {
  position: '',
  ptQuestion: '',
  ptAnswer: '',
  enQuestion: '',
  enAnswer: '',
  esQuestion: '',
  esAnswer: '',
};

const TRANSLATIONS = [
  { language: 'en', question: 'enQuestion', answer: 'enAnswer', legend: 'staff.content.faq.english' },
  { language: 'es', question: 'esQuestion', answer: 'esAnswer', legend: 'staff.content.faq.spanish' },
] as const;

function valuesOf(entry: EditableFaqEntry): FaqValues {
  return {
    position: String(entry.posicao),
    ptQuestion: entry.pt.pergunta,
    ptAnswer: entry.pt.resposta,
    enQuestion: entry.en?.pergunta ?? '',
    enAnswer: entry.en?.resposta ?? '',
    esQuestion: entry.es?.pergunta ?? '',
    esAnswer: entry.es?.resposta ?? '',
  };
}

function requestOf(values: FaqValues): FaqEntryRequest {
  const text = (question: string, answer: string) =>
    question.trim() || answer.trim() ? { pergunta: question.trim(), resposta: answer.trim() } : null;
  return {
    ...(values.position.trim() ? { posicao: Number(values.position) } : {}),
    pt: text(values.ptQuestion, values.ptAnswer)!,
    en: text(values.enQuestion, values.enAnswer),
    es: text(values.esQuestion, values.esAnswer),
  };
}

/**
 * The FAQ editor (decision 0063): the questions in their order with their answers shown as the
 * public page shows them (sanitised HTML); add, rewrite, move and remove. Portuguese is required;
 * English and Spanish are translations, each given whole or left empty (the public page then shows
 * Portuguese).
 */
export function FaqEditor() {
  const { t } = useTranslation();
  const faq = useEditableFaq();
  const save = useSaveFaqEntry();
  const remove = useRemoveFaqEntry();

  const validate = (values: FaqValues): FieldErrors<FaqValues> => {
    const errors: FieldErrors<FaqValues> = {};
    const check = (name: keyof FaqValues, label: string, max: number, required: boolean) => {
      const value = values[name];
      const message =
        (required ? rules.required(value, label, t) : undefined) ?? rules.maxLength(value, max, label, t);
      if (message) errors[name] = message;
    };
    if (values.position.trim() && !/^[1-9]\d{0,5}$/.test(values.position.trim()))
      errors.position = t('staff.content.faq.positionInvalid');
    check('ptQuestion', t('staff.content.faq.question'), FAQ_QUESTION_MAX, true);
    check('ptAnswer', t('staff.content.faq.answer'), FAQ_ANSWER_MAX, true);
    for (const translation of TRANSLATIONS) {
      // A translation is whole or absent: a question without its answer would show half in that language.
      const given = Boolean(values[translation.question].trim() || values[translation.answer].trim());
      const legend = t(translation.legend);
      check(translation.question, `${t('staff.content.faq.question')} (${legend})`, FAQ_QUESTION_MAX, given);
      check(translation.answer, `${t('staff.content.faq.answer')} (${legend})`, FAQ_ANSWER_MAX, given);
    }
    return errors;
  };

  const fields = (form: EntryForm<FaqValues>) => (
    <Stack gap="sm">
      <TextField
        label={t('staff.content.faq.position')}
        description={t('staff.content.faq.positionHelp')}
        maxLength={6}
        {...form.field('position')}
      />
      <Fieldset legend={t('staff.content.faq.portuguese')}>
        <LanguageFields form={form} question="ptQuestion" answer="ptAnswer" required />
      </Fieldset>
      {TRANSLATIONS.map((translation) => (
        <Fieldset key={translation.language} legend={t(translation.legend)}>
          <LanguageFields form={form} question={translation.question} answer={translation.answer} />
        </Fieldset>
      ))}
    </Stack>
  );

  if (faq.isPending) return <LoadingBlock />;
  if (faq.isError)
    return <ErrorBlock message={t('staff.content.faq.loadError')} onRetry={() => void faq.refetch()} />;
  return (
    <ContentListEditor<EditableFaqEntry, FaqValues>
      id="faq-editor"
      texts={{
        heading: t('staff.content.faq.heading'),
        intro: t('staff.content.faq.intro'),
        empty: t('staff.content.faq.empty'),
        add: t('staff.content.faq.add'),
        addHeading: t('staff.content.faq.addHeading'),
        editHeading: (name) => t('staff.content.faq.editHeading', { name }),
        editOf: (name) => t('staff.content.faq.editOf', { name }),
        removeOf: (name) => t('staff.content.faq.removeOf', { name }),
        confirmRemoveOf: (name) => t('staff.content.faq.confirmRemoveOf', { name }),
        saved: (name) => t('staff.content.faq.saved', { name }),
        removed: (name) => t('staff.content.faq.removed', { name }),
      }}
      entries={faq.data.data}
      entryId={(entry) => entry.codigo}
      entryName={(entry) => entry.pt.pergunta}
      renderEntry={(entry) => (
        <>
          <Title order={3} size="h4">
            {entry.pt.pergunta}
          </Title>
          <InstitutionHtml html={entry.pt.resposta} />
          <Text size="sm" c="dimmed">
            {t('staff.content.faq.languages', {
              languages: ['pt', entry.en ? 'en' : null, entry.es ? 'es' : null].filter(Boolean).join(', '),
            })}
          </Text>
        </>
      )}
      empty={EMPTY}
      valuesOf={valuesOf}
      validate={validate}
      fields={fields}
      save={(id, values) => save.mutateAsync({ id, entry: requestOf(values) })}
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}

/** A question and its HTML answer in one language, with the answer previewed as the public page shows it. */
function LanguageFields({
  form,
  question,
  answer,
  required = false,
}: {
  form: EntryForm<FaqValues>;
  question: keyof FaqValues;
  answer: keyof FaqValues;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const html = form.values[answer];
  return (
    <Stack gap="sm">
      <TextField
        label={t('staff.content.faq.question')}
        required={required}
        maxLength={FAQ_QUESTION_MAX}
        {...form.field(question)}
      />
      <TextAreaField
        label={t('staff.content.faq.answer')}
        description={t('staff.content.htmlHelp')}
        required={required}
        rows={5}
        maxLength={FAQ_ANSWER_MAX}
        {...form.field(answer)}
      />
      {html.trim() && (
        <Box component="figure" m={0}>
          <Text component="figcaption" size="sm" fw={700}>
            {t('staff.content.preview')}
          </Text>
          <InstitutionHtml html={html} />
        </Box>
      )}
    </Stack>
  );
}
