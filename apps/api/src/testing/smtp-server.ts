import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createSmtpMailer, type Mailer } from '../lib/mail.ts';

/** A message as the test SMTP server received it, decoded. */
export interface ReceivedMail {
  /** Envelope sender and recipients (what the SMTP client said, not the headers). */
  envelope: { from: string; to: string[] };
  /** Header names in lower case; encoded words (RFC 2047) decoded. */
  headers: Record<string, string>;
  subject: string;
  /** The text/plain part, transfer encoding undone. */
  text: string;
  /** The text/html part, if any. */
  html: string | null;
  /** Parts sent as attachments (Content-Disposition: attachment), transfer encoding undone. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 and a random port that keeps what it receives. */
export interface TestSmtpServer {
  host: string;
  port: number;
  messages: ReceivedMail[];
  /** The next message (or one already received and not yet taken), within the time limit. */
  nextMessage(timeoutMs?: number): Promise<ReceivedMail>;
  /** Forgets the messages received so far. */
  clear(): void;
  close(): Promise<void>;
}

/**
 * Starts the server; `user`/`password` make it require that login. `port` fixes the port (browser
 * tests start the catalogue with SMTP_PORT pointing at it); the default is a random free one.
 */
export async function startTestSmtpServer(
  options: { user?: string; password?: string; port?: number } = {},
): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          ...parseMessage(raw),
          raw,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    messages,
    async nextMessage(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= messages.length) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no e-mail arrived at the test SMTP server');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return messages[taken++]!;
    },
    clear() {
      messages.length = 0;
      taken = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Splits a MIME entity into its headers (unfolded, lower-case names) and body. */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end < 0 ? normalised : normalised.slice(0, end);
  const body = end < 0 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?utf-8?B?…?= and =?utf-8?Q?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

interface LeafPart {
  type: string;
  content: string;
  bytes: Buffer;
  filename: string | null;
}

function decodeBytes(body: string, encoding: string | undefined): Buffer {
  return (encoding ?? '').toLowerCase() === 'base64'
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
    : Buffer.from(decodeBody(body, encoding), 'utf8');
}

/** The leaf parts of a message (multipart entities opened, one level or more). */
function leafParts(raw: string): LeafPart[] {
  const { headers, body } = splitEntity(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => leafParts(part.replace(/^\n/, '')));
  }
  const disposition = headers['content-disposition'] ?? '';
  const filename = /^attachment/i.test(disposition)
    ? (/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '')
    : null;
  return [
    {
      type: type.split(';')[0]!.trim().toLowerCase(),
      content: decodeBody(body, headers['content-transfer-encoding']).replace(/\n$/, ''),
      bytes: decodeBytes(body, headers['content-transfer-encoding']),
      filename,
    },
  ];
}

function parseMessage(raw: string): Omit<ReceivedMail, 'envelope' | 'raw'> {
  const { headers } = splitEntity(raw);
  const parts = leafParts(raw);
  return {
    headers,
    subject: headers['subject'] ?? '',
    text: parts.find((p) => p.type === 'text/plain' && p.filename === null)?.content ?? '',
    html: parts.find((p) => p.type === 'text/html' && p.filename === null)?.content ?? null,
    attachments: parts
      .filter((p) => p.filename !== null)
      .map((p) => ({ filename: p.filename!, contentType: p.type, content: p.bytes })),
  };
}

/** A loopback SMTP server and a mailer that sends to it, as the API tests use them together. */
export async function startTestMail(): Promise<{
  smtp: TestSmtpServer;
  mailer: Mailer;
  close: () => Promise<void>;
}> {
  const smtp = await startTestSmtpServer();
  const mailer = createSmtpMailer({
    host: smtp.host,
    port: smtp.port,
    secure: false,
    ignoreTls: true,
    from: 'biblioteca@estante.example',
  });
  return {
    smtp,
    mailer,
    close: async () => {
      await mailer.close();
      await smtp.close();
    },
  };
}
