import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Stack, Text } from '@mantine/core';
import type { PasswordRules } from '@estante/contract';
import {
  CheckboxField,
  FormRefusal,
  PasswordField,
  RequiredLegend,
  SubmitButton,
  firstErrors,
  rules,
  useForm,
} from '../../../components/form';
import { Notice } from '../../../components/ui/notice';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { changePassword, usePasswordRules } from '../api/change-password';
import { PasswordChecklist, meetsPasswordRules } from './password-checklist';

const RULES_ID = 'password-change-rules';

interface Values {
  current: string;
  next: string;
  confirmation: string;
  signOutOthers: boolean;
}

const INITIAL: Values = { current: '', next: '', confirmation: '', signOutOthers: true };

function PasswordChangeForm({ rules: passwordRules, name }: { rules: PasswordRules; name: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState<'kept' | 'signedOut' | null>(null);
  const form = useForm<Values>({
    initial: INITIAL,
    validate: (values) => {
      // SPEC §5: the new password is trimmed when saved, so it is checked trimmed.
      const next = values.next.trim();
      return firstErrors({
        current: [rules.required(values.current, t('identity.passwordChange.current'), t)],
        next: [
          rules.required(next, t('identity.passwordChange.next'), t),
          meetsPasswordRules(next, passwordRules, name) ? undefined : t('identity.recovery.password.unmet'),
        ],
        confirmation: [
          values.confirmation.trim() === next ? undefined : t('identity.recovery.password.mismatch'),
        ],
      });
    },
    onSubmit: async (values) => {
      setDone(null);
      await changePassword({
        current: values.current,
        next: values.next.trim(),
        signOutOthers: values.signOutOthers,
      });
      form.reset({ ...INITIAL, signOutOthers: values.signOutOthers });
      setDone(values.signOutOthers ? 'signedOut' : 'kept');
    },
  });
  return (
    <form {...form.formProps} aria-label={t('personalArea.menu.password')}>
      <Stack gap="md" maw={480}>
        <Text>{t('identity.passwordChange.intro')}</Text>
        <RequiredLegend />
        <PasswordField
          label={t('identity.passwordChange.current')}
          autoComplete="current-password"
          required
          {...form.field('current')}
        />
        <PasswordField
          label={t('identity.passwordChange.next')}
          autoComplete="new-password"
          required
          describedBy={RULES_ID}
          {...form.field('next')}
        />
        <PasswordChecklist
          id={RULES_ID}
          password={form.values.next.trim()}
          rules={passwordRules}
          name={name}
        />
        <PasswordField
          label={t('identity.passwordChange.confirmation')}
          autoComplete="new-password"
          required
          {...form.field('confirmation')}
        />
        <CheckboxField
          label={t('identity.passwordChange.signOutOthers')}
          description={t('identity.passwordChange.signOutOthersHint')}
          {...form.field('signOutOthers')}
        />
        <FormRefusal message={form.refusal} />
        {done && (
          <Notice tone="success">
            {done === 'signedOut'
              ? t('identity.passwordChange.doneOthers')
              : t('identity.passwordChange.done')}
          </Notice>
        )}
        <SubmitButton sending={form.sending}>{t('identity.passwordChange.submit')}</SubmitButton>
      </Stack>
    </form>
  );
}

/**
 * The password change (PUT /pessoas/meu-pergamum/senha, decision 0041): the current password, the
 * new one checked live against the server's rules with the recovery's checklist, its confirmation,
 * and the choice of signing out the other sessions (this one stays).
 */
export function PasswordChangeScreen({ name }: { name: string }) {
  const { t } = useTranslation();
  const query = usePasswordRules();
  if (query.isPending) return <LoadingBlock label={t('identity.passwordChange.loading')} />;
  if (query.isError) {
    return (
      <ErrorBlock message={t('identity.passwordChange.loadError')} onRetry={() => void query.refetch()} />
    );
  }
  return <PasswordChangeForm rules={query.data} name={name} />;
}
