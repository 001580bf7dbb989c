/**
 * Loans: a copy lent at the desk or at the self-service machine (with a loan token), the hold or
 * loan request it ends, and the loan row itself (shared with the imports).
 */
import { DeskRefusal, refusal } from '../../errors.ts';
import { checkoutStandingRefusal, dueDate, patronRule, resolveRule, type Day } from '../rules.ts';
import {
  countOpenLoans,
  findCopy,
  openRequestOfCopy,
  openWeekdays,
  patronStanding,
  releasedHoldOfCopy,
  setCopyStatus,
  type CopyRecord,
} from '../repository.ts';
import { requirePatron, type Actor, type Ctx, type EngineContext } from './context.ts';
import { fulfilHold } from './holds.ts';
import { requireTitle } from './settle.ts';

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

/** Writes an open loan and marks its copy lent (or late, for an imported loan already past due). */
export async function insertLoan(
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

/** The loan operations of the engine. */
export function createLoanOperations(context: EngineContext) {
  const { db, clock, run } = context;

  /** Resolves a self-service loan token to its patron, or null when unknown or expired. */
  async function patronOfToken(token: string): Promise<number | null> {
    const { rows } = await db.query<{ patron_id: number }>(
      'SELECT patron_id FROM loan_token WHERE token = $1 AND expires_at > $2',
      [token.trim().toUpperCase(), clock.now().toISOString()],
    );
    return rows[0]?.patron_id ?? null;
  }

  return {
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
  };
}
