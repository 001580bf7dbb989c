import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { RECOVERY_ERROR_CODE, type PasswordRules, type RecoveryStart } from '@estante/contract';
import { ApiError } from '../../../lib/api-client';
import { patronLocale, translateKey } from '../../../lib/i18n';
import { checkRecoveryCode, setRecoveredPassword, startRecovery } from '../api/password-recovery';
import { CaptchaWidget } from './captcha-widget';
import { checkPassword } from '../utils/password-rules';
import { PasswordChecklist } from './password-checklist';

type Step = 'login' | 'code' | 'password';

interface PasswordRecoveryProps {
  /** The username label of the sign-in screen (the institution's denomination or the default). */
  loginLabel: string;
  /** The username already typed on the sign-in screen. */
  initialLogin: string;
  /** Called once the new password is set, with the login it was set for. */
  onDone: (login: string) => void;
  /** Back to the sign-in screen without changing anything. */
  onCancel: () => void;
  /** Whether the institution asks for the captcha (activity 1120) before a code is sent. */
  requiresCaptcha?: boolean;
}

/** SPEC §8 recovery errors: 500 is the unexpected error; a 422 shows the server's message (a key). */
function recoveryErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.unexpected');
  if (error.kind === 'network') return t('errors.network');
  if (error.kind !== 'http' || error.status === 500 || !error.message) return t('errors.unexpected');
  return error.status === 422 ? translateKey(t, error.message) : error.message;
}

function isCodeError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 422 &&
    (error.code === RECOVERY_ERROR_CODE.RECOVERY_CODE_INVALID ||
      error.code === RECOVERY_ERROR_CODE.RECOVERY_CODE_EXPIRED)
  );
}

function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(patronLocale(language), { hour: '2-digit', minute: '2-digit' }).format(date);
}

/**
 * Forgot password in three steps (SPEC §4): the user code; the verification code sent by e-mail (its
 * length from the server, checked as soon as it is complete, expiry shown, a new code offered after a
 * 422); the new password, checked live against the server's rules, with its confirmation.
 */
export function PasswordRecovery({
  loginLabel,
  initialLogin,
  onDone,
  onCancel,
  requiresCaptcha = false,
}: PasswordRecoveryProps) {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState<Step>('login');
  const [login, setLogin] = useState(initialLogin);
  const [start, setStart] = useState<RecoveryStart | null>(null);
  const [code, setCode] = useState('');
  const [rules, setRules] = useState<PasswordRules | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [canResend, setCanResend] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const stepField = useRef<HTMLInputElement>(null);
  // The captcha of the first step; each solved one sends one code (decision 0014).
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaResetKey, setCaptchaResetKey] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | undefined>(undefined);

  // Each step starts with the focus on its field.
  useEffect(() => {
    stepField.current?.focus();
  }, [step]);

  const run = async (action: () => Promise<void>) => {
    setIsBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(recoveryErrorMessage(failure, t));
      if (isCodeError(failure)) {
        // SPEC §4: after a 422 on the code, a new code is offered (also when it lapsed before saving).
        setCode('');
        setCanResend(true);
        setStep('code');
      }
      stepField.current?.focus();
    } finally {
      setIsBusy(false);
    }
  };

  const sendCode = () =>
    run(async () => {
      const token = captchaToken ?? undefined;
      if (requiresCaptcha) setCaptchaResetKey((key) => key + 1);
      const started = await startRecovery(login, requiresCaptcha ? token : undefined);
      setStart(started);
      setCode('');
      setCanResend(false);
      setStep('code');
    });

  const submitLogin = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5: the user code is required.
    if (!login.trim()) {
      setFieldError(t('identity.recovery.login.required'));
      stepField.current?.focus();
      return;
    }
    setFieldError(null);
    // SPEC §5: the captcha must be completed when required.
    if (requiresCaptcha && !captchaToken) {
      setCaptchaError(t('identity.captcha.required'));
      return;
    }
    setCaptchaError(undefined);
    void sendCode();
  };

  const verifyCode = (value: string) =>
    run(async () => {
      setRules(await checkRecoveryCode(login, value));
      setStep('password');
    });

  const changeCode = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, start?.length ?? value.length);
    setCode(digits);
    // SPEC §4: the code is validated automatically when full.
    if (start && digits.length === start.length && !isBusy) void verifyCode(digits);
  };

  const checks = rules ? checkPassword(password, rules, start?.name ?? '') : [];
  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5: saving is blocked with a message while a rule is unmet; the confirmation must be equal.
    if (checks.some((check) => !check.isMet)) {
      setError(t('identity.recovery.password.unmet'));
      stepField.current?.focus();
      return;
    }
    if (password !== confirmation) {
      setError(null);
      setMismatch(t('identity.recovery.password.mismatch'));
      return;
    }
    setMismatch(null);
    void run(async () => {
      await setRecoveredPassword(login, code, password);
      onDone(login.trim());
    });
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('identity.recovery.title')}
      </Title>
      {error && (
        <Alert role="alert" color="red" variant="light">
          {error}
        </Alert>
      )}

      {step === 'login' && (
        <form noValidate onSubmit={submitLogin}>
          <Stack gap="md">
            <Text size="sm">{t('identity.recovery.login.intro')}</Text>
            <TextInput
              ref={stepField}
              label={loginLabel}
              name="recovery-login"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={login}
              onChange={(event) => setLogin(event.currentTarget.value)}
              error={fieldError}
              required
            />
            {requiresCaptcha && (
              <CaptchaWidget onChange={setCaptchaToken} resetKey={captchaResetKey} error={captchaError} />
            )}
            <Group justify="space-between">
              <Button variant="subtle" onClick={onCancel}>
                {t('identity.recovery.back')}
              </Button>
              <Button type="submit" loading={isBusy}>
                {t('identity.recovery.login.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {step === 'code' && start && (
        <Stack gap="md">
          <Text size="sm">
            {t('identity.recovery.code.sent', {
              name: start.name,
              emails: start.emails.join(', '),
            })}
          </Text>
          <TextInput
            ref={stepField}
            label={t('identity.recovery.code.label')}
            description={t('identity.recovery.code.description', {
              length: start.length,
              time: formatTime(start.expira_em, i18n.language),
            })}
            name="recovery-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={start.length}
            value={code}
            onChange={(event) => changeCode(event.currentTarget.value)}
            disabled={isBusy}
            required
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={onCancel}>
              {t('identity.recovery.back')}
            </Button>
            {canResend && (
              <Button
                variant="outline"
                // A new code needs a new captcha, solved on the first step.
                onClick={() => (requiresCaptcha ? setStep('login') : void sendCode())}
                loading={isBusy}
              >
                {t('identity.recovery.code.resend')}
              </Button>
            )}
          </Group>
        </Stack>
      )}

      {step === 'password' && rules && (
        <form noValidate onSubmit={submitPassword}>
          <Stack gap="md">
            <PasswordInput
              ref={stepField}
              label={t('identity.recovery.password.label')}
              name="new-password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              aria-describedby="recovery-password-rules"
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': t('identity.login.showPassword') }}
              required
            />
            <PasswordChecklist
              id="recovery-password-rules"
              password={password}
              rules={rules}
              name={start?.name ?? ''}
            />
            <PasswordInput
              label={t('identity.recovery.password.confirmation')}
              name="confirm-password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
              error={mismatch}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': t('identity.login.showPassword') }}
              required
            />
            <Group justify="space-between">
              <Button variant="subtle" onClick={onCancel}>
                {t('identity.recovery.back')}
              </Button>
              <Button type="submit" loading={isBusy}>
                {t('identity.recovery.password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
