import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  FormRefusal,
  RequiredLegend,
  SubmitButton,
  refusalOf,
  useForm,
  type FieldErrors,
} from '../../../../components/form';
import { Notice } from '../../../../components/ui/notice';

/** The form kit's state of one entry's form, as `fields` receives it. */
export type EntryForm<V extends object> = ReturnType<typeof useForm<V>>;

/** Texts of one list (already translated): what its entries are called and what each button says. */
export interface ContentListTexts {
  heading: string;
  intro: string;
  empty: string;
  /** The add button's text; left out for a fixed set of entries (the institution pages). */
  add?: string;
  /** The form's heading when adding and when editing `name`. */
  addHeading: string;
  editHeading: (name: string) => string;
  /** The accessible names of the row buttons, naming the entry. */
  editOf: (name: string) => string;
  removeOf: (name: string) => string;
  confirmRemoveOf: (name: string) => string;
  saved: (name: string) => string;
  removed: (name: string) => string;
}

/**
 * One editor for every list of the institution's content (decision 0063): the entries as cards,
 * each with edit and remove (remove asks once more); one form, the form kit's, to add an entry or
 * edit the chosen one. Each content kind gives its fields, how an entry reads as form values and
 * back, its card (HTML previewed sanitised, as the public pages show it), and its calls.
 */
export function ContentListEditor<E, V extends object, K extends string | number = number>({
  id,
  texts,
  entries,
  entryId,
  entryName,
  renderEntry,
  empty,
  valuesOf,
  validate,
  fields,
  save,
  remove,
  canRemove = () => true,
}: {
  /** Prefix of the editor's element ids (one editor per kind on a page). */
  id: string;
  texts: ContentListTexts;
  entries: readonly E[];
  entryId: (entry: E) => K;
  entryName: (entry: E) => string;
  renderEntry: (entry: E) => ReactNode;
  /** The values of a new entry. */
  empty: V;
  valuesOf: (entry: E) => V;
  validate: (values: V) => FieldErrors<V>;
  fields: (form: EntryForm<V>) => ReactNode;
  /** Adds (id null) or rewrites an entry; returns the saved entry. */
  save: (id: K | null, values: V) => Promise<E>;
  remove: (id: K) => Promise<unknown>;
  /** Whether an entry can be removed (an unwritten page cannot). */
  canRemove?: (entry: E) => boolean;
}) {
  const { t } = useTranslation();
  // null: no form open; 'new': adding; an id: editing that entry.
  const [editing, setEditing] = useState<{ id: K } | 'new' | null>(null);
  const [confirming, setConfirming] = useState<K | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [removeRefusal, setRemoveRefusal] = useState<string | null>(null);
  const form = useForm<V>({
    initial: empty,
    validate,
    onSubmit: async (values) => {
      const saved = await save(editing === 'new' || editing === null ? null : editing.id, values);
      setOutcome(texts.saved(entryName(saved)));
      setEditing(null);
      form.reset(empty);
    },
  });
  const open = (target: { id: K } | 'new', values: V) => {
    setOutcome(null);
    setConfirming(null);
    form.reset(values);
    setEditing(target);
  };
  const confirmRemove = async (entry: E) => {
    setRemoveRefusal(null);
    try {
      await remove(entryId(entry));
      setOutcome(texts.removed(entryName(entry)));
      setConfirming(null);
      if (editing !== null && editing !== 'new' && editing.id === entryId(entry)) setEditing(null);
    } catch (error) {
      setRemoveRefusal(refusalOf(error, t));
    }
  };
  const editedName = (() => {
    if (editing === null || editing === 'new') return null;
    const entry = entries.find((e) => entryId(e) === editing.id);
    return entry ? entryName(entry) : null;
  })();
  const headingId = `${id}-heading`;
  const formHeadingId = `${id}-form-heading`;

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {texts.heading}
      </Title>
      <Text>{texts.intro}</Text>
      {outcome && <Notice tone="success">{outcome}</Notice>}
      <FormRefusal message={removeRefusal} />
      {entries.length === 0 ? (
        <Text>{texts.empty}</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
          {entries.map((entry) => {
            const key = entryId(entry);
            const name = entryName(entry);
            return (
              <li key={key}>
                <Card withBorder>
                  <Stack gap="xs">
                    {renderEntry(entry)}
                    {confirming === key ? (
                      <Group gap="sm">
                        <Button color="red" onClick={() => void confirmRemove(entry)}>
                          {texts.confirmRemoveOf(name)}
                        </Button>
                        <Button variant="subtle" onClick={() => setConfirming(null)}>
                          {t('staff.content.cancel')}
                        </Button>
                      </Group>
                    ) : (
                      <Group gap="sm">
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={texts.editOf(name)}
                          onClick={() => open({ id: key }, valuesOf(entry))}
                        >
                          {t('staff.content.edit')}
                        </Button>
                        {canRemove(entry) && (
                          <Button
                            size="xs"
                            variant="outline"
                            color="red"
                            aria-label={texts.removeOf(name)}
                            onClick={() => {
                              setOutcome(null);
                              setConfirming(key);
                            }}
                          >
                            {t('staff.content.remove')}
                          </Button>
                        )}
                      </Group>
                    )}
                  </Stack>
                </Card>
              </li>
            );
          })}
        </Stack>
      )}
      {editing === null ? (
        texts.add !== undefined && (
          <Group>
            <Button onClick={() => open('new', empty)}>{texts.add}</Button>
          </Group>
        )
      ) : (
        <form {...form.formProps} aria-labelledby={formHeadingId}>
          <Stack gap="sm">
            <Title order={3} id={formHeadingId}>
              {editedName === null ? texts.addHeading : texts.editHeading(editedName)}
            </Title>
            <RequiredLegend />
            {fields(form)}
            <FormRefusal message={form.refusal} />
            <Group gap="sm">
              <SubmitButton sending={form.sending}>{t('staff.content.save')}</SubmitButton>
              <Button variant="subtle" onClick={() => setEditing(null)}>
                {t('staff.content.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
