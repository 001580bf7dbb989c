import { useTranslation } from 'react-i18next';
import { Anchor, Fieldset, Group, Stack, Text, Title } from '@mantine/core';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_KINDS,
  EVENT_TITLE_MAX,
  type EditableEvent,
  type EventRequest,
} from '@estante/contract';
import {
  DateField,
  SelectField,
  TextAreaField,
  TextField,
  TimeField,
  rules,
  type FieldErrors,
} from '../../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { currentLanguage, patronLocale } from '../../../../lib/i18n';
import { formatEventWhen } from '../../../institution/utils/calendar';
import { useEditableEvents, useRemoveEvent, useSaveEvent } from '../api/events';
import { localMoment, localParts } from '../utils/event-moment';
import { ContentListEditor, type EntryForm } from './content-list-editor';

interface EventValues {
  kind: string;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  location: string;
  link: string;
  ptTitle: string;
  ptDescription: string;
  enTitle: string;
  enDescription: string;
  esTitle: string;
  esDescription: string;
}

const EMPTY: EventValues = {
  kind: 'institucional',
  startDay: '',
  startTime: '',
  endDay: '',
  endTime: '',
  location: '',
  link: '',
  ptTitle: '',
  ptDescription: '',
  enTitle: '',
  enDescription: '',
  esTitle: '',
  esDescription: '',
};

const LANGUAGES = [
  { title: 'ptTitle', description: 'ptDescription', legend: 'staff.content.faq.portuguese', required: true },
  { title: 'enTitle', description: 'enDescription', legend: 'staff.content.faq.english', required: false },
  { title: 'esTitle', description: 'esDescription', legend: 'staff.content.faq.spanish', required: false },
] as const;

/** The list each kind shows in (the public pages' names). */
const KIND_LABELS = {
  institucional: 'staff.content.events.kinds.institucional',
  eventum: 'staff.content.events.kinds.eventum',
} as const;

function valuesOf(event: EditableEvent): EventValues {
  const start = localParts(event.inicio);
  const end = event.fim === null ? { day: '', time: '' } : localParts(event.fim);
  return {
    kind: event.tipo,
    startDay: start.day,
    startTime: start.time,
    endDay: end.day,
    endTime: end.time,
    location: event.local ?? '',
    link: event.link ?? '',
    ptTitle: event.pt.titulo,
    ptDescription: event.pt.descricao ?? '',
    enTitle: event.en?.titulo ?? '',
    enDescription: event.en?.descricao ?? '',
    esTitle: event.es?.titulo ?? '',
    esDescription: event.es?.descricao ?? '',
  };
}

function requestOf(values: EventValues): EventRequest {
  const text = (title: string, description: string) =>
    title.trim() ? { titulo: title.trim(), descricao: description.trim() || null } : null;
  return {
    tipo: values.kind === 'eventum' ? 'eventum' : 'institucional',
    inicio: localMoment(values.startDay, values.startTime) ?? '',
    fim: values.endDay ? localMoment(values.endDay, values.endTime) : null,
    local: values.location.trim() || null,
    link: values.link.trim() || null,
    pt: text(values.ptTitle, values.ptDescription)!,
    en: text(values.enTitle, values.enDescription),
    es: text(values.esTitle, values.esDescription),
  };
}

/**
 * The institutional events and the events calendar (decision 0065): add, rewrite and remove, with
 * real dates in the browser's time zone and the end, when given, not before the start. Portuguese is
 * required; English and Spanish titles, when empty, show the Portuguese one.
 */
export function EventsEditor() {
  const { t } = useTranslation();
  const events = useEditableEvents();
  const save = useSaveEvent();
  const remove = useRemoveEvent();
  const locale = patronLocale(currentLanguage());

  const validate = (values: EventValues): FieldErrors<EventValues> => {
    const errors: FieldErrors<EventValues> = {};
    const set = (name: keyof EventValues, message: string | undefined) => {
      if (message && !errors[name]) errors[name] = message;
    };
    const startDay = t('staff.content.events.startDay');
    const startTime = t('staff.content.events.startTime');
    set('startDay', rules.required(values.startDay, startDay, t));
    set('startTime', rules.required(values.startTime, startTime, t));
    const start = localMoment(values.startDay, values.startTime);
    if (values.startDay && values.startTime && start === null)
      set('startDay', t('staff.content.events.dateInvalid'));
    // The end is whole or absent: a day without its time (or a time without its day) is not an end.
    if (values.endDay || values.endTime) {
      set('endDay', rules.required(values.endDay, t('staff.content.events.endDay'), t));
      set('endTime', rules.required(values.endTime, t('staff.content.events.endTime'), t));
      const end = localMoment(values.endDay, values.endTime);
      if (values.endDay && values.endTime && end === null)
        set('endDay', t('staff.content.events.dateInvalid'));
      if (start !== null && end !== null && new Date(end) < new Date(start))
        set('endDay', t('staff.content.events.endBeforeStart'));
    }
    set('location', rules.maxLength(values.location, 300, t('staff.content.events.location'), t));
    if (values.link.trim() && !/^https?:\/\/\S+$/.test(values.link.trim()))
      set('link', t('staff.content.databases.urlInvalid'));
    for (const language of LANGUAGES) {
      const legend = t(language.legend);
      const title = `${t('staff.content.events.title')} (${legend})`;
      const needed = language.required || Boolean(values[language.description].trim());
      set(
        language.title,
        (needed ? rules.required(values[language.title], title, t) : undefined) ??
          rules.maxLength(values[language.title], EVENT_TITLE_MAX, title, t),
      );
      set(
        language.description,
        rules.maxLength(
          values[language.description],
          EVENT_DESCRIPTION_MAX,
          `${t('staff.content.events.description')} (${legend})`,
          t,
        ),
      );
    }
    return errors;
  };

  const fields = (form: EntryForm<EventValues>) => (
    <Stack gap="sm">
      <SelectField
        label={t('staff.content.events.kind')}
        required
        options={EVENT_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABELS[kind]) }))}
        {...form.field('kind')}
      />
      <Group grow align="flex-start">
        <DateField label={t('staff.content.events.startDay')} required {...form.field('startDay')} />
        <TimeField label={t('staff.content.events.startTime')} required {...form.field('startTime')} />
      </Group>
      <Group grow align="flex-start">
        <DateField
          label={t('staff.content.events.endDay')}
          description={t('staff.content.events.endHelp')}
          {...form.field('endDay')}
        />
        <TimeField label={t('staff.content.events.endTime')} {...form.field('endTime')} />
      </Group>
      <TextField label={t('staff.content.events.location')} maxLength={300} {...form.field('location')} />
      <TextField
        label={t('staff.content.events.link')}
        description={t('staff.content.databases.urlHelp')}
        type="url"
        maxLength={2000}
        {...form.field('link')}
      />
      {LANGUAGES.map((language) => (
        <Fieldset key={language.title} legend={t(language.legend)}>
          <Stack gap="sm">
            <TextField
              label={t('staff.content.events.title')}
              required={language.required}
              maxLength={EVENT_TITLE_MAX}
              {...form.field(language.title)}
            />
            <TextAreaField
              label={t('staff.content.events.description')}
              rows={3}
              maxLength={EVENT_DESCRIPTION_MAX}
              {...form.field(language.description)}
            />
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );

  if (events.isPending) return <LoadingBlock />;
  if (events.isError)
    return <ErrorBlock message={t('staff.content.events.loadError')} onRetry={() => void events.refetch()} />;
  return (
    <ContentListEditor<EditableEvent, EventValues>
      id="events-editor"
      texts={{
        heading: t('staff.content.events.heading'),
        intro: t('staff.content.events.intro'),
        empty: t('staff.content.events.empty'),
        add: t('staff.content.events.add'),
        addHeading: t('staff.content.events.addHeading'),
        editHeading: (name) => t('staff.content.events.editHeading', { name }),
        editOf: (name) => t('staff.content.events.editOf', { name }),
        removeOf: (name) => t('staff.content.events.removeOf', { name }),
        confirmRemoveOf: (name) => t('staff.content.events.confirmRemoveOf', { name }),
        saved: (name) => t('staff.content.events.saved', { name }),
        removed: (name) => t('staff.content.events.removed', { name }),
      }}
      entries={events.data.data}
      entryId={(entry) => entry.codigo}
      entryName={(entry) => entry.pt.titulo}
      renderEntry={(entry) => (
        <>
          <Title order={3} size="h4">
            {entry.pt.titulo}
          </Title>
          <Text size="sm">
            {t(KIND_LABELS[entry.tipo])} · {formatEventWhen(entry, locale)}
            {entry.local ? ` · ${entry.local}` : ''}
          </Text>
          {entry.pt.descricao && <Text>{entry.pt.descricao}</Text>}
          {entry.link && (
            <Anchor href={entry.link} target="_blank" rel="noopener noreferrer" size="sm">
              {entry.link}
            </Anchor>
          )}
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
