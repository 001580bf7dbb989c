import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Radio, Stack } from '@mantine/core';
import type { LinkedLogin } from '@estante/contract';
import { switchLogin } from '../api/linked-logins';
import type { Session } from '../utils/session';
import { loginErrorMessage } from '../utils/login-errors';

interface LinkedLoginChoiceProps {
  session: Session;
  logins: LinkedLogin[];
  /** Called with the session to go on with: the same one, or the chosen login's. */
  onChosen: (session: Session) => void;
}

/** SPEC §4: after signing in with several linked logins, the patron chooses which one to use. */
export function LinkedLoginChoice({ session, logins, onChosen }: LinkedLoginChoiceProps) {
  const { t } = useTranslation();
  const current = logins.find((login) => login.atual) ?? logins[0];
  const [chosen, setChosen] = useState(String(current?.codigo ?? ''));
  const [isSwitching, setIsSwitching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = logins.find((login) => String(login.codigo) === chosen);
    if (!target || target.atual) {
      onChosen(session);
      return;
    }
    setIsSwitching(true);
    setFailure(null);
    try {
      onChosen(await switchLogin(target, session.persistent));
    } catch (error) {
      setFailure(loginErrorMessage(error, t));
      setIsSwitching(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {failure && (
          <Alert role="alert" color="red" variant="light" title={t('identity.login.error.title')}>
            {failure}
          </Alert>
        )}
        <Radio.Group
          label={t('identity.linkedLogins.label')}
          description={t('identity.linkedLogins.description')}
          name="linked-login"
          value={chosen}
          onChange={setChosen}
        >
          <Stack gap="xs" mt={4}>
            {logins.map((login) => (
              <Radio
                key={login.codigo}
                value={String(login.codigo)}
                label={t('identity.linkedLogins.option', {
                  name: login.nome,
                  category: login.desc_categoria,
                  login: login.login,
                })}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={isSwitching}>
            {t('identity.linkedLogins.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
