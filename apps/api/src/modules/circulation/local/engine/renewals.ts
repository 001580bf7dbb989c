/**
 * Renewals: a batch of a patron's loans renewed as far as the rules allow, one refusal not
 * stopping the others; a loan is not renewed while a hold waits that its copy could serve.
 */
import { CIRCULATION_ERROR, type CirculationRefusal } from '@estante/contract';
import type { ServerLanguage } from '../../../../lib/messages.ts';
import { holdMatches } from '../choices.ts';
import { dueDate, renewalRefusal, resolveRule, type Day } from '../rules.ts';
import {
  findCopy,
  findPatron,
  lockTitle,
  openWeekdays,
  patronLoansByIds,
  patronStanding,
  setCopyStatus,
  titleAndLibrary,
  type CopyRecord,
} from '../repository.ts';
import {
  alert,
  rememberLanguage,
  requirePatron,
  type Actor,
  type Ctx,
  type EngineContext,
} from './context.ts';
import { settleTitle } from './settle.ts';

/** One loan's outcome in a renewal batch. */
export interface RenewOutcome {
  loanId: number;
  renewed: boolean;
  dueOn: Day | null;
  renewals: number | null;
  refusal: CirculationRefusal | null;
}

/** The renewal operations of the engine. */
export function createRenewalOperations(context: EngineContext) {
  const { run } = context;

  return {
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
  };
}

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
