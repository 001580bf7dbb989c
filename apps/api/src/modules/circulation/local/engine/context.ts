/**
 * The circulation engine's shared context: the options, today's library day, and `run`, the one
 * transaction every operation is (retried when PostgreSQL gives up on a lock, e-mails sent after
 * commit); with the helpers every operation uses inside it — the patron's lock, alerts, e-mails.
 * Each operation group (loans, returns, renewals, holds, requests, fines, jobs, imports, patrons)
 * is a file beside this one; `../engine.ts` assembles them into the engine.
 */
import type { AlertKind, LoanRequestState } from '@estante/contract';
import type { Clock } from '../../../../lib/clock.ts';
import type { Db, Queryable } from '../../../../lib/db/index.ts';
import type { Mailer, MailMessage } from '../../../../lib/mail.ts';
import type { ServerLanguage } from '../../../../lib/messages.ts';
import { recordAlert, type AlertInput } from '../../../alerts/index.ts';
import { DeskRefusal } from '../../errors.ts';
import { libraryDay, type CirculationRule, type Day } from '../rules.ts';
import {
  appendLog,
  findPatron,
  loadRules,
  lockPatron,
  titleAndLibrary,
  type LogEntry,
  type PatronRecord,
} from '../repository.ts';

/** The library's time zone when none is set: its days are the days loans fall due. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** Copy statuses that never serve a loan, hold or request, whatever the rules say. */
export const OUT_OF_CIRCULATION = ['extraviado', 'consulta_local', 'em_processamento'];

/** Who did something: 'patron:<id>', 'staff:<name>', 'job:<name>', 'seed'. */
export type Actor = string;

/** Options of the local engine. */
export interface CirculationEngineOptions {
  db: Db;
  clock: Clock;
  /** Sends hold, request and automatic-renewal e-mails; without one they are not sent. */
  mailer?: Mailer | undefined;
  /** IANA time zone of the library's days (default America/Sao_Paulo). */
  timeZone?: string | undefined;
  /** Told when an e-mail could not be sent (the state change stands). */
  onMailError?: ((error: unknown) => void) | undefined;
}

/** What one transaction of the engine works with. */
export interface Ctx {
  tx: Queryable;
  now: Date;
  today: Day;
  actor: Actor;
  rules: CirculationRule[];
  /** E-mails to send once the transaction has committed. */
  mails: MailMessage[];
  log(entry: LogEntry): Promise<void>;
}

/** What every operation group works with: the engine's options, today, and `run`. */
export interface EngineContext {
  db: Db;
  clock: Clock;
  mailer: Mailer | undefined;
  /** IANA time zone of the library's days. */
  timeZone: string;
  /** Told when an e-mail could not be sent (the state change stands). */
  onMailError: ((error: unknown) => void) | undefined;
  /** Today in the library's time zone. */
  today(): Day;
  /** Runs one unit of work in one transaction (see `run` in `createEngineContext`). */
  run<T>(actor: Actor, fn: (ctx: Ctx) => Promise<T>): Promise<T>;
}

const RETRYABLE = new Set(['40001', '40P01', '55P03']);

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** The engine's shared context for its options. */
export function createEngineContext(options: CirculationEngineOptions): EngineContext {
  const { db, clock, mailer } = options;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;

  const today = (): Day => libraryDay(clock.now(), timeZone);

  async function deliver(mails: MailMessage[]): Promise<void> {
    if (!mailer) return;
    for (const mail of mails) {
      try {
        await mailer.send(mail);
      } catch (error) {
        options.onMailError?.(error);
      }
    }
  }

  /**
   * Runs one unit of work in a transaction, with the rules and today's date; retries it when
   * PostgreSQL gives up on a lock (deadlock, serialisation), and sends its e-mails after commit.
   */
  async function run<T>(actor: Actor, fn: (ctx: Ctx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const mails: MailMessage[] = [];
      try {
        const result = await db.transaction(async (tx) => {
          const now = clock.now();
          const ctx: Ctx = {
            tx,
            now,
            today: libraryDay(now, timeZone),
            actor,
            rules: await loadRules(tx),
            mails,
            log: (entry) => appendLog(tx, now, actor, entry),
          };
          return fn(ctx);
        });
        await deliver(mails);
        return result;
      } catch (error) {
        if (attempt >= 8 || !isRetryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  }

  return { db, clock, mailer, timeZone, onMailError: options.onMailError, today, run };
}

/** Locks the patron's row, the first lock of every operation; refused when there is no such patron. */
export async function requirePatron(ctx: Ctx, patronId: number): Promise<PatronRecord> {
  const patron = await lockPatron(ctx.tx, patronId);
  if (!patron) throw new DeskRefusal('PATRON_NOT_FOUND');
  return patron;
}

/**
 * Writes a patron's alert in the operation's transaction (decision 0044); its e-mail, when one is
 * due, goes with the operation's other e-mails after the commit.
 */
export async function alert<K extends AlertKind>(
  ctx: Ctx,
  input: Omit<AlertInput<K>, 'at'>,
): Promise<boolean> {
  const recorded = await recordAlert(ctx.tx, { ...input, at: ctx.now });
  if (recorded?.mail) ctx.mails.push(recorded.mail);
  return recorded !== null;
}

/** A loan request's move, as an alert: the title, where it is received, the pickup deadline. */
export async function alertRequest(
  ctx: Ctx,
  request: { patronId: number; titleId: number; receivingLibraryId: number },
  status: LoanRequestState,
  until: Day | null,
  alreadyMailed = false,
): Promise<void> {
  const names = await titleAndLibrary(ctx.tx, request.titleId, request.receivingLibraryId);
  await alert(ctx, {
    patronId: request.patronId,
    kind: 'loanRequestStatus',
    params: { title: names.title, titleId: request.titleId, status, library: names.library, until },
    alreadyMailed,
  });
}

/** Mail to a patron in their language, when they have an address and want e-mails. */
export async function mailPatron(
  ctx: Ctx,
  patronId: number,
  build: (language: ServerLanguage, name: string) => { subject: string; text: string },
): Promise<void> {
  const patron = await findPatron(ctx.tx, patronId);
  // The patron's choice (personal data, privacy): no e-mails; the screens still show it all.
  if (!patron?.email || !patron.receivesEmail) return;
  const { subject, text } = build(patron.mailLanguage, patron.name);
  ctx.mails.push({ to: patron.email, subject, text });
}

/** Remembers the language a patron last used, for the e-mails the engine sends them. */
export async function rememberLanguage(ctx: Ctx, patronId: number, language: ServerLanguage): Promise<void> {
  await ctx.tx.query('UPDATE patron SET mail_language = $2 WHERE id = $1 AND mail_language <> $2', [
    patronId,
    language,
  ]);
}
