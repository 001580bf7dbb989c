import { useTranslation } from 'react-i18next';
import { Stack, Text } from '@mantine/core';
import { TIME_OF_DAY, type EditableOpeningHoursEntry } from '@estante/contract';
import { SelectField, TimeField, rules, type FieldErrors } from '../../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state';
import { currentLanguage, patronLocale } from '../../../../lib/i18n';
import { weekdayName } from '../../../institution/utils/calendar';
import { useEditableHours, useRemoveHoursEntry, useSaveHoursEntry } from '../api/hours';
import { ContentListEditor, type EntryForm } from './content-list-editor';

interface HoursValues {
  library: string;
  day: string;
  opens: string;
  closes: string;
}

const EMPTY: HoursValues = { library: '', day: '', opens: '', closes: '' };

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The opening hours (decision 0065): one entry per open interval of a library on a weekday, as the
 * public hours page lists them; a day without intervals is closed. Editing an interval may move it to
 * another day or library; the server refuses an interval that overlaps another of the same day.
 */
export function HoursEditor() {
  const { t } = useTranslation();
  const hours = useEditableHours();
  const save = useSaveHoursEntry();
  const remove = useRemoveHoursEntry();
  const locale = patronLocale(currentLanguage());
  const dayName = (day: number) => weekdayName(day, locale);
  const nameOf = (entry: EditableOpeningHoursEntry) =>
    t('staff.content.hours.entryName', {
      library: entry.nome_biblioteca,
      day: dayName(entry.dia),
      opens: entry.abre,
      closes: entry.fecha,
    });

  const validate = (values: HoursValues): FieldErrors<HoursValues> => {
    const errors: FieldErrors<HoursValues> = {};
    const library = rules.required(values.library, t('staff.content.hours.library'), t);
    if (library) errors.library = library;
    const day = rules.required(values.day, t('staff.content.hours.day'), t);
    if (day) errors.day = day;
    for (const name of ['opens', 'closes'] as const) {
      const label = t(`staff.content.hours.${name}`);
      const message =
        rules.required(values[name], label, t) ??
        (TIME_OF_DAY.test(values[name]) ? undefined : t('staff.content.hours.timeInvalid', { field: label }));
      if (message) errors[name] = message;
    }
    if (!errors.opens && !errors.closes && values.closes <= values.opens)
      errors.closes = t('staff.content.hours.closesBeforeOpens');
    return errors;
  };

  if (hours.isPending) return <LoadingBlock />;
  if (hours.isError)
    return <ErrorBlock message={t('staff.content.hours.loadError')} onRetry={() => void hours.refetch()} />;
  const libraries = hours.data.bibliotecas.map((library) => ({
    value: String(library.codigo),
    label: library.nome,
  }));
  const fields = (form: EntryForm<HoursValues>) => (
    <Stack gap="sm">
      <SelectField
        label={t('staff.content.hours.library')}
        required
        choose
        options={libraries}
        {...form.field('library')}
      />
      <SelectField
        label={t('staff.content.hours.day')}
        required
        choose
        options={WEEKDAYS.map((day) => ({ value: String(day), label: dayName(day) }))}
        {...form.field('day')}
      />
      <TimeField label={t('staff.content.hours.opens')} required {...form.field('opens')} />
      <TimeField label={t('staff.content.hours.closes')} required {...form.field('closes')} />
    </Stack>
  );
  return (
    <ContentListEditor<EditableOpeningHoursEntry, HoursValues>
      id="hours-editor"
      texts={{
        heading: t('staff.content.hours.heading'),
        intro: t('staff.content.hours.intro'),
        empty: t('staff.content.hours.empty'),
        add: t('staff.content.hours.add'),
        addHeading: t('staff.content.hours.addHeading'),
        editHeading: (name) => t('staff.content.hours.editHeading', { name }),
        editOf: (name) => t('staff.content.hours.editOf', { name }),
        removeOf: (name) => t('staff.content.hours.removeOf', { name }),
        confirmRemoveOf: (name) => t('staff.content.hours.confirmRemoveOf', { name }),
        saved: (name) => t('staff.content.hours.saved', { name }),
        removed: (name) => t('staff.content.hours.removed', { name }),
      }}
      entries={hours.data.data}
      entryId={(entry) => entry.codigo}
      entryName={nameOf}
      renderEntry={(entry) => <Text>{nameOf(entry)}</Text>}
      empty={EMPTY}
      valuesOf={(entry) => ({
        library: String(entry.biblioteca),
        day: String(entry.dia),
        opens: entry.abre,
        closes: entry.fecha,
      })}
      validate={validate}
      fields={fields}
      save={(id, values) =>
        save.mutateAsync({
          id,
          entry: {
            biblioteca: Number(values.library),
            dia: Number(values.day),
            abre: values.opens,
            fecha: values.closes,
          },
        })
      }
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}
