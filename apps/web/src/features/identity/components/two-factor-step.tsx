import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { loginErrorMessage } from '../utils/login-errors';

interface TwoFactorStepProps {
  /** Sends the password grant again with the code; rejects with the server's refusal. */
  onVerify: (code: string) => Promise<void>;
  /** Back to the sign-in form (the password is typed again). */
  onCancel: () => void;
}

/**
 * The second step of signing in for a patron with two-step verification (decision 0010): after
 * the right password the server asks for the authenticator app's code, or one recovery code.
 * The password typed in the first step is sent again by the form; it is not asked twice.
 */
export function TwoFactorStep({ onVerify, onCancel }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isVerifying) return;
    if (!code.trim()) {
      setFieldError(t('identity.twoFactor.step.required'));
      codeRef.current?.focus();
      return;
    }
    setFieldError(null);
    setFailure(null);
    setIsVerifying(true);
    try {
      await onVerify(code.trim());
    } catch (error) {
      // A wrong or used code: the field is emptied for the next one (each code works once).
      setFailure(loginErrorMessage(error, t));
      setCode('');
      setIsVerifying(false);
      codeRef.current?.focus();
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('identity.twoFactor.step.title')}
        </Title>
        <Text size="sm">{t('identity.twoFactor.step.description')}</Text>
        {failure && (
          <Alert role="alert" color="red" variant="light" title={t('identity.login.error.title')}>
            {failure}
          </Alert>
        )}
        <TextInput
          ref={codeRef}
          label={t('identity.twoFactor.step.code')}
          description={t('identity.twoFactor.step.codeHint')}
          name="totp"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={fieldError}
          required
          data-autofocus
          autoFocus
        />
        <Group justify="space-between" align="center" gap="sm">
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            {t('identity.twoFactor.step.back')}
          </Anchor>
          <Button type="submit" loading={isVerifying}>
            {t('identity.twoFactor.step.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
