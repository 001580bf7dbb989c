import { useTranslation } from 'react-i18next';
import { Group } from '@mantine/core';
import { LIST_NAME_MAX } from '@estante/contract';
import { FormRefusal, SubmitButton, TextField, rules, useForm } from '../../../components/form';
import { useCreateList, useUpdateList } from '../api/change-lists';

/** The list name's rules (the server's too): required, at most LIST_NAME_MAX characters. */
function useNameRules(label: string) {
  const { t } = useTranslation();
  return ({ name }: { name: string }) => {
    const message = rules.required(name, label, t) ?? rules.maxLength(name, LIST_NAME_MAX, label, t);
    return message ? { name: message } : {};
  };
}

/** Makes a named list; on success the screen shows it. */
export function CreateListForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const label = t('lists.create.name');
  const create = useCreateList();
  const validate = useNameRules(label);
  const form = useForm({
    initial: { name: '' },
    validate,
    onSubmit: async ({ name }) => {
      const list = await create.mutateAsync({ nome: name.trim() });
      form.reset();
      onCreated(list.codigo);
    },
  });
  return (
    <form {...form.formProps} aria-label={t('lists.create.heading')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextField label={label} required maxLength={LIST_NAME_MAX} {...form.field('name')} />
        <SubmitButton sending={form.sending}>{t('lists.create.submit')}</SubmitButton>
      </Group>
      <FormRefusal message={form.refusal} />
    </form>
  );
}

/** Renames a named list. */
export function RenameListForm({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const label = t('lists.rename.name');
  const update = useUpdateList();
  const validate = useNameRules(label);
  const form = useForm({
    initial: { name },
    validate,
    onSubmit: async (values) => {
      await update.mutateAsync({ id, body: { nome: values.name.trim() } });
    },
  });
  return (
    <form {...form.formProps} aria-label={t('lists.rename.heading')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextField label={label} required maxLength={LIST_NAME_MAX} {...form.field('name')} />
        <SubmitButton sending={form.sending}>{t('lists.rename.submit')}</SubmitButton>
      </Group>
      <FormRefusal message={form.refusal} />
    </form>
  );
}
