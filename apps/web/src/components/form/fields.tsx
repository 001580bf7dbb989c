import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  PasswordInput,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { Notice } from '../ui/notice';
import { keepPhoneCharacters, PHONE_MAX_LENGTH } from './contact';
import type { FieldBinding } from './use-form';

/** What every field of the kit takes besides its binding (`{...form.field(name)}`). */
interface FieldProps<T> extends FieldBinding<T> {
  label: string;
  description?: ReactNode;
  /** Marks the field (*) and tells assistive technology; the rule itself is in `validate`. */
  required?: boolean;
  /** Shown, not editable (e.g. a datum the institution does not let the patron change). */
  readOnly?: boolean;
  autoComplete?: string;
  maxLength?: number;
}

/** The props Mantine's inputs share: the asterisk, the message announced at once, read-only. */
function common<T>({
  label,
  description,
  required,
  readOnly,
  error,
  autoComplete,
  maxLength,
}: FieldProps<T>) {
  return {
    label,
    description,
    withAsterisk: required ?? false,
    'aria-required': required || undefined,
    readOnly,
    error,
    errorProps: { role: 'alert' },
    autoComplete,
    maxLength,
  };
}

export function TextField(props: FieldProps<string> & { type?: 'text' | 'password' | 'url' }) {
  return (
    <TextInput
      {...common(props)}
      type={props.type ?? 'text'}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

export function TextAreaField(props: FieldProps<string> & { rows?: number }) {
  return (
    <Textarea
      {...common(props)}
      rows={props.rows ?? 4}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/**
 * A password with a show/hide button (SPEC §2); `describedBy` names an element that explains it
 * (e.g. a live list of the password rules), read with the field.
 */
export function PasswordField(
  props: FieldProps<string> & { autoComplete: 'current-password' | 'new-password'; describedBy?: string },
) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // Mantine's PasswordInput writes aria-describedby itself (its description and error only), so the
  // extra id is added to the input after each render, keeping Mantine's.
  useEffect(() => {
    const element = input.current;
    if (!element || !props.describedBy) return;
    const ids = new Set((element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean));
    ids.add(props.describedBy);
    element.setAttribute('aria-describedby', [...ids].join(' '));
  });
  return (
    <PasswordInput
      ref={input}
      {...common(props)}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('form.showPassword') }}
    />
  );
}

/** One e-mail, or several separated by semicolons (`multiple`, SPEC §5). */
export function EmailField(props: FieldProps<string> & { multiple?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...common({
        ...props,
        description: props.description ?? (props.multiple ? t('form.emailListHint') : undefined),
      })}
      type={props.multiple ? 'text' : 'email'}
      inputMode="email"
      autoComplete={props.autoComplete ?? 'email'}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/** SPEC §5/§9: keeps only digits, hyphen, parentheses and space, up to 16 characters. */
export function PhoneField(props: FieldProps<string>) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...common({ ...props, description: props.description ?? t('form.phoneHint') })}
      type="tel"
      inputMode="tel"
      autoComplete={props.autoComplete ?? 'tel'}
      maxLength={PHONE_MAX_LENGTH}
      value={props.value}
      onChange={(event) => props.onChange(keepPhoneCharacters(event.currentTarget.value))}
    />
  );
}

/** A day (YYYY-MM-DD, the browser's date picker). */
export function DateField(props: FieldProps<string> & { min?: string; max?: string }) {
  return (
    <TextInput
      {...common(props)}
      type="date"
      min={props.min}
      max={props.max}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/** A time of day (HH:MM, the browser's time picker). */
export function TimeField(props: FieldProps<string>) {
  return (
    <TextInput
      {...common(props)}
      type="time"
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/** A native select; `choose` adds a first empty option ("Choose…") for a value not yet chosen. */
export function SelectField(
  props: FieldProps<string> & { options: readonly { value: string; label: string }[]; choose?: boolean },
) {
  const { t } = useTranslation();
  const options = props.choose ? [{ value: '', label: t('form.choose') }, ...props.options] : props.options;
  return (
    <NativeSelect
      {...common(props)}
      disabled={props.readOnly}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      data={[...options]}
    />
  );
}

export function CheckboxField({ label, description, value, error, onChange, readOnly }: FieldProps<boolean>) {
  return (
    <Checkbox
      label={label}
      description={description}
      checked={value}
      disabled={readOnly}
      // Announced at once, as the other fields' messages are (Mantine's checkbox has no errorProps).
      error={error ? <span role="alert">{error}</span> : undefined}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** Several choices of a list (e.g. languages), as a labelled group of checkboxes; the value is the chosen values. */
export function CheckboxGroupField(
  props: FieldProps<string[]> & { options: readonly { value: string; label: string }[] },
) {
  return (
    <Checkbox.Group
      label={props.label}
      description={props.description}
      withAsterisk={props.required ?? false}
      error={props.error}
      errorProps={{ role: 'alert' }}
      value={props.value}
      onChange={props.onChange}
    >
      <Group gap="md" mt="xs">
        {props.options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} disabled={props.readOnly} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** "Fields marked with * are required." above a form with required fields. */
export function RequiredLegend() {
  const { t } = useTranslation();
  return <Text size="sm">{t('form.requiredLegend')}</Text>;
}

/** The refusal of the last send, in the patron's language, announced at once; nothing when none. */
export function FormRefusal({ message, title }: { message: string | null; title?: ReactNode }) {
  if (!message) return null;
  return (
    <Notice tone="refusal" title={title}>
      {message}
    </Notice>
  );
}

/**
 * The submit button: while sending it shows a spinner, says so (SPEC §4 "sending") and ignores clicks.
 * `disabled` holds it back until the form can be sent (SPEC §5: a comment's send is enabled only with text).
 */
export function SubmitButton({
  sending,
  disabled,
  children,
}: {
  sending: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button type="submit" loading={sending} disabled={disabled ?? false}>
        {children}
      </Button>
      <VisuallyHidden role="status" aria-live="polite">
        {sending ? t('form.sending') : ''}
      </VisuallyHidden>
    </Group>
  );
}
