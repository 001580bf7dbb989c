import {
  BASKET_EMAIL_MAX_RECIPIENTS,
  BASKET_ERROR,
  isValidEmail,
  splitEmailList,
  type BasketExport,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { BASKET_ERRORS } from './errors.ts';
import { abntReferences, buildExport, type ExportFile } from './exports.ts';
import { BASKET_MAIL_TEXTS } from './mail-texts.ts';
import { findExportTitles, type ExportTitleRow } from './repository.ts';

/** Answers whether one more e-mail may go out now (and counts it); the routes limit per client address. */
export type BasketMailGate = () => Promise<boolean>;

/** What an export did: the file to answer with, or the addresses it was sent to. */
export type ExportResult = { kind: 'file'; file: ExportFile } | { kind: 'sent'; recipients: string[] };

function refusal(rule: { code: string; key: string }, details?: string): AppError {
  return new AppError(422, rule.code, null, rule.key, details);
}

/** SPEC §5: every address valid (a 422 names the first bad one), at most BASKET_EMAIL_MAX_RECIPIENTS. */
export function checkRecipients(field: string): string[] {
  const addresses = [...new Set(splitEmailList(field))];
  const bad = addresses.find((address) => !isValidEmail(address));
  if (bad !== undefined) throw refusal(BASKET_ERROR.INVALID_EMAIL, bad);
  if (addresses.length === 0) throw refusal(BASKET_ERROR.INVALID_EMAIL, field);
  if (addresses.length > BASKET_EMAIL_MAX_RECIPIENTS) throw refusal(BASKET_ERROR.TOO_MANY_RECIPIENTS);
  return addresses;
}

/** The titles in the order asked; any unknown id makes the whole export a 404 that names them. */
async function loadTitles(db: Db, ids: readonly number[]): Promise<ExportTitleRow[]> {
  const unique = [...new Set(ids)];
  const rows = new Map((await findExportTitles(db, unique)).map((row) => [row.id, row]));
  const missing = unique.filter((id) => !rows.has(id));
  if (missing.length > 0) throw BASKET_ERRORS.unknownTitles(missing);
  return unique.map((id) => rows.get(id)!);
}

/** SPEC §7 POST /acervo/exportar-cesta: build the file; with opcoesEmail, mail it with the ABNT references. */
export async function exportBasket(
  deps: { db: Db; clock: Clock; mailer?: Mailer | undefined },
  request: BasketExport,
  language: ServerLanguage,
  mayMail: BasketMailGate = async () => true,
): Promise<ExportResult> {
  // Addresses are checked before any work, so a typo answers at once.
  const recipients = request.opcoesEmail ? checkRecipients(request.opcoesEmail.emails) : null;
  if (recipients && !deps.mailer) throw BASKET_ERRORS.emailOff();
  if (recipients && !(await mayMail())) {
    throw new AppError(429, BASKET_ERROR.EMAIL_LIMIT.code, null, BASKET_ERROR.EMAIL_LIMIT.key);
  }
  const rows = await loadTitles(deps.db, request.acervos);
  const now = deps.clock.now();
  const texts = BASKET_MAIL_TEXTS[language];
  const file = await buildExport(request.tipo, rows, { accessed: now, pdfHeading: texts.pdfHeading });
  if (!recipients || !deps.mailer) return { kind: 'file', file };

  const note = request.opcoesEmail?.mensagem;
  const references = abntReferences(rows, now).map((reference) => reference.text);
  const text = [
    ...(note ? [texts.note, note, ''] : []),
    texts.intro(rows.length),
    '',
    references.join('\n\n'),
    '',
    texts.attached(file.filename),
  ].join('\n');
  await deps.mailer.send({
    to: recipients,
    subject: texts.subject,
    text,
    attachments: [{ filename: file.filename, content: file.content, contentType: file.contentType }],
  });
  return { kind: 'sent', recipients };
}
