import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Code,
  Group,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TwoFactorEnrolment } from '@estante/contract';
import { loginErrorMessage } from '../utils/login-errors';
import {
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactorStatusQueryOptions,
  startTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';
import { TotpQrCode } from './totp-qr-code';

interface TwoFactorSettingsProps {
  /** The signed-in patron's login (keys the status query). */
  login: string;
}

/**
 * Two-step verification in the personal area (decision 0010, beyond SPEC): shown only when the
 * institution offers it. Turning it on shows the otpauth address as a QR code (decision 0017), and
 * the secret and the address as text for those who type them, asks for a code from the app, then
 * shows the ten recovery codes once. Turning it off asks for the password.
 */
export function TwoFactorSettings({ login }: TwoFactorSettingsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: status } = useTwoFactorStatus(login);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  if (!status?.disponivel) return null;

  const refresh = () => queryClient.invalidateQueries(getTwoFactorStatusQueryOptions(login));

  /** Runs one call, showing its refusal (SPEC §8: a 422 is a translated key). */
  const attempt = async (call: () => Promise<void>) => {
    setFailure(null);
    setNotice(null);
    setIsBusy(true);
    try {
      await call();
    } catch (error) {
      setFailure(loginErrorMessage(error, t));
    } finally {
      setIsBusy(false);
    }
  };

  const start = () =>
    attempt(async () => {
      setEnrolment(await startTwoFactor());
      setCode('');
    });

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setFieldError(t('identity.twoFactor.step.required'));
      return;
    }
    setFieldError(null);
    void attempt(async () => {
      try {
        const codes = await confirmTwoFactor(code);
        setRecoveryCodes(codes);
        setEnrolment(null);
        await refresh();
      } finally {
        setCode('');
      }
    });
  };

  const turnOff = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setFieldError(t('identity.login.required.password'));
      return;
    }
    setFieldError(null);
    void attempt(async () => {
      try {
        await disableTwoFactor(password);
        setRecoveryCodes(null);
        setNotice(t('identity.twoFactor.settings.turnedOff'));
        await refresh();
      } finally {
        setPassword('');
      }
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="two-factor-title">
      <Title order={2} size="h3" id="two-factor-title">
        {t('identity.twoFactor.settings.title')}
      </Title>
      <Text size="sm">{t('identity.twoFactor.settings.description')}</Text>
      {failure && (
        <Alert role="alert" color="red" variant="light">
          {failure}
        </Alert>
      )}
      {notice && (
        <Alert role="status" color="teal" variant="light">
          {notice}
        </Alert>
      )}
      {recoveryCodes ? (
        <Stack gap="sm">
          {/* No Alert title: the light variant's coloured title is below AA contrast (axe). */}
          <Alert role="status" color="teal" variant="light">
            <Text fw={700}>{t('identity.twoFactor.settings.turnedOn')}</Text>
            <Text size="sm">{t('identity.twoFactor.settings.recoveryCodesHint')}</Text>
          </Alert>
          <List aria-label={t('identity.twoFactor.settings.recoveryCodes')} ff="monospace">
            {recoveryCodes.map((recovery) => (
              <List.Item key={recovery}>{recovery}</List.Item>
            ))}
          </List>
          <Group>
            <Button onClick={() => setRecoveryCodes(null)}>{t('identity.twoFactor.settings.done')}</Button>
          </Group>
        </Stack>
      ) : status.ativo ? (
        <form noValidate onSubmit={turnOff}>
          <Stack gap="sm">
            <Text fw={700}>{t('identity.twoFactor.settings.isOn')}</Text>
            <PasswordInput
              label={t('identity.login.password')}
              name="two-factor-password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fieldError}
              required
              visibilityToggleButtonProps={{ 'aria-label': t('identity.login.showPassword') }}
            />
            <Group>
              <Button type="submit" color="red" loading={isBusy}>
                {t('identity.twoFactor.settings.turnOff')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : enrolment ? (
        <form noValidate onSubmit={confirm}>
          <Stack gap="sm">
            <Text size="sm">{t('identity.twoFactor.settings.addToApp')}</Text>
            <TotpQrCode otpauthUrl={enrolment.otpauth_url} alt={t('identity.twoFactor.settings.qrCode')} />
            <Text size="sm" fw={700}>
              {t('identity.twoFactor.settings.secret')}
            </Text>
            <Code block data-testid="two-factor-secret">
              {enrolment.secret}
            </Code>
            <Text size="sm" fw={700}>
              {t('identity.twoFactor.settings.address')}
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {enrolment.otpauth_url}
            </Code>
            <TextInput
              label={t('identity.twoFactor.settings.confirmCode')}
              name="two-factor-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={fieldError}
              required
            />
            <Group>
              <Button type="submit" loading={isBusy}>
                {t('identity.twoFactor.settings.confirm')}
              </Button>
              <Button variant="default" onClick={() => setEnrolment(null)}>
                {t('identity.twoFactor.settings.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>{t('identity.twoFactor.settings.isOff')}</Text>
          <Button onClick={() => void start()} loading={isBusy}>
            {t('identity.twoFactor.settings.turnOn')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
