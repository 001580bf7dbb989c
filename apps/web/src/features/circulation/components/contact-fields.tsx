import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  EmailField as KitEmailField,
  isValidEmail,
  isValidPhone,
  PhoneField as KitPhoneField,
} from '../../../components/form';

interface ContactFieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The patron's phone on a request form (SPEC §5): required; the form kit's phone field. */
export function PhoneField(props: ContactFieldProps) {
  const { t } = useTranslation();
  return (
    <KitPhoneField
      label={t('circulation.requests.form.phone')}
      description={t('circulation.requests.form.phoneHint')}
      required
      {...props}
    />
  );
}

/** The patron's e-mail on a request form (SPEC §5): required and valid. */
export function EmailField(props: ContactFieldProps) {
  const { t } = useTranslation();
  return <KitEmailField label={t('circulation.requests.form.email')} required {...props} />;
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
