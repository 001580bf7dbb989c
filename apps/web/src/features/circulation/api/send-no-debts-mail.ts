import {
  API_PATHS,
  NO_DEBTS_MAIL_FIELDS,
  NoDebtsMailSentSchema,
  type NoDebtsMailSent,
} from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** A PDF the patron received, sent back so the server can check it is the declaration it issued. */
export interface MailAttachment {
  blob: Blob;
  filename: string;
}

/** POST /nada-consta/send-mail (multipart): e-mails the declaration to one or more `;`-separated addresses. */
export function sendNoDebtsMail(emails: string, file: MailAttachment | null): Promise<NoDebtsMailSent> {
  const form = new FormData();
  form.append(NO_DEBTS_MAIL_FIELDS.email, emails);
  if (file) form.append(NO_DEBTS_MAIL_FIELDS.file, file.blob, file.filename);
  return apiPost(API_PATHS.noDebtsMail, NoDebtsMailSentSchema, { body: form, auth: 'private' });
}
