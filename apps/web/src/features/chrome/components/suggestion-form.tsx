import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Anchor, Checkbox, Stack, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import {
  isValidIsbnOrIssn,
  SUGGESTION_FIELD_MAX,
  type Institution,
  type SuggestionRequest,
} from '@estante/contract';
import { isWebAddress } from '../../../lib/sanitize-html';
import { useInstitution } from '../api/get-institution';
import { useCampuses, useLibraries } from '../api/get-campuses';
import { sendSuggestion } from '../api/send-suggestion';
import { FeedbackFormFooter, useFeedbackSending } from './feedback-sending';
import { LibraryChoice, NONE } from './library-choice';

type TextField = 'autor' | 'titulo' | 'edicao' | 'editor' | 'isbn_issn' | 'outras_inf';
type FieldErrors = Partial<Record<TextField | 'biblioteca', string>>;
const EMPTY: Record<TextField, string> = {
  autor: '',
  titulo: '',
  edicao: '',
  editor: '',
  isbn_issn: '',
  outras_inf: '',
};

/** Values institutions use for "off" in a yes/no parameter. */
const OFF_VALUES = ['', 'n', 'nao', 'não', 'no', 'false', '0'];

/**
 * SPEC "Page chrome": with the acquisition option on (params.__web_aquisicao), teachers get a link to the
 * institution's web system (params.__web_url_pw, or the option itself when it is an address).
 */
export function teachersLink(institution: Institution): string | null {
  const option = institution.params.__web_aquisicao?.trim() ?? '';
  if (OFF_VALUES.includes(option.toLowerCase())) return null;
  if (isWebAddress(institution.params.__web_url_pw)) return institution.params.__web_url_pw;
  return isWebAddress(option) ? option : null;
}

/**
 * The acquisition suggestion (SPEC "Page chrome", §3, §5): campus and library preselect their first option;
 * titulo and editor are required after trimming, and each warning names its field; the ISBN/ISSN is checked
 * when given; a spinner shows while sending; success shows a toast and closes the pop-up.
 */
export function SuggestionForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const institution = useInstitution();
  const campuses = useCampuses();
  const [chosenCampus, setCampus] = useState<number | null>(null);
  const campus = chosenCampus ?? campuses.data?.[0]?.cod_campus ?? NONE;
  const libraries = useLibraries(campus === NONE ? null : campus);
  const [chosenLibrary, setLibrary] = useState<number | null>(null);
  const library = chosenLibrary ?? libraries.data?.[0]?.cod_biblioteca ?? NONE;
  const [values, setValues] = useState(EMPTY);
  const [isPeriodical, setPeriodical] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { isSending, refusal, setRefusal, send } = useFeedbackSending(onClose);
  const libraryRef = useRef<HTMLSelectElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const publisherRef = useRef<HTMLInputElement>(null);
  const isbnRef = useRef<HTMLInputElement>(null);
  const link = teachersLink(institution);

  const label: Record<TextField, string> = {
    autor: t('feedback.suggestion.author'),
    titulo: t('feedback.suggestion.title'),
    edicao: t('feedback.suggestion.edition'),
    editor: t('feedback.suggestion.publisher'),
    isbn_issn: t('feedback.suggestion.isbnIssn'),
    outras_inf: t('feedback.suggestion.otherInfo'),
  };

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (library === NONE) found.biblioteca = t('feedback.required', { field: t('feedback.library') });
    if (!values.titulo.trim()) found.titulo = t('feedback.required', { field: label.titulo });
    if (!values.editor.trim()) found.editor = t('feedback.required', { field: label.editor });
    const isbn = values.isbn_issn.trim();
    if (isbn && !isValidIsbnOrIssn(isbn)) found.isbn_issn = t('feedback.suggestion.isbnInvalid');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const found = validate();
    setErrors(found);
    setRefusal(null);
    // Focus goes to the first field to fix; its warning is read with it.
    const first = (
      [
        ['biblioteca', libraryRef],
        ['titulo', titleRef],
        ['editor', publisherRef],
        ['isbn_issn', isbnRef],
      ] as const
    ).find(([name]) => found[name]);
    if (first) {
      first[1].current?.focus();
      return;
    }
    const optional = (field: TextField) => values[field].trim() || undefined;
    const payload: SuggestionRequest = {
      campus,
      biblioteca: library,
      titulo: values.titulo.trim(),
      editor: values.editor.trim(),
      autor: optional('autor'),
      edicao: optional('edicao'),
      isbn_issn: optional('isbn_issn'),
      outras_inf: optional('outras_inf'),
      periodico: isPeriodical,
    };
    await send(() => sendSuggestion(payload), t('feedback.suggestion.sent'));
  };

  const field = (name: TextField) => ({
    label: label[name],
    value: values[name],
    maxLength: SUGGESTION_FIELD_MAX[name],
    error: errors[name as keyof FieldErrors],
    errorProps: { role: 'alert' },
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('feedback.suggestion.intro')}</Text>
        {link && (
          <Text size="sm">
            {t('feedback.suggestion.teachers')}{' '}
            <Anchor href={link} target="_blank" rel="noopener noreferrer">
              {t('feedback.suggestion.teachersLink')}
              <VisuallyHidden>{t('chrome.footer.newTab')}</VisuallyHidden>
            </Anchor>
          </Text>
        )}
        <Text size="sm">{t('feedback.requiredLegend')}</Text>
        {campuses.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('feedback.optionsError')}
          </Alert>
        )}
        <LibraryChoice
          campuses={campuses.data ?? []}
          libraries={libraries.data ?? []}
          campus={campus}
          library={library}
          onCampusChange={(value) => {
            setCampus(value);
            setLibrary(null);
          }}
          onLibraryChange={setLibrary}
          withPlaceholder={false}
          libraryError={errors.biblioteca ?? null}
          libraryRef={libraryRef}
        />
        <TextInput {...field('autor')} />
        <TextInput {...field('titulo')} ref={titleRef} withAsterisk aria-required />
        <TextInput {...field('edicao')} />
        <TextInput {...field('editor')} ref={publisherRef} withAsterisk aria-required />
        <TextInput {...field('isbn_issn')} ref={isbnRef} />
        <Checkbox
          label={t('feedback.suggestion.periodical')}
          checked={isPeriodical}
          onChange={(event) => setPeriodical(event.currentTarget.checked)}
        />
        <Textarea {...field('outras_inf')} rows={3} />
        <FeedbackFormFooter refusal={refusal} isSending={isSending} canSend={!isSending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
