import type { AlertKind, AlertParams } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import { splitEmails, type MailMessage } from '../../lib/mail.ts';
import { findRecipient, insertAlert } from './repository.ts';
import { ALERT_MAIL_TEXTS, alertText } from './texts.ts';

/** An event to tell a patron about. */
export interface AlertInput<K extends AlertKind> {
  patronId: number;
  kind: K;
  params: AlertParams<K>;
  /** When the event happened (the transaction's clock). */
  at: Date;
  /**
   * Written once per patron and key (e.g. `loanDueSoon:<loan>:<due day>`): an event a job sees on
   * every run is alerted, and e-mailed, only the first time.
   */
  onceKey?: string;
  /** The event already sent this patron its own e-mail (the circulation notices): no second one. */
  alreadyMailed?: boolean;
}

/** A written alert and the e-mail to send once the transaction commits (null: none is due). */
export interface RecordedAlert {
  id: number;
  mail: MailMessage | null;
}

/**
 * Writes an alert for a patron inside the caller's transaction (use the transaction handle), and
 * answers the e-mail to send after the commit when the patron chose to receive e-mails and has an
 * address. Answers null when an alert with the same once-key was already written. Send the mail
 * only after the commit, so nobody is told about work that was rolled back.
 */
export async function recordAlert<K extends AlertKind>(
  tx: Queryable,
  input: AlertInput<K>,
): Promise<RecordedAlert | null> {
  const id = await insertAlert(tx, {
    patronId: input.patronId,
    kind: input.kind,
    params: input.params,
    at: input.at,
    onceKey: input.onceKey ?? null,
  });
  if (id === null) return null;
  if (input.alreadyMailed) return { id, mail: null };
  const patron = await findRecipient(tx, input.patronId);
  const to = splitEmails(patron?.email);
  if (!patron?.receivesEmail || to.length === 0) return { id, mail: null };
  const params = input.params as unknown as Record<string, string | number | null>;
  const texts = ALERT_MAIL_TEXTS[patron.language];
  return {
    id,
    mail: {
      to,
      subject: texts.subject,
      text: texts.body(patron.name, alertText(input.kind, params, patron.language)),
    },
  };
}
