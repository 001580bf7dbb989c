import type { MailMessage } from '../../lib/mail.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

/** What the recovery e-mail says. */
export interface RecoveryMailInput {
  to: string[];
  firstName: string;
  code: string;
  minutes: number;
  institution: string;
}

const TEXTS: Record<
  ServerLanguage,
  { subject: (i: RecoveryMailInput) => string; lines: (i: RecoveryMailInput) => string[] }
> = {
  pt: {
    subject: (i) => `${i.institution}: código para criar uma nova senha`,
    lines: (i) => [
      `Olá, ${i.firstName}.`,
      `Seu código para criar uma nova senha no catálogo é: ${i.code}`,
      `Ele vale por ${i.minutes} minutos e pode ser usado uma única vez.`,
      'Se você não pediu uma nova senha, ignore esta mensagem: sua senha atual continua valendo.',
    ],
  },
  en: {
    subject: (i) => `${i.institution}: code to create a new password`,
    lines: (i) => [
      `Hello, ${i.firstName}.`,
      `Your code to create a new password in the catalogue is: ${i.code}`,
      `It is valid for ${i.minutes} minutes and can be used only once.`,
      'If you did not ask for a new password, ignore this message: your current password still works.',
    ],
  },
  es: {
    subject: (i) => `${i.institution}: código para crear una nueva contraseña`,
    lines: (i) => [
      `Hola, ${i.firstName}.`,
      `Su código para crear una nueva contraseña en el catálogo es: ${i.code}`,
      `Es válido por ${i.minutes} minutos y se puede usar una sola vez.`,
      'Si no pidió una nueva contraseña, ignore este mensaje: su contraseña actual sigue siendo válida.',
    ],
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The recovery e-mail in the language the patron asked in: plain text, and the same as simple HTML. */
export function recoveryMail(input: RecoveryMailInput, language: ServerLanguage): MailMessage {
  const texts = TEXTS[language];
  const lines = texts.lines(input);
  return {
    to: input.to,
    subject: texts.subject(input),
    text: lines.join('\n\n'),
    html: lines
      .map((line) => {
        const safe = escapeHtml(line);
        return `<p>${line.endsWith(input.code) ? safe.replace(input.code, `<strong>${input.code}</strong>`) : safe}</p>`;
      })
      .join('\n'),
  };
}
