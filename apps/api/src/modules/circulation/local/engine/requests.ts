/**
 * Loan requests (SPEC §7): a copy on the shelf set aside for the patron and sent to the library
 * where they collect it, moved along at the desk (sent, arrived, cancelled) with the patron told.
 */
import { CIRCULATION_ERROR, type LoanRequestBody } from '@estante/contract';
import type { ServerLanguage } from '../../../../lib/messages.ts';
import { DeskRefusal, refusal } from '../../errors.ts';
import { CIRCULATION_MAIL_TEXTS, formatDay } from '../../mail-texts.ts';
import { checkChoices } from '../choices.ts';
import { dueDate, patronRule, resolveRule, standingRefusal, type Day } from '../rules.ts';
import {
  countOpenRequests,
  findCopy,
  findLoanRequest,
  openWeekdays,
  patronStanding,
  setCopyStatus,
  titleAndLibrary,
  titleCopies,
  type CopyRecord,
  type PatronRecord,
} from '../repository.ts';
import {
  OUT_OF_CIRCULATION,
  alertRequest,
  mailPatron,
  rememberLanguage,
  requirePatron,
  type Actor,
  type Ctx,
  type EngineContext,
} from './context.ts';
import { placeCopy, requireTitle } from './settle.ts';

/** The loan request operations of the engine. */
export function createRequestOperations(context: EngineContext) {
  const { db, run } = context;

  return {
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
  };
}

/** Copies of a title the patron could request: in circulation, lent to their category, requests allowed. */
async function requestableCopies(ctx: Ctx, patron: PatronRecord, titleId: number): Promise<CopyRecord[]> {
  return (await titleCopies(ctx.tx, titleId)).filter((c) => {
    const rule = resolveRule(ctx.rules, patron.categoryCode, c.loanType);
    return !OUT_OF_CIRCULATION.includes(c.status) && rule.isLoanable && rule.allowsRequests;
  });
}
