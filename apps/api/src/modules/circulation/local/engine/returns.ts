/**
 * Returns: a copy taken back — the fine and suspension for lateness, the privacy choice of the
 * loan history, then quarantine, the next hold in the queue, or the shelf.
 */
import { DeskRefusal } from '../../errors.ts';
import {
  addDays,
  fineCents,
  lateDays,
  resolveRule,
  suspensionDays,
  suspensionPeriod,
  type Day,
} from '../rules.ts';
import {
  anonymiseReturnedLoans,
  currentSuspensionEnd,
  findCopy,
  openLoanOfCopy,
  setCopyStatus,
  titleAndLibrary,
} from '../repository.ts';
import { requirePatron, type Actor, type EngineContext } from './context.ts';
import { placeCopy, requireTitle } from './settle.ts';

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

/** The return operations of the engine. */
export function createReturnOperations(context: EngineContext) {
  const { db, run } = context;

  return {
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
          releasedHoldId = await placeCopy(ctx, copy);
          next = releasedHoldId === null ? 'disponivel' : 'reservado';
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
  };
}
