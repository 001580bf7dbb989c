import type { ServerLanguage } from '../../lib/messages.ts';

/** The basket e-mail's own texts in the request's language (SPEC §6 language code). */
export const BASKET_MAIL_TEXTS: Record<
  ServerLanguage,
  {
    subject: string;
    intro: (count: number) => string;
    note: string;
    attached: (file: string) => string;
    pdfHeading: string;
  }
> = {
  pt: {
    subject: 'Cesta do catálogo: referências',
    intro: (count) =>
      count === 1 ? 'Referência do título da cesta:' : `Referências dos ${count} títulos da cesta:`,
    note: 'Mensagem:',
    attached: (file) => `Em anexo: ${file}.`,
    pdfHeading: 'Referências',
  },
  en: {
    subject: 'Catalogue basket: references',
    intro: (count) =>
      count === 1
        ? 'Reference of the title in the basket:'
        : `References of the ${count} titles in the basket:`,
    note: 'Message:',
    attached: (file) => `Attached: ${file}.`,
    pdfHeading: 'References',
  },
  es: {
    subject: 'Cesta del catálogo: referencias',
    intro: (count) =>
      count === 1 ? 'Referencia del título de la cesta:' : `Referencias de los ${count} títulos de la cesta:`,
    note: 'Mensaje:',
    attached: (file) => `Adjunto: ${file}.`,
    pdfHeading: 'Referencias',
  },
};
