import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Group, Stack } from '@mantine/core';
import {
  LIBRARY_REQUEST_MAX,
  PUBLICATION_TYPES,
  REQUEST_LANGUAGES,
  SEARCH_PURPOSES,
  type LibraryRequest,
  type PublicationType,
  type RequestLanguage,
  type SearchPurpose,
  type SurveyRequestBody,
} from '@estante/contract';
import {
  CheckboxGroupField,
  DateField,
  FormRefusal,
  RequiredLegend,
  SelectField,
  SubmitButton,
  TextField,
  firstErrors,
  rules,
  useForm,
} from '../../../components/form';
import { sendSpecializedSearch, sendSurveyRequest } from '../api/send-library-request';
import { LIBRARY_REQUESTS_QUERY_KEY } from '../api/get-library-requests';
import { optionsOf, useRequestLabels } from '../utils/labels';
import {
  DestinationFields,
  destinationBody,
  destinationErrors,
  SentNotice,
  type RequestDefaults,
} from './request-form-parts';

interface SearchValues {
  assunto: string;
  palavras_chave: string;
  finalidade: string;
  idiomas: string[];
  data_inicial: string;
  data_final: string;
  tipos_publicacao: string[];
  biblioteca: string;
  email: string;
  observacao: string;
}

const EMPTY_SEARCH = {
  assunto: '',
  palavras_chave: '',
  finalidade: '',
  idiomas: [] as string[],
  data_inicial: '',
  data_final: '',
  tipos_publicacao: [] as string[],
};

/**
 * A bibliographic survey (`survey`: the library lists what there is on a subject) or a specialized
 * search (`specialized`: a librarian searches in depth, for a purpose) — SPEC §3, §5; decision 0048.
 * Subject, keywords, languages, the period of publication (the start not after the end) and the
 * kinds of publication, then the library and the contact e-mail(s).
 */
export function SearchRequestForm({
  variant,
  defaults,
  requestsHref,
}: {
  variant: 'survey' | 'specialized';
  defaults: RequestDefaults;
  requestsHref?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const labels = useRequestLabels();
  const [sent, setSent] = useState<LibraryRequest | null>(null);
  const label = {
    assunto: t('libraryRequests.fields.assunto'),
    palavras_chave: t('libraryRequests.fields.palavras_chave'),
    finalidade: t('libraryRequests.fields.finalidade'),
    idiomas: t('libraryRequests.fields.idiomas'),
    data_inicial: t('libraryRequests.fields.data_inicial'),
    data_final: t('libraryRequests.fields.data_final'),
    tipos_publicacao: t('libraryRequests.fields.tipos_publicacao'),
  };
  const form = useForm<SearchValues>({
    initial: { ...EMPTY_SEARCH, ...defaults.destination },
    validate: (values) =>
      firstErrors<keyof SearchValues>({
        assunto: [
          rules.required(values.assunto, label.assunto, t),
          rules.maxLength(values.assunto, LIBRARY_REQUEST_MAX.assunto, label.assunto, t),
        ],
        palavras_chave: [
          rules.maxLength(values.palavras_chave, LIBRARY_REQUEST_MAX.palavras_chave, label.palavras_chave, t),
        ],
        finalidade: [
          variant === 'specialized' ? rules.required(values.finalidade, label.finalidade, t) : undefined,
        ],
        data_inicial: [
          rules.date(values.data_inicial, label.data_inicial, t),
          // SPEC §5: the start date is not after the end date.
          rules.dateRange(values.data_inicial, values.data_final, t),
        ],
        data_final: [rules.date(values.data_final, label.data_final, t)],
        ...destinationErrors(values, t),
      }),
    onSubmit: async (values) => {
      const body: SurveyRequestBody = {
        assunto: values.assunto.trim(),
        ...(values.palavras_chave.trim() ? { palavras_chave: values.palavras_chave.trim() } : {}),
        ...(values.idiomas.length ? { idiomas: values.idiomas as RequestLanguage[] } : {}),
        ...(values.data_inicial ? { data_inicial: values.data_inicial } : {}),
        ...(values.data_final ? { data_final: values.data_final } : {}),
        ...(values.tipos_publicacao.length
          ? { tipos_publicacao: values.tipos_publicacao as PublicationType[] }
          : {}),
        ...destinationBody(values),
      };
      setSent(null);
      setSent(
        variant === 'specialized'
          ? await sendSpecializedSearch({ ...body, finalidade: values.finalidade as SearchPurpose })
          : await sendSurveyRequest(body),
      );
      form.reset({ ...values, ...EMPTY_SEARCH, observacao: '' });
      await queryClient.invalidateQueries({ queryKey: LIBRARY_REQUESTS_QUERY_KEY });
    },
  });
  const field = form.field;
  return (
    <form {...form.formProps} aria-labelledby={`${variant}-form-heading`}>
      <Stack gap="sm" maw={640}>
        <RequiredLegend />
        <TextField
          label={label.assunto}
          required
          maxLength={LIBRARY_REQUEST_MAX.assunto}
          {...field('assunto')}
        />
        <TextField
          label={label.palavras_chave}
          description={t('libraryRequests.form.keywordsHint')}
          maxLength={LIBRARY_REQUEST_MAX.palavras_chave}
          {...field('palavras_chave')}
        />
        {variant === 'specialized' && (
          <SelectField
            label={label.finalidade}
            required
            choose
            options={optionsOf(SEARCH_PURPOSES, labels.purposes)}
            {...field('finalidade')}
          />
        )}
        <CheckboxGroupField
          label={label.idiomas}
          options={optionsOf(REQUEST_LANGUAGES, labels.languages)}
          {...field('idiomas')}
        />
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateField label={label.data_inicial} {...field('data_inicial')} />
          <DateField label={label.data_final} {...field('data_final')} />
        </Group>
        <CheckboxGroupField
          label={label.tipos_publicacao}
          options={optionsOf(PUBLICATION_TYPES, labels.publicationTypes)}
          {...field('tipos_publicacao')}
        />
        <DestinationFields libraries={defaults.libraries} field={field} />
        <SentNotice request={sent} {...(requestsHref ? { requestsHref } : {})} />
        <FormRefusal message={form.refusal} />
        <SubmitButton sending={form.sending}>
          {variant === 'specialized'
            ? t('libraryRequests.form.sendSpecialized')
            : t('libraryRequests.form.sendSurvey')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
