import { resources } from '@estante/i18n';
import type { ServerLanguage } from '../../lib/messages.ts';

/** The text of a translation key (a refusal's message) in a language; the key itself when unknown. */
export function translate(key: string, language: ServerLanguage): string {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      resources[language].translation,
    );
  return typeof value === 'string' ? value : key;
}

/** A day as the patron reads it: 05/03/2026 in Portuguese and Spanish, 2026-03-05 in English. */
export function formatDay(day: string, language: ServerLanguage): string {
  if (language === 'en') return day;
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** Money as the patron reads it (SPEC §9: R$, comma decimals in Portuguese). */
export function formatMoney(cents: number, language: ServerLanguage): string {
  const units = (cents / 100).toFixed(2);
  return language === 'en' ? `R$ ${units}` : `R$ ${units.replace('.', ',')}`;
}

/** The circulation e-mails' own texts (hold released, request available, automatic renewal, declaration). */
export const CIRCULATION_MAIL_TEXTS: Record<
  ServerLanguage,
  {
    holdReleasedSubject: string;
    holdReleased: (v: { name: string; title: string; library: string; until: string }) => string;
    requestAvailableSubject: string;
    requestAvailable: (v: { name: string; title: string; library: string; until: string }) => string;
    autoRenewSubject: string;
    autoRenewIntro: (name: string) => string;
    autoRenewRenewed: string;
    autoRenewRefused: string;
    autoRenewLine: (title: string, due: string) => string;
    autoRenewRefusedLine: (title: string, due: string, reason: string) => string;
    autoRenewOff: string;
    declarationSubject: string;
    declarationText: (name: string, code: string) => string;
  }
> = {
  pt: {
    holdReleasedSubject: 'Sua reserva está disponível',
    holdReleased: (v) =>
      `Olá, ${v.name}.\n\nO título "${v.title}" que você reservou está disponível para retirada na ${v.library} até ${v.until}.\nDepois dessa data a reserva é cancelada e o exemplar passa para o próximo da fila.`,
    requestAvailableSubject: 'Sua solicitação de empréstimo está disponível',
    requestAvailable: (v) =>
      `Olá, ${v.name}.\n\nO exemplar de "${v.title}" que você solicitou está disponível para retirada na ${v.library} até ${v.until}.`,
    autoRenewSubject: 'Renovação automática dos seus empréstimos',
    autoRenewIntro: (name) =>
      `Olá, ${name}.\n\nHoje vencem empréstimos seus. A renovação automática fez o seguinte:`,
    autoRenewRenewed: 'Renovados:',
    autoRenewRefused: 'Não renovados (devolva até a data indicada):',
    autoRenewLine: (title, due) => `- "${title}": nova data de devolução ${due}`,
    autoRenewRefusedLine: (title, due, reason) => `- "${title}": devolução em ${due}. Motivo: ${reason}`,
    autoRenewOff: 'Para desligar a renovação automática, use a opção Renovação na sua área pessoal.',
    declarationSubject: 'Declaração de nada consta',
    declarationText: (name, code) =>
      `Olá, ${name}.\n\nSegue em anexo a sua declaração de nada consta. Código de verificação: ${code}.`,
  },
  en: {
    holdReleasedSubject: 'Your hold is ready',
    holdReleased: (v) =>
      `Hello, ${v.name}.\n\nThe title "${v.title}" you placed a hold on is ready for pickup at ${v.library} until ${v.until}.\nAfter that day the hold is cancelled and the copy goes to the next person in the queue.`,
    requestAvailableSubject: 'Your loan request is ready',
    requestAvailable: (v) =>
      `Hello, ${v.name}.\n\nThe copy of "${v.title}" you requested is ready for pickup at ${v.library} until ${v.until}.`,
    autoRenewSubject: 'Automatic renewal of your loans',
    autoRenewIntro: (name) =>
      `Hello, ${name}.\n\nSome of your loans are due today. Automatic renewal did this:`,
    autoRenewRenewed: 'Renewed:',
    autoRenewRefused: 'Not renewed (return them by the date shown):',
    autoRenewLine: (title, due) => `- "${title}": new due date ${due}`,
    autoRenewRefusedLine: (title, due, reason) => `- "${title}": due ${due}. Reason: ${reason}`,
    autoRenewOff: 'To turn automatic renewal off, use Renewal in your personal area.',
    declarationSubject: 'No-debts declaration',
    declarationText: (name, code) =>
      `Hello, ${name}.\n\nYour no-debts declaration is attached. Verification code: ${code}.`,
  },
  es: {
    holdReleasedSubject: 'Su reserva está disponible',
    holdReleased: (v) =>
      `Hola, ${v.name}.\n\nEl título "${v.title}" que usted reservó está disponible para retirar en ${v.library} hasta el ${v.until}.\nDespués de esa fecha la reserva se cancela y el ejemplar pasa al siguiente de la fila.`,
    requestAvailableSubject: 'Su solicitud de préstamo está disponible',
    requestAvailable: (v) =>
      `Hola, ${v.name}.\n\nEl ejemplar de "${v.title}" que usted solicitó está disponible para retirar en ${v.library} hasta el ${v.until}.`,
    autoRenewSubject: 'Renovación automática de sus préstamos',
    autoRenewIntro: (name) =>
      `Hola, ${name}.\n\nHoy vencen préstamos suyos. La renovación automática hizo lo siguiente:`,
    autoRenewRenewed: 'Renovados:',
    autoRenewRefused: 'No renovados (devuélvalos hasta la fecha indicada):',
    autoRenewLine: (title, due) => `- "${title}": nueva fecha de devolución ${due}`,
    autoRenewRefusedLine: (title, due, reason) => `- "${title}": devolución el ${due}. Motivo: ${reason}`,
    autoRenewOff: 'Para desactivar la renovación automática, use la opción Renovación en su área personal.',
    declarationSubject: 'Declaración de libre deuda',
    declarationText: (name, code) =>
      `Hola, ${name}.\n\nAdjuntamos su declaración de libre deuda. Código de verificación: ${code}.`,
  },
};
