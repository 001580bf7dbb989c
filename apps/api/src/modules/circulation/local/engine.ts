/**
 * The local circulation engine, assembled from its operation groups in `engine/`: each file keeps
 * one concern (loans, returns, renewals, holds, loan requests, fines, jobs, imports, patrons) and
 * shares `engine/context.ts` — the transaction every operation runs in — and `engine/settle.ts`,
 * where a title is brought up to date and a freed copy placed.
 */
import { createEngineContext, type Actor, type CirculationEngineOptions } from './engine/context.ts';
import { createFineOperations } from './engine/fines.ts';
import { createHoldOperations } from './engine/holds.ts';
import { createImportOperations } from './engine/imports.ts';
import { createJobOperations } from './engine/jobs.ts';
import { createLoanOperations } from './engine/loans.ts';
import { createPatronOperations } from './engine/patrons.ts';
import { createRenewalOperations } from './engine/renewals.ts';
import { createRequestOperations } from './engine/requests.ts';
import { createReturnOperations } from './engine/returns.ts';

export { DEFAULT_TIME_ZONE, type Actor, type CirculationEngineOptions } from './engine/context.ts';
export type { CancelOutcome } from './engine/holds.ts';
export type { ImportedState } from './engine/imports.ts';
export type { AutoRenewReport } from './engine/jobs.ts';
export type { CheckoutResult } from './engine/loans.ts';
export { issuedDeclaration, noDebtsRefusal } from './engine/patrons.ts';
export type { RenewOutcome } from './engine/renewals.ts';
export type { CheckinResult } from './engine/returns.ts';
export type { SweepResult } from './engine/settle.ts';

/** The local circulation engine: every state change of loans, holds, requests, debts and suspensions. */
export function createCirculationEngine(options: CirculationEngineOptions) {
  const context = createEngineContext(options);
  const { timeZone, today, run } = context;
  const renewals = createRenewalOperations(context);

  return {
    timeZone,
    /** Today in the library's time zone. */
    today,
    ...createLoanOperations(context),
    ...createReturnOperations(context),
    ...renewals,
    ...createHoldOperations(context),
    ...createRequestOperations(context),
    ...createFineOperations(context),
    ...createJobOperations(context, renewals),
    ...createImportOperations(context),
    ...createPatronOperations(context),

    /** Records a change of the rules in the log (the desk command saves them). */
    async logRuleChange(details: Record<string, unknown>, actor: Actor): Promise<void> {
      await run(actor, (ctx) => ctx.log({ action: 'rule.change', details }));
    },
  };
}

/** The local engine's type. */
export type CirculationEngine = ReturnType<typeof createCirculationEngine>;
