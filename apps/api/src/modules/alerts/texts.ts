import { ALERT_DAY_PARAMS, alertParamTextKey, alertTextKey, type AlertKind } from '@estante/contract';
import type { ServerLanguage } from '../../lib/messages.ts';
import { formatDay, translate } from '../circulation/mail-texts.ts';

/**
 * An alert's text in a language: the kind's text (packages/i18n `alerts.kind.*`) with its
 * parameters put in, days in the reader's format and a code (refusal, status) translated.
 */
export function alertText(
  kind: AlertKind,
  params: Record<string, string | number | null>,
  language: ServerLanguage,
): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null) values[name] = '';
    else if ((ALERT_DAY_PARAMS as readonly string[]).includes(name) && typeof value === 'string')
      values[name] = formatDay(value, language);
    else {
      const key = alertParamTextKey(kind, name, value);
      values[name] = key === null ? String(value) : translate(key, language);
    }
  }
  return translate(alertTextKey(kind, params), language).replace(
    /\{\{(\w+)\}\}/g,
    (placeholder, name: string) => values[name] ?? placeholder,
  );
}

/** The alert e-mail's own texts (its subject, greeting and where to read the alerts). */
export const ALERT_MAIL_TEXTS: Record<
  ServerLanguage,
  { subject: string; body: (name: string, text: string) => string }
> = {
  pt: {
    subject: 'Novo alerta da biblioteca',
    body: (name, text) =>
      `Olá, ${name}.\n\n${text}\n\nVeja todos os seus alertas na opção Alertas da sua área pessoal. Para não receber mais e-mails, desligue essa escolha em Privacidade.`,
  },
  en: {
    subject: 'New alert from the library',
    body: (name, text) =>
      `Hello, ${name}.\n\n${text}\n\nSee all your alerts under Alerts in your personal area. To stop receiving e-mails, turn that choice off under Privacy.`,
  },
  es: {
    subject: 'Nueva alerta de la biblioteca',
    body: (name, text) =>
      `Hola, ${name}.\n\n${text}\n\nVea todas sus alertas en la opción Alertas de su área personal. Para no recibir más correos, desactive esa opción en Privacidad.`,
  },
};
