import type { TFunction } from 'i18next';
import { rules } from '../../../components/form';

/**
 * SPEC §5: a validity is a real day after today (the library's today, from info-auxiliar); the
 * message names the field. The server checks the same and answers 422 with its key.
 */
export function validityErrors(
  value: string,
  label: string,
  today: string,
  t: TFunction,
): string | undefined {
  return (
    rules.required(value, label, t) ??
    rules.date(value, label, t) ??
    (value <= today ? t('interestProfile.form.validityAfterToday', { field: label }) : undefined)
  );
}
