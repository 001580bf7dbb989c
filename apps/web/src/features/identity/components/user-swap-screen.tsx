import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Radio, Stack, Text } from '@mantine/core';
import type { LinkedLogin } from '@estante/contract';
import { FormRefusal, SubmitButton, useForm } from '../../../components/form';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { getLinkedLogins } from '../api/linked-logins';
import { switchUser } from '../api/switch-user';
import type { Session } from '../utils/session';

function UserSwapForm({
  logins,
  persistent,
  onSwitched,
}: {
  logins: LinkedLogin[];
  persistent: boolean;
  onSwitched: (session: Session) => void;
}) {
  const { t } = useTranslation();
  const current = logins.find((login) => login.atual);
  const form = useForm({
    initial: { login: '' },
    validate: (values) =>
      values.login && values.login !== current?.login ? {} : { login: t('identity.userSwap.chooseOther') },
    onSubmit: async (values) => onSwitched(await switchUser(values.login, persistent)),
  });
  const binding = form.field('login');
  return (
    <form {...form.formProps} aria-label={t('personalArea.menu.userSwap')}>
      <Stack gap="md">
        <Radio.Group
          label={t('identity.linkedLogins.label')}
          name="user-swap"
          value={binding.value}
          onChange={binding.onChange}
          error={binding.error}
          errorProps={{ role: 'alert' }}
          withAsterisk
        >
          <Stack gap="xs" mt={4}>
            {logins.map((login) => (
              <Radio
                key={login.codigo}
                value={login.login}
                disabled={login.atual}
                aria-invalid={binding.error && !login.atual ? true : undefined}
                label={t(login.atual ? 'identity.userSwap.current' : 'identity.linkedLogins.option', {
                  name: login.nome,
                  category: login.desc_categoria,
                  login: login.login,
                })}
              />
            ))}
          </Stack>
        </Radio.Group>
        <FormRefusal message={form.refusal} />
        <SubmitButton sending={form.sending}>{t('identity.userSwap.submit')}</SubmitButton>
      </Stack>
    </form>
  );
}

/**
 * User swap from the personal area (POST /pessoas/meu-pergamum/troca-usuario, decision 0041): the
 * person's other logins, as right after sign-in; the chosen one's session replaces this one.
 */
export function UserSwapScreen({
  persistent,
  onSwitched,
}: {
  /** Whether the session is kept across visits (remember-me): the new one is kept the same way. */
  persistent: boolean;
  onSwitched: (session: Session) => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['identity', 'linked-logins'],
    queryFn: getLinkedLogins,
    staleTime: 0,
    gcTime: 0,
    meta: { patron: true },
  });
  if (query.isPending) return <LoadingBlock label={t('identity.userSwap.loading')} />;
  if (query.isError) {
    return <ErrorBlock message={t('identity.userSwap.loadError')} onRetry={() => void query.refetch()} />;
  }
  const logins = query.data;
  return (
    <Stack gap="md">
      {logins.length < 2 ? (
        <Text>{t('identity.userSwap.only')}</Text>
      ) : (
        <>
          <Text>{t('identity.userSwap.intro')}</Text>
          <UserSwapForm logins={logins} persistent={persistent} onSwitched={onSwitched} />
        </>
      )}
    </Stack>
  );
}
