/**
 * Holds: placed in a title's queue (when no copy it could take is on the shelf), cancelled by the
 * patron or the desk, ended when the patron borrows the title; a released copy whose hold ends
 * goes to the next in the queue.
 */
import { CIRCULATION_ERROR, type CirculationRefusal, type HoldRequest } from '@estante/contract';
import type { ServerLanguage } from '../../../../lib/messages.ts';
import { refusal } from '../../errors.ts';
import { checkChoices, holdChoice, shelfRefusal } from '../choices.ts';
import { patronRule, resolveRule, standingRefusal } from '../rules.ts';
import {
  closeQueueGap,
  countOpenHolds,
  findCopy,
  lockTitle,
  openHoldOf,
  patronStanding,
  titleCopies,
  type CopyRecord,
  type PatronRecord,
} from '../repository.ts';
import {
  OUT_OF_CIRCULATION,
  rememberLanguage,
  requirePatron,
  type Actor,
  type Ctx,
  type EngineContext,
} from './context.ts';
import { placeCopy, requireTitle, settleTitle } from './settle.ts';

/** One hold's outcome in a cancellation batch. */
export interface CancelOutcome {
  holdId: number;
  cancelled: boolean;
  refusal: CirculationRefusal | null;
}

/** The hold operations of the engine. */
export function createHoldOperations(context: EngineContext) {
  const { run } = context;

  return {
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
  };
}

/** Ends the patron's hold on a title when they borrow a copy of it; a copy set aside for them elsewhere is passed on. */
export async function fulfilHold(
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

/** Copies of a title the patron could hold: in circulation, lent to their category, holds allowed. */
async function holdableCopies(ctx: Ctx, patron: PatronRecord, titleId: number): Promise<CopyRecord[]> {
  return (await titleCopies(ctx.tx, titleId)).filter((c) => {
    const rule = resolveRule(ctx.rules, patron.categoryCode, c.loanType);
    return !OUT_OF_CIRCULATION.includes(c.status) && rule.isLoanable && rule.allowsHolds;
  });
}

/** Ends an open hold (its title locked); answers false when it had already ended. */
export async function endHold(
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
