import { useTranslation } from 'react-i18next';
import { Box, Fieldset, Stack, Text, Title } from '@mantine/core';
import {
  PAGE_CONTENT_MAX,
  PAGE_TITLE_MAX,
  type EditableInstitutionPage,
  type InstitutionPageKey,
  type InstitutionPageRequest,
} from '@estante/contract';
import type { TranslationKey } from '@estante/i18n';
import { TextAreaField, TextField, rules, type FieldErrors } from '../../../../components/form';
import { InstitutionHtml } from '../../../../components/ui/institution-html';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { useEditablePages, useRemovePage, useSavePage } from '../api/pages';
import { ContentListEditor, type EntryForm } from './content-list-editor';

interface PageValues {
  ptTitle: string;
  ptBody: string;
  enTitle: string;
  enBody: string;
  esTitle: string;
  esBody: string;
}

const EMPTY: PageValues = { ptTitle: '', ptBody: '', enTitle: '', enBody: '', esTitle: '', esBody: '' };

const PAGE_NAME: Record<InstitutionPageKey, TranslationKey> = {
  secao_1: 'staff.content.pages.secao_1',
  secao_2: 'staff.content.pages.secao_2',
  informacoes_gerais: 'staff.content.pages.informacoes_gerais',
};

const LANGUAGES = [
  { title: 'ptTitle', body: 'ptBody', legend: 'staff.content.faq.portuguese', required: true },
  { title: 'enTitle', body: 'enBody', legend: 'staff.content.faq.english', required: false },
  { title: 'esTitle', body: 'esBody', legend: 'staff.content.faq.spanish', required: false },
] as const;

function valuesOf(page: EditableInstitutionPage): PageValues {
  return {
    ptTitle: page.pt?.titulo ?? '',
    ptBody: page.pt?.conteudo ?? '',
    enTitle: page.en?.titulo ?? '',
    enBody: page.en?.conteudo ?? '',
    esTitle: page.es?.titulo ?? '',
    esBody: page.es?.conteudo ?? '',
  };
}

function requestOf(values: PageValues): InstitutionPageRequest {
  const text = (title: string, body: string) =>
    title.trim() || body.trim() ? { titulo: title.trim(), conteudo: body.trim() } : null;
  return {
    pt: text(values.ptTitle, values.ptBody)!,
    en: text(values.enTitle, values.enBody),
    es: text(values.esTitle, values.esBody),
  };
}

/**
 * The home page's two sections and the general information (decision 0063): a title and HTML in
 * Portuguese, with English and Spanish translations given whole or left empty; the content is
 * previewed as the public page shows it. Removing a page leaves its place on the public side empty.
 */
export function PagesEditor() {
  const { t } = useTranslation();
  const pages = useEditablePages();
  const save = useSavePage();
  const remove = useRemovePage();
  const nameOf = (page: EditableInstitutionPage) => t(PAGE_NAME[page.chave]);

  const validate = (values: PageValues): FieldErrors<PageValues> => {
    const errors: FieldErrors<PageValues> = {};
    for (const language of LANGUAGES) {
      const given =
        language.required || Boolean(values[language.title].trim() || values[language.body].trim());
      const suffix = language.required ? '' : ` (${t(language.legend)})`;
      const titleLabel = `${t('staff.content.pages.title')}${suffix}`;
      const bodyLabel = `${t('staff.content.pages.body')}${suffix}`;
      const title =
        (given ? rules.required(values[language.title], titleLabel, t) : undefined) ??
        rules.maxLength(values[language.title], PAGE_TITLE_MAX, titleLabel, t);
      const body =
        (given ? rules.required(values[language.body], bodyLabel, t) : undefined) ??
        rules.maxLength(values[language.body], PAGE_CONTENT_MAX, bodyLabel, t);
      if (title) errors[language.title] = title;
      if (body) errors[language.body] = body;
    }
    return errors;
  };

  const fields = (form: EntryForm<PageValues>) => (
    <Stack gap="sm">
      {LANGUAGES.map((language) => {
        const html = form.values[language.body];
        return (
          <Fieldset key={language.title} legend={t(language.legend)}>
            <Stack gap="sm">
              <TextField
                label={t('staff.content.pages.title')}
                required={language.required}
                maxLength={PAGE_TITLE_MAX}
                {...form.field(language.title)}
              />
              <TextAreaField
                label={t('staff.content.pages.body')}
                description={t('staff.content.htmlHelp')}
                required={language.required}
                rows={8}
                maxLength={PAGE_CONTENT_MAX}
                {...form.field(language.body)}
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
          </Fieldset>
        );
      })}
    </Stack>
  );

  if (pages.isPending) return <LoadingBlock />;
  if (pages.isError)
    return <ErrorBlock message={t('staff.content.pages.loadError')} onRetry={() => void pages.refetch()} />;
  return (
    <ContentListEditor<EditableInstitutionPage, PageValues, InstitutionPageKey>
      id="pages-editor"
      texts={{
        heading: t('staff.content.pages.heading'),
        intro: t('staff.content.pages.intro'),
        empty: t('staff.content.pages.empty'),
        addHeading: t('staff.content.pages.heading'),
        editHeading: (name) => t('staff.content.pages.editHeading', { name }),
        editOf: (name) => t('staff.content.pages.editOf', { name }),
        removeOf: (name) => t('staff.content.pages.removeOf', { name }),
        confirmRemoveOf: (name) => t('staff.content.pages.confirmRemoveOf', { name }),
        saved: (name) => t('staff.content.pages.saved', { name }),
        removed: (name) => t('staff.content.pages.removed', { name }),
      }}
      entries={pages.data.data}
      entryId={(page) => page.chave}
      entryName={nameOf}
      renderEntry={(page) => (
        <>
          <Title order={3} size="h4">
            {nameOf(page)}
          </Title>
          {page.pt ? (
            <>
              <Text fw={700}>{page.pt.titulo}</Text>
              <InstitutionHtml html={page.pt.conteudo} />
            </>
          ) : (
            <Text c="dimmed">{t('staff.content.pages.unwritten')}</Text>
          )}
        </>
      )}
      empty={EMPTY}
      valuesOf={valuesOf}
      validate={validate}
      fields={fields}
      save={(key, values) => save.mutateAsync({ key: key!, page: requestOf(values) })}
      remove={(key) => remove.mutateAsync(key)}
      canRemove={(page) => page.pt !== null}
    />
  );
}
