import { createHash, randomInt } from 'node:crypto';
import {
  CIRCULATION_ERROR,
  type CirculationRefusal,
  type HoldRequest,
  type LoanRequestBody,
} from '@estante/contract';
import type { Clock } from '../../../lib/clock.ts';
import type { Db, Queryable } from '../../../lib/db/index.ts';
import { ERRORS } from '../../../lib/errors.ts';
import type { Mailer, MailMessage } from '../../../lib/mail.ts';
import type { AlertKind, LoanRequestState } from '@estante/contract';
import type { ServerLanguage } from '../../../lib/messages.ts';
import { recordAlert, type AlertInput } from '../../alerts/index.ts';
import { DeskRefusal, refusal } from '../errors.ts';
import { CIRCULATION_MAIL_TEXTS, formatDay, translate } from '../mail-texts.ts';
import {
  addDays,
  checkoutStandingRefusal,
  dueDate,
  fineCents,
  lateDays,
  libraryDay,
  patronRule,
  renewalRefusal,
  resolveRule,
  standingRefusal,
  suspensionDays,
  suspensionPeriod,
  type CirculationRule,
  type Day,
} from './rules.ts';
import { checkChoices, holdChoice, holdMatches, shelfRefusal } from './choices.ts';
import {
  anonymiseReturnedLoans,
  appendLog,
  closeQueueGap,
  countOpenHolds,
  countOpenLoans,
  countOpenRequests,
  currentSuspensionEnd,
  findCopy,
  findLoanRequest,
  findPatron,
  loadRules,
  lockPatron,
  lockTitle,
  openHoldOf,
  openLoanOfCopy,
  openRequestOfCopy,
  openWeekdays,
  patronLoansByIds,
  patronStanding,
  releasedHoldOfCopy,
  setCopyStatus,
  titleAndLibrary,
  titleCopies,
  type CopyRecord,
  type HoldChoices,
  type LogEntry,
  type PatronRecord,
} from './repository.ts';

/** The library's time zone when none is set: its days are the days loans fall due. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** Copy statuses that never serve a loan, hold or request, whatever the rules say. */
const OUT_OF_CIRCULATION = ['extraviado', 'consulta_local', 'em_processamento'];

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
interface Ctx {
  tx: Queryable;
  now: Date;
  today: Day;
  actor: Actor;
  rules: CirculationRule[];
  /** E-mails to send once the transaction has committed. */
  mails: MailMessage[];
  log(entry: LogEntry): Promise<void>;
}

/** One loan's outcome in a renewal batch. */
export interface RenewOutcome {
  loanId: number;
  renewed: boolean;
  dueOn: Day | null;
  renewals: number | null;
  refusal: CirculationRefusal | null;
}

/** One hold's outcome in a cancellation batch. */
export interface CancelOutcome {
  holdId: number;
  cancelled: boolean;
  refusal: CirculationRefusal | null;
}

/** A loan made at the desk. */
export interface CheckoutResult {
  loanId: number;
  patronId: number;
  copyId: number;
  titleId: number;
  dueOn: Day;
  fulfilledHoldId: number | null;
  finishedRequestId: number | null;
}

/** A return at the desk, and what happened to the copy next. */
export interface CheckinResult {
  loanId: number;
  patronId: number;
  copyId: number;
  lateDays: number;
  fineCents: number;
  debtId: number | null;
  suspension: { startsOn: Day; endsOn: Day; days: number } | null;
  /** Where the copy went: quarantine, set aside for a hold, or back on the shelf. */
  next: 'quarentena' | 'reservado' | 'disponivel';
  releasedHoldId: number | null;
}

/** What a sweep changed. */
export interface SweepResult {
  titles: number;
  late: number;
  quarantineEnded: number;
  holdsExpired: number;
  requestsExpired: number;
  holdsReleased: number;
}

/** One patron's automatic renewal. */
export interface AutoRenewReport {
  patronId: number;
  outcomes: (RenewOutcome & { title: string; previousDueOn: Day })[];
  mailed: boolean;
}

/** Circulation state loaded from another system (or the demo): bypasses the rules, keeps the invariants. */
export type ImportedState =
  | { kind: 'loan'; patronId: number; copyId: number; loanedAt: Date; dueOn: Day; renewals?: number }
  | { kind: 'released-hold'; patronId: number; copyId: number; placedAt: Date; releasedOn: Day }
  | {
      kind: 'quarantine';
      patronId: number;
      copyId: number;
      loanedAt: Date;
      returnedAt: Date;
      quarantineUntil: Day;
    };

const RETRYABLE = new Set(['40001', '40P01', '55P03']);

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

const TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The local circulation engine: every state change of loans, holds, requests, debts and suspensions. */
export function createCirculationEngine(options: CirculationEngineOptions) {
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

  async function requirePatron(ctx: Ctx, patronId: number): Promise<PatronRecord> {
    const patron = await lockPatron(ctx.tx, patronId);
    if (!patron) throw new DeskRefusal('PATRON_NOT_FOUND');
    return patron;
  }

  async function requireTitle(ctx: Ctx, titleId: number): Promise<void> {
    if (!(await lockTitle(ctx.tx, titleId))) throw ERRORS.notFound();
    await settleTitle(ctx, titleId);
  }

  /**
   * Writes a patron's alert in the operation's transaction (decision 0044); its e-mail, when one is
   * due, goes with the operation's other e-mails after the commit.
   */
  async function alert<K extends AlertKind>(ctx: Ctx, input: Omit<AlertInput<K>, 'at'>): Promise<boolean> {
    const recorded = await recordAlert(ctx.tx, { ...input, at: ctx.now });
    if (recorded?.mail) ctx.mails.push(recorded.mail);
    return recorded !== null;
  }

  /** A loan request's move, as an alert: the title, where it is received, the pickup deadline. */
  async function alertRequest(
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
  async function mailPatron(
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

  /**
   * A copy no one holds any more (returned, out of quarantine, hold or request ended): it goes to
   * the first hold in the queue it can serve, else back on the shelf.
   */
  async function placeCopy(ctx: Ctx, copy: CopyRecord): Promise<'reservado' | 'disponivel'> {
    const { rows: queue } = await ctx.tx.query<
      HoldChoices & { id: number; patronId: number; category: string; queuePosition: number }
    >(
      `SELECT h.id, h.patron_id AS "patronId", p.category_code AS category, h.library_id AS "libraryId", h.volume,
              h.tome, h.part, h.additional_material AS "additionalMaterial", h.location,
              h.queue_position AS "queuePosition"
         FROM hold h JOIN patron p ON p.id = h.patron_id
        WHERE h.title_id = $1 AND h.status = 'fila' ORDER BY h.queue_position`,
      [copy.titleId],
    );
    const next = queue.find((hold) => {
      const rule = resolveRule(ctx.rules, hold.category, copy.loanType);
      return rule.isLoanable && rule.allowsHolds && holdMatches(hold, copy);
    });
    if (!next) {
      await setCopyStatus(ctx.tx, copy.id, 'disponivel', null);
      return 'disponivel';
    }
    const rule = resolveRule(ctx.rules, next.category, copy.loanType);
    const deadline = dueDate(ctx.today, rule.pickupDays, await openWeekdays(ctx.tx, copy.libraryId));
    await ctx.tx.query(
      `UPDATE hold SET status = 'liberada', queue_position = NULL, copy_id = $2, released_at = $3, pickup_deadline = $4::date
        WHERE id = $1`,
      [next.id, copy.id, ctx.now.toISOString(), deadline],
    );
    await closeQueueGap(ctx.tx, copy.titleId, next.queuePosition);
    await setCopyStatus(ctx.tx, copy.id, 'reservado', null);
    await ctx.log({
      action: 'hold.release',
      patronId: next.patronId,
      titleId: copy.titleId,
      copyId: copy.id,
      holdId: next.id,
      details: { pickupDeadline: deadline, queuePosition: next.queuePosition },
    });
    const names = await titleAndLibrary(ctx.tx, copy.titleId, copy.libraryId);
    await mailPatron(ctx, next.patronId, (language, name) => ({
      subject: CIRCULATION_MAIL_TEXTS[language].holdReleasedSubject,
      text: CIRCULATION_MAIL_TEXTS[language].holdReleased({
        name,
        title: names.title,
        library: names.library,
        until: formatDay(deadline, language),
      }),
    }));
    // The hold notice above is this alert's e-mail already.
    await alert(ctx, {
      patronId: next.patronId,
      kind: 'holdReady',
      params: { title: names.title, titleId: copy.titleId, library: names.library, until: deadline },
      alreadyMailed: true,
    });
    return 'reservado';
  }

  /**
   * Applies what time has done to a title (its row is locked): loans past due become late, copies
   * leave quarantine, released holds and arrived requests not collected in time end.
   */
  async function settleTitle(ctx: Ctx, titleId: number): Promise<Omit<SweepResult, 'titles'>> {
    const result = { late: 0, quarantineEnded: 0, holdsExpired: 0, requestsExpired: 0, holdsReleased: 0 };
    const flipped = await ctx.tx.query<{ id: number; status: string }>(
      `UPDATE copy c SET status = CASE WHEN ln.due_on < $2::date THEN 'atrasado' ELSE 'emprestado' END,
              expected_return = ln.due_on
         FROM loan ln
        WHERE ln.copy_id = c.id AND ln.returned_at IS NULL AND c.title_id = $1
          AND c.status IS DISTINCT FROM CASE WHEN ln.due_on < $2::date THEN 'atrasado' ELSE 'emprestado' END
        RETURNING c.id, c.status`,
      [titleId, ctx.today],
    );
    result.late = flipped.rows.filter((r) => r.status === 'atrasado').length;

    const expiredHolds = await ctx.tx.query<{ id: number; patronId: number; copyId: number }>(
      `UPDATE hold SET status = 'cancelada', cancel_reason = 'prazo', ended_at = $3
        WHERE title_id = $1 AND status = 'liberada' AND pickup_deadline < $2::date
        RETURNING id, patron_id AS "patronId", copy_id AS "copyId"`,
      [titleId, ctx.today, ctx.now.toISOString()],
    );
    const freed: number[] = [];
    for (const hold of expiredHolds.rows) {
      result.holdsExpired++;
      await ctx.log({
        action: 'hold.expire',
        patronId: hold.patronId,
        titleId,
        copyId: hold.copyId,
        holdId: hold.id,
      });
      freed.push(hold.copyId);
    }
    const expiredRequests = await ctx.tx.query<{
      id: number;
      patronId: number;
      copyId: number;
      receivingLibraryId: number;
    }>(
      `UPDATE loan_request SET status = 'nao_finalizada', ended_at = $3, updated_at = $3,
              observation = 'Não retirado no prazo'
        WHERE title_id = $1 AND status = 'disponivel' AND pickup_deadline < $2::date
        RETURNING id, patron_id AS "patronId", copy_id AS "copyId", receiving_library_id AS "receivingLibraryId"`,
      [titleId, ctx.today, ctx.now.toISOString()],
    );
    for (const request of expiredRequests.rows) {
      result.requestsExpired++;
      await ctx.log({
        action: 'request.expire',
        patronId: request.patronId,
        titleId,
        copyId: request.copyId,
        requestId: request.id,
      });
      await alertRequest(ctx, { ...request, titleId }, 'nao_finalizada', null);
      freed.push(request.copyId);
    }
    const quarantined = await ctx.tx.query<{ id: number }>(
      `SELECT c.id FROM copy c
        WHERE c.title_id = $1 AND c.status = 'quarentena'
          AND NOT EXISTS (SELECT 1 FROM loan ln WHERE ln.copy_id = c.id
                           AND (ln.returned_at IS NULL OR ln.quarantine_until >= $2::date))`,
      [titleId, ctx.today],
    );
    for (const { id } of quarantined.rows) {
      result.quarantineEnded++;
      await ctx.log({ action: 'quarantine.end', titleId, copyId: id });
      freed.push(id);
    }
    for (const copyId of freed.sort((a, b) => a - b)) {
      const copy = await findCopy(ctx.tx, copyId);
      if (copy && (await placeCopy(ctx, copy)) === 'reservado') result.holdsReleased++;
    }
    return result;
  }

  /** Ends the patron's hold on a title when they borrow a copy of it; a copy set aside for them elsewhere is passed on. */
  async function fulfilHold(
    ctx: Ctx,
    patronId: number,
    titleId: number,
    copyId: number,
    loanId: number,
  ): Promise<number | null> {
    const hold = await openHoldOf(ctx.tx, patronId, titleId);
    if (!hold) return null;
    await ctx.tx.query(
      `UPDATE hold SET status = 'atendida', queue_position = NULL, ended_at = $2, loan_id = $3 WHERE id = $1`,
      [hold.id, ctx.now.toISOString(), loanId],
    );
    if (hold.status === 'fila' && hold.queuePosition !== null)
      await closeQueueGap(ctx.tx, titleId, hold.queuePosition);
    await ctx.log({ action: 'hold.fulfil', patronId, titleId, copyId, holdId: hold.id, loanId });
    if (hold.status === 'liberada' && hold.copyId !== null && hold.copyId !== copyId) {
      const other = await findCopy(ctx.tx, hold.copyId);
      if (other) await placeCopy(ctx, other);
    }
    return hold.id;
  }

  async function insertLoan(
    ctx: Ctx,
    values: {
      copy: CopyRecord;
      patronId: number;
      loanedAt: Date;
      dueOn: Day;
      renewals?: number;
      channel: 'balcao' | 'autoatendimento' | 'importacao';
    },
  ): Promise<number> {
    const { rows } = await ctx.tx.query<{ id: number }>(
      `INSERT INTO loan (copy_id, patron_id, loaned_at, due_on, renewals, loan_type, library_id, channel)
       VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8) RETURNING id`,
      [
        values.copy.id,
        values.patronId,
        values.loanedAt.toISOString(),
        values.dueOn,
        values.renewals ?? 0,
        values.copy.loanType,
        values.copy.libraryId,
        values.channel,
      ],
    );
    await setCopyStatus(
      ctx.tx,
      values.copy.id,
      values.dueOn < ctx.today ? 'atrasado' : 'emprestado',
      values.dueOn,
    );
    return rows[0]!.id;
  }

  /** Resolves a self-service loan token to its patron, or null when unknown or expired. */
  async function patronOfToken(token: string): Promise<number | null> {
    const { rows } = await db.query<{ patron_id: number }>(
      'SELECT patron_id FROM loan_token WHERE token = $1 AND expires_at > $2',
      [token.trim().toUpperCase(), clock.now().toISOString()],
    );
    return rows[0]?.patron_id ?? null;
  }

  const engine = {
    timeZone,
    /** Today in the library's time zone. */
    today,

    /** Lends a copy at the desk (or the self-service machine, with a loan token). */
    async checkout(input: {
      patronId?: number;
      token?: string;
      copyId: number;
      actor: Actor;
      /** A due date the desk sets by hand instead of the rule's. */
      dueOn?: Day;
    }): Promise<CheckoutResult> {
      const patronId =
        input.token !== undefined ? await patronOfToken(input.token) : (input.patronId ?? null);
      if (patronId === null)
        throw new DeskRefusal(input.token !== undefined ? 'TOKEN_INVALID' : 'PATRON_NOT_FOUND');
      const found = await findCopy(db, input.copyId);
      if (!found) throw new DeskRefusal('COPY_NOT_FOUND');
      return run(input.actor, async (ctx) => {
        const patron = await requirePatron(ctx, patronId);
        await requireTitle(ctx, found.titleId);
        const copy = (await findCopy(ctx.tx, found.id))!;
        const standing = checkoutStandingRefusal(await patronStanding(ctx.tx, patron.id, ctx.today));
        if (standing) throw refusal(standing);
        const rule = resolveRule(ctx.rules, patron.categoryCode, copy.loanType);
        let finishedRequestId: number | null = null;
        if (copy.status === 'reservado') {
          const hold = await releasedHoldOfCopy(ctx.tx, copy.id);
          const request = hold ? null : await openRequestOfCopy(ctx.tx, copy.id);
          if (
            (hold && hold.patronId !== patron.id) ||
            (request && request.patronId !== patron.id) ||
            (!hold && !request)
          )
            throw new DeskRefusal('COPY_HELD_FOR_OTHER');
          if (request) finishedRequestId = request.id;
        } else if (copy.status === 'emprestado' || copy.status === 'atrasado') {
          throw new DeskRefusal('COPY_ON_LOAN');
        } else if (copy.status === 'quarentena') {
          throw new DeskRefusal('COPY_IN_QUARANTINE');
        } else if (copy.status !== 'disponivel') {
          throw new DeskRefusal('COPY_NOT_LOANABLE');
        }
        if (!rule.isLoanable) throw new DeskRefusal('COPY_NOT_LOANABLE');
        if ((await countOpenLoans(ctx.tx, patron.id)) >= patronRule(ctx.rules, patron.categoryCode).maxLoans)
          throw new DeskRefusal('LOAN_LIMIT');
        const due =
          input.dueOn ?? dueDate(ctx.today, rule.loanDays, await openWeekdays(ctx.tx, copy.libraryId));
        const channel = input.token !== undefined ? 'autoatendimento' : 'balcao';
        const loanId = await insertLoan(ctx, {
          copy,
          patronId: patron.id,
          loanedAt: ctx.now,
          dueOn: due,
          channel,
        });
        await ctx.log({
          action: 'loan.checkout',
          patronId: patron.id,
          titleId: copy.titleId,
          copyId: copy.id,
          loanId,
          details: { dueOn: due, channel, loanType: copy.loanType },
        });
        const fulfilledHoldId = await fulfilHold(ctx, patron.id, copy.titleId, copy.id, loanId);
        if (finishedRequestId !== null) {
          await ctx.tx.query(
            `UPDATE loan_request SET status = 'finalizada', ended_at = $2, updated_at = $2, loan_id = $3 WHERE id = $1`,
            [finishedRequestId, ctx.now.toISOString(), loanId],
          );
          await ctx.log({
            action: 'request.finish',
            patronId: patron.id,
            titleId: copy.titleId,
            copyId: copy.id,
            loanId,
            requestId: finishedRequestId,
          });
        }
        return {
          loanId,
          patronId: patron.id,
          copyId: copy.id,
          titleId: copy.titleId,
          dueOn: due,
          fulfilledHoldId,
          finishedRequestId,
        };
      });
    },

    /** Takes a copy back: fine and suspension for lateness, then quarantine, the next hold, or the shelf. */
    async checkin(input: { copyId: number; actor: Actor; quarantineDays?: number }): Promise<CheckinResult> {
      const found = await findCopy(db, input.copyId);
      if (!found) throw new DeskRefusal('COPY_NOT_FOUND');
      const open = await openLoanOfCopy(db, found.id);
      if (!open) throw new DeskRefusal('NOT_ON_LOAN');
      return run(input.actor, async (ctx) => {
        const patron = await requirePatron(ctx, open.patronId);
        await requireTitle(ctx, found.titleId);
        const loan = await openLoanOfCopy(ctx.tx, found.id, true);
        // Another desk took it back first.
        if (!loan || loan.id !== open.id) throw new DeskRefusal('NOT_ON_LOAN');
        const copy = (await findCopy(ctx.tx, found.id))!;
        const rule = resolveRule(ctx.rules, patron.categoryCode, loan.loanType ?? copy.loanType);
        const late = lateDays(loan.dueOn, ctx.today);
        const fine = fineCents(rule, late);
        const quarantine = input.quarantineDays ?? rule.quarantineDays;
        const quarantineUntil = quarantine > 0 ? addDays(ctx.today, quarantine - 1) : null;
        await ctx.tx.query(
          `UPDATE loan SET returned_at = $2, late_days = $3, fine_cents = $4, quarantine_until = $5::date WHERE id = $1`,
          [loan.id, ctx.now.toISOString(), late, fine, quarantineUntil],
        );
        await ctx.log({
          action: 'loan.checkin',
          patronId: patron.id,
          titleId: copy.titleId,
          copyId: copy.id,
          loanId: loan.id,
          details: { lateDays: late, fineCents: fine, quarantineUntil },
        });
        // Privacy choice (decision 0045): the returned loan stops naming the patron in the same
        // transaction; the fine and suspension below keep their own records of who owes them.
        if (!patron.keepsLoanHistory) await anonymiseReturnedLoans(ctx.tx, patron.id, [loan.id]);
        let debtId: number | null = null;
        if (fine > 0) {
          const { title } = await titleAndLibrary(ctx.tx, copy.titleId, copy.libraryId);
          const { rows } = await ctx.tx.query<{ id: number }>(
            `INSERT INTO debt (patron_id, loan_id, library_id, service_type, reason, amount_cents, created_at)
             VALUES ($1, $2, $3, 'multa_atraso', $4, $5, $6) RETURNING id`,
            [
              patron.id,
              loan.id,
              copy.libraryId,
              `Devolução com ${late} dia(s) de atraso: ${title}`,
              fine,
              ctx.now.toISOString(),
            ],
          );
          debtId = rows[0]!.id;
          await ctx.log({
            action: 'debt.fine',
            patronId: patron.id,
            loanId: loan.id,
            debtId,
            details: { amountCents: fine, lateDays: late },
          });
        }
        let suspension: CheckinResult['suspension'] = null;
        const days = suspensionDays(rule, late);
        if (days > 0) {
          const period = suspensionPeriod(
            days,
            ctx.today,
            await currentSuspensionEnd(ctx.tx, patron.id, ctx.today),
          );
          await ctx.tx.query(
            `INSERT INTO suspension (patron_id, loan_id, library_id, origin, reason, days, starts_on, ends_on, created_at)
             VALUES ($1, $2, $3, 'atraso', $4, $5, $6::date, $7::date, $8)`,
            [
              patron.id,
              loan.id,
              copy.libraryId,
              `Devolução com ${late} dia(s) de atraso`,
              days,
              period.startsOn,
              period.endsOn,
              ctx.now.toISOString(),
            ],
          );
          suspension = { ...period, days };
          await ctx.log({
            action: 'suspension.late',
            patronId: patron.id,
            loanId: loan.id,
            details: { days, ...period },
          });
        }
        let next: CheckinResult['next'];
        let releasedHoldId: number | null = null;
        if (quarantineUntil) {
          await setCopyStatus(ctx.tx, copy.id, 'quarentena', null);
          next = 'quarentena';
        } else {
          next = await placeCopy(ctx, copy);
          if (next === 'reservado') releasedHoldId = (await releasedHoldOfCopy(ctx.tx, copy.id))?.id ?? null;
        }
        return {
          loanId: loan.id,
          patronId: patron.id,
          copyId: copy.id,
          lateDays: late,
          fineCents: fine,
          debtId,
          suspension,
          next,
          releasedHoldId,
        };
      });
    },

    /** Renews the patron's loans named (one refusal does not stop the others). */
    async renew(
      patronId: number,
      loanIds: readonly number[],
      actor: Actor,
      language?: ServerLanguage,
      /** Write an alert per loan (automatic renewal, whose own e-mail tells the outcome). */
      options: { alerts?: boolean } = {},
    ): Promise<RenewOutcome[]> {
      const ids = [...new Set(loanIds)];
      return run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        if (language) await rememberLanguage(ctx, patronId, language);
        const loans = await patronLoansByIds(ctx.tx, patronId, ids);
        // Titles in id order: two renewals never wait on each other's titles in a circle.
        for (const titleId of [...new Set(loans.map((l) => l.titleId))].sort((a, b) => a - b)) {
          await lockTitle(ctx.tx, titleId);
          await settleTitle(ctx, titleId);
        }
        const standing = await patronStanding(ctx.tx, patronId, ctx.today);
        const patron = (await findPatron(ctx.tx, patronId))!;
        const outcomes: RenewOutcome[] = [];
        for (const id of ids) {
          const loan = loans.find((l) => l.id === id);
          if (!loan || loan.returnedAt !== null) {
            outcomes.push({
              loanId: id,
              renewed: false,
              dueOn: null,
              renewals: null,
              refusal: CIRCULATION_ERROR.LOAN_NOT_FOUND,
            });
            continue;
          }
          const copy = (await findCopy(ctx.tx, loan.copyId))!;
          const rule = resolveRule(ctx.rules, patron.categoryCode, loan.loanType ?? copy.loanType);
          const newDueOn = dueDate(ctx.today, rule.loanDays, await openWeekdays(ctx.tx, copy.libraryId));
          const holdsWaiting = (await queueServing(ctx, copy)).length > 0;
          const refused = renewalRefusal({
            dueOn: loan.dueOn,
            renewals: loan.renewals,
            rule,
            today: ctx.today,
            holdsWaiting,
            standing,
            newDueOn,
          });
          if (refused) {
            outcomes.push({
              loanId: id,
              renewed: false,
              dueOn: loan.dueOn,
              renewals: loan.renewals,
              refusal: refused,
            });
            if (options.alerts) {
              const { title } = await titleAndLibrary(ctx.tx, copy.titleId, copy.libraryId);
              await alert(ctx, {
                patronId,
                kind: 'renewalRefused',
                params: { title, titleId: copy.titleId, dueOn: loan.dueOn, reason: refused.key },
                alreadyMailed: true,
              });
            }
            continue;
          }
          await ctx.tx.query(
            'UPDATE loan SET due_on = $2::date, renewals = renewals + 1, last_renewed_at = $3 WHERE id = $1',
            [loan.id, newDueOn, ctx.now.toISOString()],
          );
          await setCopyStatus(ctx.tx, copy.id, 'emprestado', newDueOn);
          await ctx.log({
            action: 'loan.renew',
            patronId,
            titleId: copy.titleId,
            copyId: copy.id,
            loanId: loan.id,
            details: { from: loan.dueOn, to: newDueOn, renewals: loan.renewals + 1 },
          });
          if (options.alerts) {
            const { title } = await titleAndLibrary(ctx.tx, copy.titleId, copy.libraryId);
            await alert(ctx, {
              patronId,
              kind: 'renewalDone',
              params: { title, titleId: copy.titleId, dueOn: newDueOn },
              alreadyMailed: true,
            });
          }
          outcomes.push({
            loanId: id,
            renewed: true,
            dueOn: newDueOn,
            renewals: loan.renewals + 1,
            refusal: null,
          });
        }
        return outcomes;
      });
    },

    /** Places a hold (or, with dryRun, answers the place it would take). */
    async placeHold(
      patronId: number,
      request: HoldRequest,
      actor: Actor,
      options: { dryRun?: boolean; language?: ServerLanguage } = {},
    ): Promise<{ holdId: number | null; position: number }> {
      return run(actor, async (ctx) => {
        const patron = await requirePatron(ctx, patronId);
        await requireTitle(ctx, request.cod_acervo);
        const standing = standingRefusal(await patronStanding(ctx.tx, patron.id, ctx.today));
        if (standing) throw refusal(standing);
        const holdable = await holdableCopies(ctx, patron, request.cod_acervo);
        // SPEC §8: the hold is refused because no copy of the title allows holds.
        if (holdable.length === 0) throw refusal(CIRCULATION_ERROR.HOLD_NOT_ALLOWED);
        const matching = checkChoices(holdable, holdChoice(request));
        if (!Array.isArray(matching)) throw refusal(matching);
        // SPEC §4: a hold is not allowed while copies are available.
        const onShelf = shelfRefusal(matching);
        if (onShelf) throw refusal(onShelf);
        const { rows: borrowed } = await ctx.tx.query(
          `SELECT 1 FROM loan ln JOIN copy c ON c.id = ln.copy_id
            WHERE ln.patron_id = $1 AND ln.returned_at IS NULL AND c.title_id = $2 LIMIT 1`,
          [patron.id, request.cod_acervo],
        );
        if (borrowed.length > 0) throw refusal(CIRCULATION_ERROR.HOLD_ALREADY_BORROWED);
        if (await openHoldOf(ctx.tx, patron.id, request.cod_acervo))
          throw refusal(CIRCULATION_ERROR.HOLD_DUPLICATE);
        if ((await countOpenHolds(ctx.tx, patron.id)) >= patronRule(ctx.rules, patron.categoryCode).maxHolds)
          throw refusal(CIRCULATION_ERROR.HOLD_LIMIT);
        const { rows: waiting } = await ctx.tx.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM hold WHERE title_id = $1 AND status = 'fila'",
          [request.cod_acervo],
        );
        const position = (waiting[0]?.n ?? 0) + 1;
        if (options.dryRun) return { holdId: null, position };
        if (options.language) await rememberLanguage(ctx, patron.id, options.language);
        const choice = holdChoice(request);
        const { rows } = await ctx.tx.query<{ id: number }>(
          `INSERT INTO hold (patron_id, title_id, library_id, volume, tome, part, additional_material, location, status,
                             queue_position, placed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'fila', $9, $10) RETURNING id`,
          [
            patron.id,
            request.cod_acervo,
            choice.libraryId ?? matching[0]!.libraryId,
            choice.volume,
            choice.tome,
            choice.part,
            choice.additionalMaterial,
            choice.location,
            position,
            ctx.now.toISOString(),
          ],
        );
        const holdId = rows[0]!.id;
        await ctx.log({
          action: 'hold.place',
          patronId: patron.id,
          titleId: request.cod_acervo,
          holdId,
          details: { position },
        });
        return { holdId, position };
      });
    },

    /** Cancels the patron's holds named; a released copy goes to the next in the queue. */
    async cancelHolds(
      patronId: number,
      holdIds: readonly number[],
      actor: Actor,
      reason: 'leitor' | 'balcao' = 'leitor',
    ): Promise<CancelOutcome[]> {
      const ids = [...new Set(holdIds)];
      return run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        const { rows: holds } = await ctx.tx.query<{ id: number; titleId: number }>(
          'SELECT id, title_id AS "titleId" FROM hold WHERE patron_id = $1 AND id = ANY($2::bigint[])',
          [patronId, ids],
        );
        for (const titleId of [...new Set(holds.map((h) => h.titleId))].sort((a, b) => a - b)) {
          await lockTitle(ctx.tx, titleId);
          await settleTitle(ctx, titleId);
        }
        const outcomes: CancelOutcome[] = [];
        for (const id of ids) {
          if (!holds.some((h) => h.id === id)) {
            outcomes.push({ holdId: id, cancelled: false, refusal: CIRCULATION_ERROR.HOLD_NOT_FOUND });
            continue;
          }
          const ended = await endHold(ctx, id, reason);
          outcomes.push(
            ended
              ? { holdId: id, cancelled: true, refusal: null }
              : { holdId: id, cancelled: false, refusal: CIRCULATION_ERROR.HOLD_ENDED },
          );
        }
        return outcomes;
      });
    },

    /** Sets aside a copy on the shelf for the patron and sends it to the receiving library (SPEC §7 loan request). */
    async requestLoan(
      patronId: number,
      titleId: number,
      body: LoanRequestBody,
      actor: Actor,
      language?: ServerLanguage,
    ): Promise<number> {
      return run(actor, async (ctx) => {
        const patron = await requirePatron(ctx, patronId);
        await requireTitle(ctx, titleId);
        const standing = standingRefusal(await patronStanding(ctx.tx, patron.id, ctx.today));
        if (standing) throw refusal(standing);
        const requestable = await requestableCopies(ctx, patron, titleId);
        if (requestable.length === 0) throw refusal(CIRCULATION_ERROR.REQUEST_NOT_ALLOWED);
        const matching = checkChoices(requestable, {
          libraryId: body.biblioteca_origem,
          volume: body.volume ?? null,
          tome: body.tomo ?? null,
          part: body.parte ?? null,
          additionalMaterial: body.material_adicional ?? null,
          location: null,
        });
        if (!Array.isArray(matching)) throw refusal(matching);
        const duplicate = await ctx.tx.query(
          `SELECT 1 FROM loan_request WHERE patron_id = $1 AND title_id = $2 AND status IN ('aguardando', 'em_transito', 'disponivel')`,
          [patron.id, titleId],
        );
        if (duplicate.rows.length > 0) throw refusal(CIRCULATION_ERROR.REQUEST_DUPLICATE);
        const onShelf = matching.filter((c) => c.status === 'disponivel');
        if (onShelf.length === 0) {
          const claimed = await ctx.tx.query(
            `SELECT 1 FROM loan_request WHERE copy_id = ANY($1::int[]) AND status IN ('aguardando', 'em_transito', 'disponivel') LIMIT 1`,
            [matching.map((c) => c.id)],
          );
          throw refusal(
            claimed.rows.length > 0
              ? CIRCULATION_ERROR.REQUEST_ALL_COPIES_REQUESTED
              : CIRCULATION_ERROR.REQUEST_NO_COPIES,
          );
        }
        if (
          (await countOpenRequests(ctx.tx, patron.id)) >=
          patronRule(ctx.rules, patron.categoryCode).maxRequests
        )
          throw refusal(CIRCULATION_ERROR.REQUEST_LIMIT);
        const { rows: locations } = await ctx.tx.query<{ is_home_delivery: boolean }>(
          'SELECT is_home_delivery FROM receiving_location WHERE id = $1 AND library_id = $2',
          [body.cod_local_recebimento, body.biblioteca_recebimento],
        );
        const location = locations[0];
        if (!location) throw refusal(CIRCULATION_ERROR.REQUEST_LOCATION_INVALID);
        const homeDelivery = body.domicilio || location.is_home_delivery;
        const address = body.recebimento_textual?.trim() || null;
        if (homeDelivery && !address) throw refusal(CIRCULATION_ERROR.REQUEST_ADDRESS_REQUIRED);
        if (language) await rememberLanguage(ctx, patron.id, language);
        const copy = onShelf[0]!;
        const { rows } = await ctx.tx.query<{ id: number }>(
          `INSERT INTO loan_request (patron_id, title_id, copy_id, origin_library_id, receiving_library_id,
             receiving_location_id, volume, tome, part, additional_material, phone, email, authorised_person,
             home_delivery, delivery_address, status, requested_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'aguardando', $16, $16) RETURNING id`,
          [
            patron.id,
            titleId,
            copy.id,
            copy.libraryId,
            body.biblioteca_recebimento,
            body.cod_local_recebimento,
            copy.volume,
            copy.tome,
            copy.part,
            copy.additionalMaterial,
            body.telefone?.trim() || null,
            body.email,
            body.pessoa_autorizada?.trim() || null,
            homeDelivery,
            homeDelivery ? address : null,
            ctx.now.toISOString(),
          ],
        );
        const requestId = rows[0]!.id;
        await setCopyStatus(ctx.tx, copy.id, 'reservado', null);
        await ctx.log({ action: 'request.create', patronId: patron.id, titleId, copyId: copy.id, requestId });
        return requestId;
      });
    },

    /** Moves a loan request along at the desk: sent, arrived (the patron is told), or cancelled. */
    async advanceRequest(
      requestId: number,
      to: 'em_transito' | 'disponivel' | 'nao_finalizada',
      actor: Actor,
    ): Promise<void> {
      const found = await findLoanRequest(db, requestId);
      if (!found) throw new DeskRefusal('REQUEST_NOT_FOUND');
      await run(actor, async (ctx) => {
        const patron = await requirePatron(ctx, found.patronId);
        await requireTitle(ctx, found.titleId);
        const request = (await findLoanRequest(ctx.tx, requestId))!;
        const allowed: Record<typeof to, string[]> = {
          em_transito: ['aguardando'],
          disponivel: ['aguardando', 'em_transito'],
          nao_finalizada: ['aguardando', 'em_transito', 'disponivel'],
        };
        if (!allowed[to].includes(request.status)) throw new DeskRefusal('REQUEST_STEP');
        const copy = (await findCopy(ctx.tx, request.copyId))!;
        if (to === 'nao_finalizada') {
          await ctx.tx.query(
            `UPDATE loan_request SET status = 'nao_finalizada', ended_at = $2, updated_at = $2, observation = 'Cancelada pela biblioteca' WHERE id = $1`,
            [requestId, ctx.now.toISOString()],
          );
          await ctx.log({
            action: 'request.cancel',
            patronId: patron.id,
            titleId: request.titleId,
            copyId: copy.id,
            requestId,
          });
          await alertRequest(ctx, request, 'nao_finalizada', null);
          await placeCopy(ctx, copy);
          return;
        }
        let deadline: Day | null = null;
        if (to === 'disponivel') {
          const rule = resolveRule(ctx.rules, patron.categoryCode, copy.loanType);
          deadline = dueDate(
            ctx.today,
            rule.pickupDays,
            await openWeekdays(ctx.tx, request.receivingLibraryId),
          );
        }
        await ctx.tx.query(
          'UPDATE loan_request SET status = $2, updated_at = $3, pickup_deadline = $4::date WHERE id = $1',
          [requestId, to, ctx.now.toISOString(), deadline],
        );
        await ctx.log({
          action: `request.${to === 'disponivel' ? 'arrive' : 'send'}`,
          patronId: patron.id,
          titleId: request.titleId,
          copyId: copy.id,
          requestId,
          details: { pickupDeadline: deadline },
        });
        // Arrival has its own e-mail (below); being sent is told by the alert's.
        await alertRequest(ctx, request, to, deadline, deadline !== null);
        if (deadline) {
          const names = await titleAndLibrary(ctx.tx, request.titleId, request.receivingLibraryId);
          const until = deadline;
          await mailPatron(ctx, patron.id, (language, name) => ({
            subject: CIRCULATION_MAIL_TEXTS[language].requestAvailableSubject,
            text: CIRCULATION_MAIL_TEXTS[language].requestAvailable({
              name,
              title: names.title,
              library: names.library,
              until: formatDay(until, language),
            }),
          }));
        }
      });
    },

    /** Records a payment (and a discount) against the patron's debts, oldest first unless one is named. */
    async pay(input: {
      patronId: number;
      amountCents: number;
      discountCents?: number;
      debtId?: number;
      actor: Actor;
    }): Promise<{ settled: number[]; leftCents: number }> {
      return run(input.actor, async (ctx) => {
        await requirePatron(ctx, input.patronId);
        const { rows: debts } = await ctx.tx.query<{ id: number; pending: number }>(
          `SELECT id, amount_cents - discount_cents - paid_cents AS pending FROM debt
            WHERE patron_id = $1 AND amount_cents - discount_cents - paid_cents > 0 ${input.debtId ? 'AND id = $2' : ''}
            ORDER BY created_at, id`,
          input.debtId ? [input.patronId, input.debtId] : [input.patronId],
        );
        if (input.debtId && debts.length === 0) throw new DeskRefusal('DEBT_NOT_FOUND');
        const pending = debts.reduce((sum, d) => sum + d.pending, 0);
        if (pending === 0) throw new DeskRefusal('NOTHING_DUE');
        let discount = input.discountCents ?? 0;
        let amount = input.amountCents;
        if (amount + discount > pending) throw new DeskRefusal('PAYMENT_TOO_LARGE');
        const settled: number[] = [];
        for (const debt of debts) {
          const off = Math.min(discount, debt.pending);
          const paid = Math.min(amount, debt.pending - off);
          if (off === 0 && paid === 0) continue;
          discount -= off;
          amount -= paid;
          const full = off + paid === debt.pending;
          await ctx.tx.query(
            `UPDATE debt SET discount_cents = discount_cents + $2, paid_cents = paid_cents + $3,
                    paid_at = CASE WHEN $4::boolean THEN $5::timestamptz ELSE paid_at END WHERE id = $1`,
            [debt.id, off, paid, full || paid > 0, ctx.now.toISOString()],
          );
          if (full) settled.push(debt.id);
          await ctx.log({
            action: 'debt.payment',
            patronId: input.patronId,
            debtId: debt.id,
            details: { paidCents: paid, discountCents: off },
          });
        }
        return { settled, leftCents: pending - input.amountCents - (input.discountCents ?? 0) };
      });
    },

    /** Suspends a patron by hand for some days, after any suspension already running. */
    async suspend(input: {
      patronId: number;
      days: number;
      reason: string;
      actor: Actor;
    }): Promise<{ startsOn: Day; endsOn: Day }> {
      return run(input.actor, async (ctx) => {
        await requirePatron(ctx, input.patronId);
        const period = suspensionPeriod(
          input.days,
          ctx.today,
          await currentSuspensionEnd(ctx.tx, input.patronId, ctx.today),
        );
        await ctx.tx.query(
          `INSERT INTO suspension (patron_id, origin, reason, days, starts_on, ends_on, created_at)
           VALUES ($1, 'balcao', $2, $3, $4::date, $5::date, $6)`,
          [input.patronId, input.reason, input.days, period.startsOn, period.endsOn, ctx.now.toISOString()],
        );
        await ctx.log({
          action: 'suspension.desk',
          patronId: input.patronId,
          details: { days: input.days, reason: input.reason, ...period },
        });
        return period;
      });
    },

    /** Applies what time has done to every title that needs it (late loans, quarantine, expired pickups). */
    async sweep(actor: Actor = 'job:sweep'): Promise<SweepResult> {
      const day = today();
      const { rows } = await db.query<{ title_id: number }>(
        `SELECT c.title_id FROM copy c JOIN loan ln ON ln.copy_id = c.id AND ln.returned_at IS NULL
          WHERE (ln.due_on < $1::date AND c.status <> 'atrasado') OR (ln.due_on >= $1::date AND c.status <> 'emprestado')
         UNION
         SELECT c.title_id FROM copy c WHERE c.status = 'quarentena'
            AND NOT EXISTS (SELECT 1 FROM loan ln WHERE ln.copy_id = c.id
                             AND (ln.returned_at IS NULL OR ln.quarantine_until >= $1::date))
         UNION
         SELECT title_id FROM hold WHERE status = 'liberada' AND pickup_deadline < $1::date
         UNION
         SELECT title_id FROM loan_request WHERE status = 'disponivel' AND pickup_deadline < $1::date
         ORDER BY 1`,
        [day],
      );
      const total: SweepResult = {
        titles: rows.length,
        late: 0,
        quarantineEnded: 0,
        holdsExpired: 0,
        requestsExpired: 0,
        holdsReleased: 0,
      };
      for (const { title_id } of rows) {
        const one = await run(actor, async (ctx) => {
          await lockTitle(ctx.tx, title_id);
          return settleTitle(ctx, title_id);
        });
        total.late += one.late;
        total.quarantineEnded += one.quarantineEnded;
        total.holdsExpired += one.holdsExpired;
        total.requestsExpired += one.requestsExpired;
        total.holdsReleased += one.holdsReleased;
      }
      return total;
    },

    /**
     * Automatic renewal (beyond the spec): renews every loan due today of patrons who keep it on,
     * as far as the rules allow, and tells each patron what was and was not renewed.
     */
    async autoRenew(actor: Actor = 'job:auto-renew'): Promise<AutoRenewReport[]> {
      const day = today();
      const { rows } = await db.query<{ patron_id: number; loan_id: number; title: string; due_on: string }>(
        `SELECT ln.patron_id, ln.id AS loan_id, t.title, ln.due_on::text AS due_on
           FROM loan ln JOIN patron p ON p.id = ln.patron_id JOIN copy c ON c.id = ln.copy_id JOIN title t ON t.id = c.title_id
          WHERE ln.returned_at IS NULL AND ln.due_on = $1::date AND p.auto_renew
          ORDER BY ln.patron_id, ln.id`,
        [day],
      );
      const byPatron = new Map<number, typeof rows>();
      for (const row of rows) byPatron.set(row.patron_id, [...(byPatron.get(row.patron_id) ?? []), row]);
      const reports: AutoRenewReport[] = [];
      for (const [patronId, loans] of byPatron) {
        const outcomes = await engine.renew(
          patronId,
          loans.map((l) => l.loan_id),
          actor,
          undefined,
          { alerts: true },
        );
        const detailed = outcomes.map((o) => {
          const loan = loans.find((l) => l.loan_id === o.loanId)!;
          return { ...o, title: loan.title, previousDueOn: loan.due_on };
        });
        const patron = await findPatron(db, patronId);
        let mailed = false;
        if (patron?.email && patron.receivesEmail && mailer) {
          const texts = CIRCULATION_MAIL_TEXTS[patron.mailLanguage];
          const renewed = detailed.filter((o) => o.renewed);
          const refused = detailed.filter((o) => !o.renewed);
          const lines = [texts.autoRenewIntro(patron.name), ''];
          if (renewed.length > 0) {
            lines.push(
              texts.autoRenewRenewed,
              ...renewed.map((o) => texts.autoRenewLine(o.title, formatDay(o.dueOn!, patron.mailLanguage))),
              '',
            );
          }
          if (refused.length > 0) {
            lines.push(
              texts.autoRenewRefused,
              ...refused.map((o) =>
                texts.autoRenewRefusedLine(
                  o.title,
                  formatDay(o.previousDueOn, patron.mailLanguage),
                  translate(o.refusal!.key, patron.mailLanguage),
                ),
              ),
              '',
            );
          }
          lines.push(texts.autoRenewOff);
          try {
            await mailer.send({ to: patron.email, subject: texts.autoRenewSubject, text: lines.join('\n') });
            mailed = true;
          } catch (error) {
            options.onMailError?.(error);
          }
        }
        reports.push({ patronId, outcomes: detailed, mailed });
      }
      return reports;
    },

    /**
     * Alerts (decision 0044) for open loans due within `daysBefore` library days and for late ones:
     * once per loan and due day, so running it every sweep never repeats an alert, and a renewed
     * loan is alerted again for its new due day.
     */
    async alertDueLoans(daysBefore: number, actor: Actor = 'job:due-alerts'): Promise<{ alerts: number }> {
      const day = today();
      const { rows } = await db.query<{
        patron_id: number;
        loan_id: number;
        title_id: number;
        title: string;
        due_on: string;
      }>(
        `SELECT ln.patron_id, ln.id AS loan_id, t.id AS title_id, t.title, ln.due_on::text AS due_on
           FROM loan ln JOIN copy c ON c.id = ln.copy_id JOIN title t ON t.id = c.title_id
          WHERE ln.returned_at IS NULL AND ln.due_on <= $1::date
            AND NOT EXISTS (SELECT 1 FROM alert a WHERE a.patron_id = ln.patron_id AND a.once_key =
                  CASE WHEN ln.due_on < $2::date THEN 'loanOverdue:' ELSE 'loanDueSoon:' END || ln.id || ':' || ln.due_on::text)
          ORDER BY ln.patron_id, ln.id`,
        [addDays(day, daysBefore), day],
      );
      let alerts = 0;
      for (const row of rows) {
        await run(actor, async (ctx) => {
          const kind = row.due_on < ctx.today ? 'loanOverdue' : 'loanDueSoon';
          const written = await alert(ctx, {
            patronId: row.patron_id,
            kind,
            params: { title: row.title, titleId: row.title_id, dueOn: row.due_on },
            onceKey: `${kind}:${row.loan_id}:${row.due_on}`,
          });
          if (written) alerts++;
        });
      }
      return { alerts };
    },

    /** Loads circulation state from another system (or the demo) without the rules' checks. */
    async importState(state: ImportedState, actor: Actor = 'import'): Promise<void> {
      const found = await findCopy(db, state.copyId);
      if (!found) throw new DeskRefusal('COPY_NOT_FOUND');
      await run(actor, async (ctx) => {
        await requirePatron(ctx, state.patronId);
        await lockTitle(ctx.tx, found.titleId);
        const busy = await ctx.tx.query(
          `SELECT 1 FROM loan WHERE copy_id = $1 AND returned_at IS NULL
           UNION ALL SELECT 1 FROM hold WHERE copy_id = $1 AND status = 'liberada'
           UNION ALL SELECT 1 FROM loan_request WHERE copy_id = $1 AND status IN ('aguardando', 'em_transito', 'disponivel')`,
          [found.id],
        );
        if (busy.rows.length > 0) throw new DeskRefusal('COPY_NOT_FREE');
        if (state.kind === 'loan') {
          const loanId = await insertLoan(ctx, {
            copy: found,
            patronId: state.patronId,
            loanedAt: state.loanedAt,
            dueOn: state.dueOn,
            renewals: state.renewals ?? 0,
            channel: 'importacao',
          });
          await ctx.log({
            action: 'import.loan',
            patronId: state.patronId,
            titleId: found.titleId,
            copyId: found.id,
            loanId,
            details: { dueOn: state.dueOn },
          });
        } else if (state.kind === 'released-hold') {
          const { rows } = await ctx.tx.query<{ id: number }>(
            `INSERT INTO hold (patron_id, title_id, library_id, volume, tome, part, additional_material, location, status,
                               placed_at, copy_id, released_at, pickup_deadline)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'liberada', $9, $10, $9, $11::date) RETURNING id`,
            [
              state.patronId,
              found.titleId,
              found.libraryId,
              found.volume,
              found.tome,
              found.part,
              found.additionalMaterial,
              found.location,
              state.placedAt.toISOString(),
              found.id,
              state.releasedOn,
            ],
          );
          await setCopyStatus(ctx.tx, found.id, 'reservado', null);
          await ctx.log({
            action: 'import.hold',
            patronId: state.patronId,
            titleId: found.titleId,
            copyId: found.id,
            holdId: rows[0]!.id,
          });
        } else {
          const { rows } = await ctx.tx.query<{ id: number }>(
            `INSERT INTO loan (copy_id, patron_id, loaned_at, due_on, returned_at, loan_type, library_id, channel, quarantine_until)
             VALUES ($1, $2, $3, $4::date, $5, $6, $7, 'importacao', $8::date) RETURNING id`,
            [
              found.id,
              state.patronId,
              state.loanedAt.toISOString(),
              libraryDay(state.returnedAt, timeZone),
              state.returnedAt.toISOString(),
              found.loanType,
              found.libraryId,
              state.quarantineUntil,
            ],
          );
          await setCopyStatus(ctx.tx, found.id, 'quarentena', null);
          await ctx.log({
            action: 'import.quarantine',
            patronId: state.patronId,
            titleId: found.titleId,
            copyId: found.id,
            loanId: rows[0]!.id,
          });
        }
      });
    },

    /** A new self-service loan token for the patron (replacing any other), valid for `minutes`. */
    async issueToken(
      patronId: number,
      minutes: number,
      actor: Actor,
    ): Promise<{ token: string; expiresAt: Date }> {
      return run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        const token = Array.from({ length: 8 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join(
          '',
        );
        const expiresAt = new Date(ctx.now.getTime() + minutes * 60_000);
        await ctx.tx.query(
          `INSERT INTO loan_token (patron_id, token, created_at, expires_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (patron_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at, expires_at = excluded.expires_at`,
          [patronId, token, ctx.now.toISOString(), expiresAt.toISOString()],
        );
        await ctx.log({ action: 'token.issue', patronId, details: { expiresAt: expiresAt.toISOString() } });
        return { token, expiresAt };
      });
    },

    /**
     * Issues the no-debts declaration (SPEC §4) when the patron has no loans and owes nothing:
     * builds its PDF, stores it, cancels open holds and requests, and unlinks the patron. A second
     * call answers the declaration already issued.
     */
    async issueNoDebtsDeclaration(
      patronId: number,
      build: (data: { patron: PatronRecord; code: string; issuedAt: Date; today: Day }) => Promise<Buffer>,
      actor: Actor,
    ): Promise<{ code: string; issuedAt: Date; pdf: Buffer }> {
      return run(actor, async (ctx) => {
        const patron = await requirePatron(ctx, patronId);
        const existing = await issuedDeclaration(ctx.tx, patronId);
        if (existing) return existing;
        const blocked = await noDebtsRefusal(ctx.tx, patron, ctx.today);
        if (blocked) throw refusal(blocked);
        const code = Array.from({ length: 12 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join(
          '',
        );
        const pdf = await build({ patron, code, issuedAt: ctx.now, today: ctx.today });
        await ctx.tx.query(
          `INSERT INTO no_debts_declaration (patron_id, verification_code, issued_at, pdf, pdf_sha256) VALUES ($1, $2, $3, $4, $5)`,
          [patronId, code, ctx.now.toISOString(), pdf, createHash('sha256').update(pdf).digest('hex')],
        );
        // SPEC §4: generating it removes the user from the library; what they still had open ends.
        const { rows: holds } = await ctx.tx.query<{ id: number; titleId: number }>(
          `SELECT id, title_id AS "titleId" FROM hold WHERE patron_id = $1 AND status IN ('fila', 'liberada') ORDER BY title_id`,
          [patronId],
        );
        const { rows: requests } = await ctx.tx.query<{ id: number; titleId: number; copyId: number }>(
          `SELECT id, title_id AS "titleId", copy_id AS "copyId" FROM loan_request
            WHERE patron_id = $1 AND status IN ('aguardando', 'em_transito', 'disponivel') ORDER BY title_id`,
          [patronId],
        );
        for (const titleId of [...new Set([...holds, ...requests].map((h) => h.titleId))].sort(
          (a, b) => a - b,
        )) {
          await lockTitle(ctx.tx, titleId);
        }
        for (const hold of holds) await endHold(ctx, hold.id, 'desvinculado');
        for (const request of requests) {
          await ctx.tx.query(
            `UPDATE loan_request SET status = 'nao_finalizada', ended_at = $2, updated_at = $2, observation = 'Leitor desvinculado' WHERE id = $1`,
            [request.id, ctx.now.toISOString()],
          );
          const copy = await findCopy(ctx.tx, request.copyId);
          if (copy) await placeCopy(ctx, copy);
        }
        await ctx.tx.query('UPDATE patron SET unlinked_at = $2 WHERE id = $1', [
          patronId,
          ctx.now.toISOString(),
        ]);
        await ctx.tx.query('DELETE FROM loan_token WHERE patron_id = $1', [patronId]);
        await ctx.log({
          action: 'patron.no-debts-declaration',
          patronId,
          details: { verificationCode: code },
        });
        return { code, issuedAt: ctx.now, pdf };
      });
    },

    /** Turns automatic renewal on or off for a patron. */
    async setAutoRenew(patronId: number, on: boolean, actor: Actor): Promise<void> {
      await run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        await ctx.tx.query('UPDATE patron SET auto_renew = $2 WHERE id = $1', [patronId, on]);
        await ctx.log({ action: 'patron.auto-renew', patronId, details: { on } });
      });
    },

    /**
     * The patron's loan-history choice (decision 0045): kept, or each loan anonymised at return.
     * Under the patron's lock, so a return running at the same time sees one choice or the other.
     */
    async setKeepsLoanHistory(patronId: number, keeps: boolean, actor: Actor): Promise<void> {
      await run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        await ctx.tx.query('UPDATE patron SET keeps_loan_history = $2 WHERE id = $1', [patronId, keeps]);
        await ctx.log({ action: 'patron.loan-history', patronId, details: { keeps } });
      });
    },

    /** Anonymises every returned loan of the patron now; open loans stay theirs. Answers how many. */
    async anonymiseLoanHistory(patronId: number, actor: Actor): Promise<number> {
      return run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        const count = await anonymiseReturnedLoans(ctx.tx, patronId, 'all');
        await ctx.log({ action: 'patron.loan-history-anonymised', patronId, details: { loans: count } });
        return count;
      });
    },

    /** Allows or forbids the no-debts declaration for a patron (SPEC §4 "may be disabled per user"). */
    async setNoDebtsDeclaration(patronId: number, enabled: boolean, actor: Actor): Promise<void> {
      await run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        await ctx.tx.query('UPDATE patron SET no_debts_declaration_enabled = $2 WHERE id = $1', [
          patronId,
          enabled,
        ]);
        await ctx.log({ action: 'patron.no-debts-setting', patronId, details: { enabled } });
      });
    },

    /** Records a change of the rules in the log (the desk command saves them). */
    async logRuleChange(details: Record<string, unknown>, actor: Actor): Promise<void> {
      await run(actor, (ctx) => ctx.log({ action: 'rule.change', details }));
    },
  };

  /** Holds in the queue of the copy's title that this copy could serve. */
  async function queueServing(ctx: Ctx, copy: CopyRecord) {
    const { rows } = await ctx.tx.query<{
      category: string;
      libraryId: number;
      volume: string | null;
      tome: string | null;
      part: string | null;
      additionalMaterial: string | null;
      location: string | null;
    }>(
      `SELECT p.category_code AS category, h.library_id AS "libraryId", h.volume, h.tome, h.part,
              h.additional_material AS "additionalMaterial", h.location
         FROM hold h JOIN patron p ON p.id = h.patron_id WHERE h.title_id = $1 AND h.status = 'fila'`,
      [copy.titleId],
    );
    return rows.filter((hold) => {
      const rule = resolveRule(ctx.rules, hold.category, copy.loanType);
      return rule.isLoanable && rule.allowsHolds && holdMatches(hold, copy);
    });
  }

  /** Copies of a title the patron could hold: in circulation, lent to their category, holds allowed. */
  async function holdableCopies(ctx: Ctx, patron: PatronRecord, titleId: number): Promise<CopyRecord[]> {
    return (await titleCopies(ctx.tx, titleId)).filter((c) => {
      const rule = resolveRule(ctx.rules, patron.categoryCode, c.loanType);
      return !OUT_OF_CIRCULATION.includes(c.status) && rule.isLoanable && rule.allowsHolds;
    });
  }

  /** Copies of a title the patron could request: in circulation, lent to their category, requests allowed. */
  async function requestableCopies(ctx: Ctx, patron: PatronRecord, titleId: number): Promise<CopyRecord[]> {
    return (await titleCopies(ctx.tx, titleId)).filter((c) => {
      const rule = resolveRule(ctx.rules, patron.categoryCode, c.loanType);
      return !OUT_OF_CIRCULATION.includes(c.status) && rule.isLoanable && rule.allowsRequests;
    });
  }

  /** Ends an open hold (its title locked); answers false when it had already ended. */
  async function endHold(
    ctx: Ctx,
    holdId: number,
    reason: 'leitor' | 'balcao' | 'desvinculado' | 'sem_exemplar',
  ): Promise<boolean> {
    const { rows } = await ctx.tx.query<{
      titleId: number;
      status: string;
      queuePosition: number | null;
      copyId: number | null;
      patronId: number;
    }>(
      `SELECT title_id AS "titleId", status, queue_position AS "queuePosition", copy_id AS "copyId", patron_id AS "patronId"
         FROM hold WHERE id = $1 FOR UPDATE`,
      [holdId],
    );
    const hold = rows[0];
    if (!hold || (hold.status !== 'fila' && hold.status !== 'liberada')) return false;
    await ctx.tx.query(
      `UPDATE hold SET status = 'cancelada', queue_position = NULL, cancel_reason = $2, ended_at = $3 WHERE id = $1`,
      [holdId, reason, ctx.now.toISOString()],
    );
    if (hold.status === 'fila' && hold.queuePosition !== null)
      await closeQueueGap(ctx.tx, hold.titleId, hold.queuePosition);
    await ctx.log({
      action: 'hold.cancel',
      patronId: hold.patronId,
      titleId: hold.titleId,
      copyId: hold.copyId,
      holdId,
      details: { reason },
    });
    if (hold.status === 'liberada' && hold.copyId !== null) {
      const copy = await findCopy(ctx.tx, hold.copyId);
      if (copy) await placeCopy(ctx, copy);
    }
    return true;
  }

  async function rememberLanguage(ctx: Ctx, patronId: number, language: ServerLanguage): Promise<void> {
    await ctx.tx.query('UPDATE patron SET mail_language = $2 WHERE id = $1 AND mail_language <> $2', [
      patronId,
      language,
    ]);
  }

  return engine;
}

/** The local engine's type. */
export type CirculationEngine = ReturnType<typeof createCirculationEngine>;

/** The declaration a patron already has, if any. */
export async function issuedDeclaration(
  db: Queryable,
  patronId: number,
): Promise<{ code: string; issuedAt: Date; pdf: Buffer } | null> {
  const { rows } = await db.query<{ code: string; issued_at: Date; pdf: Uint8Array }>(
    'SELECT verification_code AS code, issued_at, pdf FROM no_debts_declaration WHERE patron_id = $1',
    [patronId],
  );
  const row = rows[0];
  return row ? { code: row.code, issuedAt: new Date(row.issued_at), pdf: Buffer.from(row.pdf) } : null;
}

/** Why the no-debts declaration is refused now (SPEC §4), or null: disabled for the patron, loans, debts. */
export async function noDebtsRefusal(
  db: Queryable,
  patron: PatronRecord,
  today: Day,
): Promise<CirculationRefusal | null> {
  if (!patron.noDebtsDeclarationEnabled) return CIRCULATION_ERROR.NO_DEBTS_DISABLED;
  if ((await countOpenLoans(db, patron.id)) > 0) return CIRCULATION_ERROR.NO_DEBTS_HAS_LOANS;
  if ((await patronStanding(db, patron.id, today)).debtCents > 0) return CIRCULATION_ERROR.NO_DEBTS_HAS_DEBTS;
  return null;
}
