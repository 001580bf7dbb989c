import { z } from 'zod';
import { idSchema, multilineTextSchema, textSchema } from './schemas/input.ts';

/** The basket export formats (SPEC §7 POST /acervo/exportar-cesta `tipo`), either case on the wire. */
export const BASKET_EXPORT_FORMATS = ['RIS', 'BIBTEX', 'MARC21', 'MARCXML', 'CSV', 'ABNT', 'PDF'] as const;
export type BasketExportFormat = (typeof BASKET_EXPORT_FORMATS)[number];

/** Most titles one export (or one e-mail) carries. */
export const BASKET_EXPORT_MAX_TITLES = 200;
/** Most addresses one basket e-mail goes to. */
export const BASKET_EMAIL_MAX_RECIPIENTS = 10;

/** SPEC §7 `opcoesEmail`: send the export by e-mail instead of answering the file. */
export const BasketEmailOptionsSchema = z.object({
  /** SPEC §5: one or more addresses separated by semicolons; each is checked on the server (422 names a bad one). */
  emails: textSchema().trim().min(1).max(2000),
  /** Optional note the patron adds above the references. */
  mensagem: multilineTextSchema().trim().max(2000).optional(),
});
export type BasketEmailOptions = z.infer<typeof BasketEmailOptionsSchema>;

/** SPEC §7 POST /acervo/exportar-cesta {tipo, dados, acervos, opcoesEmail}. */
export const BasketExportSchema = z.object({
  /** One of BASKET_EXPORT_FORMATS, in any case (documented in capitals). */
  tipo: z.preprocess(
    (value) => (typeof value === 'string' ? value.toUpperCase() : value),
    z.enum(BASKET_EXPORT_FORMATS),
  ),
  /** The titles, by cod_acervo; at least one (an empty list is a 400). */
  acervos: z.array(idSchema()).min(1).max(BASKET_EXPORT_MAX_TITLES),
  /** SPEC §7 names it; the export is built from the stored records, so it is accepted and ignored. */
  dados: z.unknown().optional(),
  opcoesEmail: BasketEmailOptionsSchema.optional(),
});
export type BasketExport = z.infer<typeof BasketExportSchema>;

/** The answer when the export went by e-mail. */
export const BasketEmailSentSchema = z.object({
  enviado: z.literal(true),
  destinatarios: z.array(z.string()),
});
export type BasketEmailSent = z.infer<typeof BasketEmailSentSchema>;

/** The 422 codes of the basket e-mail (SPEC §5); the message is the translation key. */
export const BASKET_ERROR = {
  INVALID_EMAIL: { code: 'BASKET_INVALID_EMAIL', key: 'basket.email.invalid' },
  TOO_MANY_RECIPIENTS: { code: 'BASKET_TOO_MANY_RECIPIENTS', key: 'basket.email.tooMany' },
  EMAIL_OFF: { code: 'BASKET_EMAIL_OFF', key: 'basket.email.off' },
  /** 429: this client address sent the basket too often in the last hour. */
  EMAIL_LIMIT: { code: 'BASKET_EMAIL_LIMIT', key: 'basket.email.limit' },
} as const;

/** SPEC §5 "standard address pattern": zod's e-mail check, shared by the web form and the server. */
export function isValidEmail(address: string): boolean {
  return z.email().safeParse(address).success;
}

/** SPEC §5: the addresses of a semicolon-separated field, trimmed, empty parts left out. */
export function splitEmailList(field: string): string[] {
  return field
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
