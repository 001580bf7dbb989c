import type { ServerLanguage } from '../../lib/messages.ts';

/** One line of the digest: what was catalogued, why it matched, and where to see it. */
export interface DigestLine {
  label: string;
  reasons: string[];
  link: string;
}

/** The e-mail digest of new titles matching the interest profile (one per patron and run). */
export const DIGEST_TEXTS: Record<
  ServerLanguage,
  { subject: string; body: (name: string, lines: DigestLine[]) => string }
> = {
  pt: {
    subject: 'Novidades do acervo para o seu perfil de interesse',
    body: (name, lines) =>
      `Olá, ${name}.\n\nA biblioteca catalogou ${lines.length === 1 ? '1 novidade' : `${lines.length} novidades`} do seu perfil de interesse:\n\n${list(lines, 'por')}\n\nVeja-as também em Alertas e em Perfil de interesse, na sua área pessoal. Para não receber mais e-mails, desligue essa escolha em Privacidade.`,
  },
  en: {
    subject: 'New in the library for your interest profile',
    body: (name, lines) =>
      `Hello, ${name}.\n\nThe library catalogued ${lines.length === 1 ? '1 new item' : `${lines.length} new items`} matching your interest profile:\n\n${list(lines, 'for')}\n\nSee them also under Alerts and Interest profile in your personal area. To stop receiving e-mails, turn that choice off under Privacy.`,
  },
  es: {
    subject: 'Novedades de la biblioteca para su perfil de interés',
    body: (name, lines) =>
      `Hola, ${name}.\n\nLa biblioteca catalogó ${lines.length === 1 ? '1 novedad' : `${lines.length} novedades`} de su perfil de interés:\n\n${list(lines, 'por')}\n\nVéalas también en Alertas y en Perfil de interés, en su área personal. Para no recibir más correos, desactive esa opción en Privacidad.`,
  },
};

function list(lines: DigestLine[], because: string): string {
  return lines
    .map((line) => `- ${line.label} (${because} ${line.reasons.join('; ')})\n  ${line.link}`)
    .join('\n');
}
