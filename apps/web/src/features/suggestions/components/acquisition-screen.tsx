import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { isValidIsbnOrIssn, SUGGESTION_FIELD_MAX, type SuggestionRequest } from '@estante/contract';
import {
  CheckboxField,
  FormRefusal,
  RequiredLegend,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  firstErrors,
  rules,
  useForm,
} from '../../../components/form';
import { Notice } from '../../../components/ui/notice';
import { useInstitution } from '../../chrome/api/get-institution';
import { useCampuses, useLibraries } from '../../chrome/api/get-campuses';
import { sendSuggestion } from '../../chrome/api/send-suggestion';
import { teachersLink } from '../../chrome/components/suggestion-form';
import { SUGGESTIONS_QUERY_KEY } from '../api/get-suggestions';

interface SuggestionValues {
  campus: string;
  biblioteca: string;
  autor: string;
  titulo: string;
  edicao: string;
  editor: string;
  isbn_issn: string;
  periodico: boolean;
  outras_inf: string;
}

const EMPTY: SuggestionValues = {
  campus: '',
  biblioteca: '',
  autor: '',
  titulo: '',
  edicao: '',
  editor: '',
  isbn_issn: '',
  periodico: false,
  outras_inf: '',
};

/**
 * The personal area's "suggest a purchase" (SPEC §3 purchase suggestion, §5): campus and library
 * preselect their first option; title and publisher are required after trimming, each warning names
 * its field; the ISBN/ISSN is checked when given. With the acquisition option on, teachers get the
 * link to the institution's own system (SPEC §6). Once sent, the patron follows it in the suggestion
 * query.
 */
export function AcquisitionScreen({ suggestionsHref }: { suggestionsHref?: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const institution = useInstitution();
  const link = teachersLink(institution);
  const [sent, setSent] = useState<string | null>(null);
  const campuses = useCampuses();
  const form = useForm<SuggestionValues>({
    initial: EMPTY,
    validate: (values) => {
      const chosen = effective(values);
      return firstErrors<keyof SuggestionValues>({
        biblioteca: [chosen.biblioteca ? undefined : t('form.required', { field: t('feedback.library') })],
        titulo: [
          rules.required(values.titulo, label.titulo, t),
          rules.maxLength(values.titulo, SUGGESTION_FIELD_MAX.titulo, label.titulo, t),
        ],
        editor: [
          rules.required(values.editor, label.editor, t),
          rules.maxLength(values.editor, SUGGESTION_FIELD_MAX.editor, label.editor, t),
        ],
        isbn_issn: [
          !values.isbn_issn.trim() || isValidIsbnOrIssn(values.isbn_issn.trim())
            ? undefined
            : t('feedback.suggestion.isbnInvalid'),
        ],
      });
    },
    onSubmit: async (values) => {
      const chosen = effective(values);
      const optional = (value: string) => value.trim() || undefined;
      const payload: SuggestionRequest = {
        campus: Number(chosen.campus),
        biblioteca: Number(chosen.biblioteca),
        titulo: values.titulo.trim(),
        editor: values.editor.trim(),
        autor: optional(values.autor),
        edicao: optional(values.edicao),
        isbn_issn: optional(values.isbn_issn),
        outras_inf: optional(values.outras_inf),
        periodico: values.periodico,
      };
      await sendSuggestion(payload);
      await queryClient.invalidateQueries({ queryKey: SUGGESTIONS_QUERY_KEY });
      setSent(payload.titulo);
      form.reset({ ...EMPTY, campus: values.campus, biblioteca: values.biblioteca });
    },
  });
  const campus = form.values.campus || String(campuses.data?.[0]?.cod_campus ?? '');
  const libraries = useLibraries(campus ? Number(campus) : null);
  /** SPEC §5: the campus and library selects default to the first option returned. */
  const effective = (values: SuggestionValues) => {
    const chosenCampus = values.campus || String(campuses.data?.[0]?.cod_campus ?? '');
    const chosenLibrary = values.biblioteca || String(libraries.data?.[0]?.cod_biblioteca ?? '');
    return { campus: chosenCampus, biblioteca: chosenCampus ? chosenLibrary : '' };
  };
  const label = {
    autor: t('feedback.suggestion.author'),
    titulo: t('feedback.suggestion.title'),
    edicao: t('feedback.suggestion.edition'),
    editor: t('feedback.suggestion.publisher'),
    isbn_issn: t('feedback.suggestion.isbnIssn'),
    outras_inf: t('feedback.suggestion.otherInfo'),
  };
  const text = (name: 'autor' | 'titulo' | 'edicao' | 'editor' | 'isbn_issn') => ({
    label: label[name],
    maxLength: SUGGESTION_FIELD_MAX[name],
    ...form.field(name),
    onChange: (value: string) => {
      setSent(null);
      form.setValue(name, value);
    },
  });

  return (
    <Stack gap="md" maw={640}>
      <Text>{t('suggestions.form.intro')}</Text>
      {link && (
        <Text>
          {t('feedback.suggestion.teachers')}{' '}
          <Anchor href={link} target="_blank" rel="noopener noreferrer">
            {t('feedback.suggestion.teachersLink')}
            <VisuallyHidden>{t('chrome.footer.newTab')}</VisuallyHidden>
          </Anchor>
        </Text>
      )}
      {sent && (
        <Notice tone="success">
          {t('suggestions.form.sent', { title: sent })}{' '}
          {suggestionsHref && (
            <Anchor component={Link} to={suggestionsHref}>
              {t('suggestions.form.follow')}
            </Anchor>
          )}
        </Notice>
      )}
      <form {...form.formProps} aria-label={t('suggestions.form.label')}>
        <Stack gap="sm">
          <RequiredLegend />
          {campuses.isError && <Notice tone="refusal">{t('feedback.optionsError')}</Notice>}
          <SelectField
            label={t('feedback.campus')}
            required
            options={(campuses.data ?? []).map((c) => ({
              value: String(c.cod_campus),
              label: c.nome_campus,
            }))}
            value={campus}
            error={form.errors.campus}
            onChange={(value) => {
              form.setValue('campus', value);
              form.setValue('biblioteca', '');
            }}
          />
          <SelectField
            label={t('feedback.library')}
            required
            options={(libraries.data ?? []).map((l) => ({
              value: String(l.cod_biblioteca),
              label: l.desc_biblioteca,
            }))}
            {...form.field('biblioteca')}
            value={effective(form.values).biblioteca}
          />
          <TextField {...text('autor')} />
          <TextField {...text('titulo')} required />
          <TextField {...text('edicao')} />
          <TextField {...text('editor')} required />
          <TextField {...text('isbn_issn')} />
          <CheckboxField label={t('feedback.suggestion.periodical')} {...form.field('periodico')} />
          <TextAreaField
            label={label.outras_inf}
            maxLength={SUGGESTION_FIELD_MAX.outras_inf}
            rows={3}
            {...form.field('outras_inf')}
          />
          <FormRefusal message={form.refusal} />
          <SubmitButton sending={form.sending}>{t('suggestions.form.send')}</SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
