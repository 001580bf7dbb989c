import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@mantine/core';
import { isValidEmail, isValidPhone, keepPhoneCharacters, PHONE_MAX_LENGTH } from '../utils/contact';

interface ContactFieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The patron's phone on a request form (SPEC §5): required; only digits, hyphen, parentheses and space are kept. */
export function PhoneField({ value, error, onChange }: ContactFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('circulation.requests.form.phone')}
      description={t('circulation.requests.form.phoneHint')}
      withAsterisk
      aria-required
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={PHONE_MAX_LENGTH}
      value={value}
      error={error}
      errorProps={{ role: 'alert' }}
      onChange={(event) => onChange(keepPhoneCharacters(event.currentTarget.value))}
    />
  );
}

/** The patron's e-mail on a request form (SPEC §5): required and valid. */
export function EmailField({ value, error, onChange }: ContactFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('circulation.requests.form.email')}
      withAsterisk
      aria-required
      type="email"
      autoComplete="email"
      value={value}
      error={error}
      errorProps={{ role: 'alert' }}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** What is wrong with a typed phone number, in the patron's language; undefined when nothing. */
export function phoneError(phone: string, t: TFunction): string | undefined {
  if (!phone.trim()) return t('circulation.requests.errors.phoneRequired');
  if (!isValidPhone(phone)) return t('circulation.requests.errors.phoneInvalid');
  return undefined;
}

/** What is wrong with a typed e-mail, in the patron's language; undefined when nothing. */
export function emailError(email: string, t: TFunction): string | undefined {
  if (!email.trim()) return t('circulation.requests.errors.emailRequired');
  if (!isValidEmail(email)) return t('circulation.errors.emailInvalid');
  return undefined;
}
