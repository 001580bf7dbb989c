import type { TFunction } from 'i18next';
import { ALERT_DAY_PARAMS, alertParamTextKey, alertTextKey, type Alert } from '@estante/contract';
import { localDay } from '../../../components/form';
import { NUMERIC_DATE, formatDate, patronLocale, translateKey } from '../../../lib/i18n';

/**
 * An alert's text in the interface language, from its kind and parameters (the same texts the
 * server writes its e-mails with): days in the patron's date format, a code (refusal, status) translated.
 */
export function alertMessage(
  t: TFunction,
  alert: Pick<Alert, 'tipo' | 'parametros'>,
  language: string,
): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(alert.parametros)) {
    if (value === null) values[name] = '';
    else if ((ALERT_DAY_PARAMS as readonly string[]).includes(name))
      values[name] = formatDate(String(value), language);
    else {
      const key = alertParamTextKey(alert.tipo, name, value);
      values[name] = key === null ? String(value) : translateKey(t, key);
    }
  }
  return translateKey(t, alertTextKey(alert.tipo, alert.parametros), values);
}

/** When an alert was written: date and time in the patron's locale and time zone. */
export function alertWhen(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(patronLocale(language), {
    ...NUMERIC_DATE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** The period the alerts screen opens with: the last 30 days, today included. */
export function lastThirtyDays(today: Date = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return { from: localDay(from), to: localDay(today) };
}
