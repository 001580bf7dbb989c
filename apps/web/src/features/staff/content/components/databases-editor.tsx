import { useTranslation } from 'react-i18next';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { EditableResearchDatabase, ResearchDatabaseRequest } from '@estante/contract';
import {
  CheckboxField,
  TextAreaField,
  TextField,
  rules,
  type FieldErrors,
} from '../../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { useEditableDatabases, useRemoveDatabase, useSaveDatabase } from '../api/databases';
import { ContentListEditor, type EntryForm } from './content-list-editor';

interface DatabaseValues {
  name: string;
  description: string;
  /** The areas separated by semicolons, as the command takes them. */
  areas: string;
  url: string;
  subscribed: boolean;
}

const EMPTY: DatabaseValues = { name: '', description: '', areas: '', url: '', subscribed: false };

const splitAreas = (text: string) =>
  text
    .split(';')
    .map((area) => area.trim())
    .filter(Boolean);

function valuesOf(entry: EditableResearchDatabase): DatabaseValues {
  return {
    name: entry.nome,
    description: entry.descricao,
    areas: entry.areas.join('; '),
    url: entry.link,
    subscribed: entry.assinada,
  };
}

function requestOf(values: DatabaseValues): ResearchDatabaseRequest {
  return {
    nome: values.name.trim(),
    descricao: values.description.trim(),
    areas: splitAreas(values.areas),
    link: values.url.trim(),
    assinada: values.subscribed,
  };
}

/**
 * The research databases patrons find in the personal area (decision 0063): name, description,
 * areas, the database's own address and whether the library subscribes to it (a subscribed one is
 * reached through the institution's proxy when one is set).
 */
export function DatabasesEditor() {
  const { t } = useTranslation();
  const databases = useEditableDatabases();
  const save = useSaveDatabase();
  const remove = useRemoveDatabase();

  const validate = (values: DatabaseValues): FieldErrors<DatabaseValues> => {
    const errors: FieldErrors<DatabaseValues> = {};
    const name = t('staff.content.databases.name');
    const url = t('staff.content.databases.url');
    const nameMessage = rules.required(values.name, name, t) ?? rules.maxLength(values.name, 200, name, t);
    if (nameMessage) errors.name = nameMessage;
    const description = rules.maxLength(
      values.description,
      2000,
      t('staff.content.databases.description'),
      t,
    );
    if (description) errors.description = description;
    const areas = splitAreas(values.areas);
    if (areas.length > 20 || areas.some((area) => area.length > 100))
      errors.areas = t('staff.content.databases.areasInvalid');
    const urlMessage =
      rules.required(values.url, url, t) ??
      (/^https?:\/\/\S+$/.test(values.url.trim()) ? undefined : t('staff.content.databases.urlInvalid'));
    if (urlMessage) errors.url = urlMessage;
    return errors;
  };

  const fields = (form: EntryForm<DatabaseValues>) => (
    <Stack gap="sm">
      <TextField label={t('staff.content.databases.name')} required maxLength={200} {...form.field('name')} />
      <TextAreaField
        label={t('staff.content.databases.description')}
        maxLength={2000}
        rows={3}
        {...form.field('description')}
      />
      <TextField
        label={t('staff.content.databases.areas')}
        description={t('staff.content.databases.areasHelp')}
        {...form.field('areas')}
      />
      <TextField
        label={t('staff.content.databases.url')}
        description={t('staff.content.databases.urlHelp')}
        type="url"
        required
        maxLength={2000}
        {...form.field('url')}
      />
      <CheckboxField
        label={t('staff.content.databases.subscribed')}
        description={t('staff.content.databases.subscribedHelp')}
        {...form.field('subscribed')}
      />
    </Stack>
  );

  if (databases.isPending) return <LoadingBlock />;
  if (databases.isError)
    return (
      <ErrorBlock message={t('staff.content.databases.loadError')} onRetry={() => void databases.refetch()} />
    );
  return (
    <ContentListEditor<EditableResearchDatabase, DatabaseValues>
      id="databases-editor"
      texts={{
        heading: t('staff.content.databases.heading'),
        intro: t('staff.content.databases.intro'),
        empty: t('staff.content.databases.empty'),
        add: t('staff.content.databases.add'),
        addHeading: t('staff.content.databases.addHeading'),
        editHeading: (name) => t('staff.content.databases.editHeading', { name }),
        editOf: (name) => t('staff.content.databases.editOf', { name }),
        removeOf: (name) => t('staff.content.databases.removeOf', { name }),
        confirmRemoveOf: (name) => t('staff.content.databases.confirmRemoveOf', { name }),
        saved: (name) => t('staff.content.databases.saved', { name }),
        removed: (name) => t('staff.content.databases.removed', { name }),
      }}
      entries={databases.data.data}
      entryId={(entry) => entry.codigo}
      entryName={(entry) => entry.nome}
      renderEntry={(entry) => (
        <>
          <Title order={3} size="h4">
            {entry.nome}
          </Title>
          {entry.descricao && <Text size="sm">{entry.descricao}</Text>}
          <Anchor href={entry.link} target="_blank" rel="noopener noreferrer" size="sm">
            {entry.link}
          </Anchor>
          <Text size="sm" c="dimmed">
            {entry.assinada ? t('staff.content.databases.isSubscribed') : t('staff.content.databases.isOpen')}
            {entry.areas.length > 0 && ` · ${entry.areas.join(', ')}`}
          </Text>
        </>
      )}
      empty={EMPTY}
      valuesOf={valuesOf}
      validate={validate}
      fields={fields}
      save={(id, values) => save.mutateAsync({ id, database: requestOf(values) })}
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}
