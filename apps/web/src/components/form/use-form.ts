import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from './refusal';
import { useFocusFirstError } from './use-focus-first-error';

/** A message per field, already in the patron's language; a field without one is valid. */
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export interface UseFormOptions<V> {
  /** What the fields hold at first (and after `reset()`). */
  initial: V;
  /** The rules checked before sending (SPEC §5): a message per invalid field, naming it. */
  validate?: (values: V) => FieldErrors<V>;
  /**
   * Sends the values. When it throws, a 422 becomes the refusal shown in place (its message is a
   * translation key, SPEC §8) and anything else goes to the central error handler's toast; either
   * way the form keeps what was typed.
   */
  onSubmit: (values: V) => Promise<void> | void;
}

/** What a field component takes from the form: its value, its message and how to change it. */
export interface FieldBinding<T> {
  value: T;
  error: string | undefined;
  onChange: (value: T) => void;
}

/**
 * The form kit's state (decision 0040): values, per-field messages, the refusal of the last send
 * and the sending flag. Changing a field clears its message and the refusal; a refused submit
 * moves the focus to the first invalid field; a second submit while sending is ignored.
 *
 *   const form = useForm({ initial: { email: '' }, validate, onSubmit: (v) => save(v) });
 *   <form {...form.formProps}>
 *     <EmailField label={t('…')} required {...form.field('email')} />
 *     <FormRefusal message={form.refusal} />
 *     <SubmitButton sending={form.sending}>{t('…')}</SubmitButton>
 *   </form>
 */
export function useForm<V extends object>({ initial, validate, onSubmit }: UseFormOptions<V>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const { containerRef, reportErrors } = useFocusFirstError<HTMLFormElement>();

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...others }) => others as FieldErrors<V>);
    setRefusal(null);
  }, []);

  const field = <K extends keyof V & string>(name: K): FieldBinding<V[K]> => ({
    value: values[name],
    error: errors[name],
    onChange: (value) => setValue(name, value),
  });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sendingRef.current) return;
    const found = validate?.(values) ?? {};
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) {
      reportErrors();
      return;
    }
    sendingRef.current = true;
    setSending(true);
    try {
      await onSubmit(values);
    } catch (error) {
      setRefusal(refusalOf(error, t));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  return {
    values,
    errors,
    refusal,
    sending,
    setValue,
    /** Sets several values at once (e.g. when the saved data arrives), clearing every message. */
    reset: (next: V = initial) => {
      setValues(next);
      setErrors({});
      setRefusal(null);
    },
    /** Messages found outside `validate` (e.g. a check that needs the server). */
    setErrors,
    field,
    submit,
    formProps: {
      ref: containerRef,
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
    },
  };
}
