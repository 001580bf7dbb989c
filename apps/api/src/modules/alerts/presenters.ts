import { alertLink, type Alert } from '@estante/contract';
import type { ServerLanguage } from '../../lib/messages.ts';
import type { AlertRecord } from './repository.ts';
import { alertText } from './texts.ts';

/** An alert as the calls answer it, its text in the request's language. */
export function presentAlert(alert: AlertRecord, language: ServerLanguage): Alert {
  return {
    id: alert.id,
    lido: alert.readAt !== null,
    tipo: alert.kind,
    data: alert.createdAt.toISOString(),
    texto: alertText(alert.kind, alert.params, language),
    parametros: alert.params,
    link: alertLink(alert.kind, alert.params),
  };
}
