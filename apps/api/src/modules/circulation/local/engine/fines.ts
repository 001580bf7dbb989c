/**
 * Fines, debts and suspensions at the desk: a payment (and a discount) against a patron's debts,
 * and a suspension by hand. Fines and suspensions for lateness are written by the return.
 */
import { DeskRefusal } from '../../errors.ts';
import { suspensionPeriod, type Day } from '../rules.ts';
import { currentSuspensionEnd } from '../repository.ts';
import { requirePatron, type Actor, type EngineContext } from './context.ts';

/** The fine, debt and suspension operations of the engine. */
export function createFineOperations(context: EngineContext) {
  const { run } = context;

  return {
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
  };
}
