import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, TextInput } from '@mantine/core';
import { CIRCULATION_RULE_KEYS } from '@estante/contract';
import { isRangeInOrder, type DateRange } from './date-range';
import classes from './form.module.css';

/**
 * A history filter: two days and whatever else the screen filters by (`children`). The range is
 * applied on submit; a start after the end is refused in place (SPEC §5) and nothing is asked.
 */
export function DateRangeFilter({
  label,
  initial,
  fromLabel,
  toLabel,
  submitLabel,
  onApply,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  initial: DateRange;
  fromLabel: string;
  toLabel: string;
  submitLabel: string;
  onApply: (range: DateRange) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range: DateRange = { from: from || null, to: to || null };
    if (!isRangeInOrder(range)) {
      setError(t(CIRCULATION_RULE_KEYS.dateRange));
      return;
    }
    setError(null);
    onApply(range);
  };

  return (
    <form aria-label={label} onSubmit={submit} noValidate>
      <Group gap="sm" className={classes.filters} wrap="wrap">
        <TextInput
          type="date"
          label={fromLabel}
          value={from}
          onChange={(event) => {
            setFrom(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          errorProps={{ role: 'alert' }}
        />
        <TextInput
          type="date"
          label={toLabel}
          value={to}
          onChange={(event) => {
            setTo(event.currentTarget.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
        />
        {children}
        <Button type="submit" variant="light">
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
