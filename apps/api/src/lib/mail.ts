import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

/** One e-mail to send: plain text always, HTML optional. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (the basket export). */
  attachments?: MailAttachment[];
}

/** A file attached to a message. */
export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

/** Sends e-mail (the mailer seam of STYLE "Seams"): SMTP in production, a loopback SMTP server in tests. */
export interface Mailer {
  /** Sends one message; rejects when the server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

/** How to reach the SMTP server. */
export interface SmtpOptions {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
  /** Sender address of every message. */
  from: string;
  /** Refuse a plain connection when the server offers no STARTTLS (default false: a local relay often has none). */
  requireTls?: boolean;
  /** Skip STARTTLS even when offered (loopback test servers). */
  ignoreTls?: boolean;
  /** Give up on a silent server after this many milliseconds. */
  timeoutMs?: number;
}

/** A mailer over SMTP with nodemailer. */
export function createSmtpMailer(options: SmtpOptions): Mailer {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure,
    requireTLS: options.requireTls ?? false,
    ignoreTLS: options.ignoreTls ?? false,
    ...(options.user ? { auth: { user: options.user, pass: options.password ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}

/** The mailer the configuration describes, or undefined when no SMTP_HOST is set (e-mail is then off). */
export function mailerFromConfig(config: Config): Mailer | undefined {
  if (!config.SMTP_HOST) return undefined;
  return createSmtpMailer({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE === 'true',
    user: config.SMTP_USER,
    password: config.SMTP_PASSWORD,
    from: config.SMTP_FROM,
  });
}

/**
 * An e-mail address shown without giving it away (SPEC §7 recovery e-mails): the first letters of
 * the mailbox and of the domain, and the top-level domain. `ana.souza@demo.example` → `an***@d***.example`.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const keep = local.length > 3 ? 2 : 1;
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, keep)}***@${host.slice(0, 1)}***${tld}`;
}

/** SPEC §5: several e-mails in one field are separated by semicolons. */
export function splitEmails(field: string | null | undefined): string[] {
  return (field ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('@'));
}
