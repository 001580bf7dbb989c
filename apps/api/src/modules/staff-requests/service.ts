import {
  COMMENT_MODERATION_ERRORS,
  STAFF_QUEUE_PAGE_SIZE,
  STAFF_REQUEST_ERROR,
  interlibraryStepAllowed,
  type GeneralCommentDecision,
  type InterlibraryState,
  type PendingGeneralComments,
  type StaffClosedStackQuery,
  type StaffClosedStackRequest,
  type StaffClosedStackRequests,
  type StaffInterlibraryQuery,
  type StaffInterlibraryRequest,
  type StaffInterlibraryRequests,
  type StaffLoanRequest,
  type StaffLoanRequestStep,
  type StaffLoanRequests,
  type StaffLoanRequestsQuery,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { MailMessage, Mailer } from '../../lib/mail.ts';
import { recordAlert } from '../alerts/index.ts';
import type { CirculationEngine } from '../circulation/index.ts';
import { DeskRefusal } from '../circulation/errors.ts';
import { recordStaffAction, type StaffActor } from '../staff/index.ts';
import {
  presentClosedStack,
  presentGeneralComment,
  presentGeneralDecision,
  presentInterlibrary,
  presentLoanRequest,
} from './presenters.ts';
import {
  auditedSteps,
  closedStackItems,
  decideClosedStack,
  decideGeneralComment,
  findClosedStack,
  findGeneralComment,
  findInterlibrary,
  findLoanRequest,
  listClosedStack,
  listInterlibrary,
  listLoanRequests,
  listPendingGeneralComments,
  loanRequestSteps,
  moveInterlibrary,
  type QueueFilters,
} from './repository.ts';

/** The audit log's names for what these calls change (its `target_kind`). */
export const TARGET_KINDS = {
  loanRequest: 'loanRequest',
  interlibrary: 'interlibraryRequest',
  closedStack: 'closedStackRequest',
  generalComment: 'generalComment',
} as const;

/** What every call here needs: the database, the clock, the library's time zone, the mailer. */
export interface StaffRequestsContext {
  db: Db;
  clock: Clock;
  /** The library's time zone (an institution setting, read on each call). */
  timeZone: () => Promise<string>;
  mailer?: Mailer | undefined;
  onMailError?: (error: unknown) => void;
}

const filtersOf = async (
  ctx: StaffRequestsContext,
  query: {
    situacao?: string | undefined;
    biblioteca?: number | undefined;
    dataIni?: string | undefined;
    dataFim?: string | undefined;
  },
): Promise<QueueFilters> => ({
  status: query.situacao,
  libraryId: query.biblioteca,
  from: query.dataIni,
  to: query.dataFim,
  timeZone: await ctx.timeZone(),
});

/** A librarian's words to the patron: trimmed, and null when blank. */
const answerOf = (text: string | undefined): string | null => text?.trim() || null;

/** Sends an alert's e-mail after its transaction committed; a failed send undoes nothing. */
async function deliver(ctx: StaffRequestsContext, mail: MailMessage | null): Promise<void> {
  if (mail && ctx.mailer) await ctx.mailer.send(mail).catch((error) => ctx.onMailError?.(error));
}

// ---- Loan requests.

export async function loanRequestQueue(
  ctx: StaffRequestsContext,
  query: StaffLoanRequestsQuery,
): Promise<StaffLoanRequests> {
  const { rows, total } = await listLoanRequests(ctx.db, await filtersOf(ctx, query), STAFF_QUEUE_PAGE_SIZE);
  const steps = await loanRequestSteps(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((row) => presentLoanRequest(row, steps)), total };
}

/**
 * Moves a loan request with the circulation engine, as `estante desk request` does: the engine
 * checks the move, tells the patron and writes the circulation log in its own transaction; the
 * audit entry is written right after it (decision 0061).
 */
export async function moveLoanRequest(
  ctx: StaffRequestsContext,
  engine: CirculationEngine,
  actor: StaffActor,
  id: number,
  to: StaffLoanRequestStep,
): Promise<StaffLoanRequest> {
  const before = await findLoanRequest(ctx.db, id);
  if (!before) throw ERRORS.notFound();
  try {
    await engine.advanceRequest(id, to, `staff:${actor.login}`);
  } catch (error) {
    if (error instanceof DeskRefusal && error.deskCode === 'REQUEST_STEP')
      throw ERRORS.rule(STAFF_REQUEST_ERROR.STEP.code, STAFF_REQUEST_ERROR.STEP.key);
    if (error instanceof DeskRefusal && error.deskCode === 'REQUEST_NOT_FOUND') throw ERRORS.notFound();
    throw error;
  }
  const after = (await findLoanRequest(ctx.db, id))!;
  await recordStaffAction(ctx.db, {
    actor,
    action: 'loanRequest.move',
    target: { kind: TARGET_KINDS.loanRequest, id },
    before: { status: before.status },
    after: { status: after.status, pickupDeadline: after.pickup_deadline },
    at: ctx.clock.now(),
  });
  return presentLoanRequest(after, await loanRequestSteps(ctx.db, [id]));
}

// ---- Inter-library loans.

export async function interlibraryQueue(
  ctx: StaffRequestsContext,
  query: StaffInterlibraryQuery,
): Promise<StaffInterlibraryRequests> {
  const { rows, total } = await listInterlibrary(ctx.db, await filtersOf(ctx, query), STAFF_QUEUE_PAGE_SIZE);
  const steps = await auditedSteps(
    ctx.db,
    TARGET_KINDS.interlibrary,
    rows.map((r) => r.id),
  );
  return { data: rows.map((row) => presentInterlibrary(row, steps)), total };
}

/**
 * Moves an inter-library loan one step (INTERLIBRARY_STEPS), with the library's answer; ending it
 * unserved needs one. The move, its audit entry and the patron's alert in one transaction.
 */
export async function moveInterlibraryRequest(
  ctx: StaffRequestsContext,
  actor: StaffActor,
  id: number,
  input: { to: InterlibraryState; answer?: string | undefined },
): Promise<StaffInterlibraryRequest> {
  const answer = answerOf(input.answer);
  const at = ctx.clock.now();
  const mail = await ctx.db.transaction(async (tx) => {
    const request = await findInterlibrary(tx, id, true);
    if (!request) throw ERRORS.notFound();
    if (!interlibraryStepAllowed(request.status, input.to))
      throw ERRORS.rule(STAFF_REQUEST_ERROR.STEP.code, STAFF_REQUEST_ERROR.STEP.key);
    if (input.to === 'nao_finalizada' && !answer)
      throw ERRORS.rule(STAFF_REQUEST_ERROR.ANSWER_REQUIRED.code, STAFF_REQUEST_ERROR.ANSWER_REQUIRED.key);
    await moveInterlibrary(tx, { id, status: input.to, answer, at });
    await recordStaffAction(tx, {
      actor,
      action: 'interlibraryRequest.move',
      target: { kind: TARGET_KINDS.interlibrary, id },
      before: { status: request.status },
      after: { status: input.to, answer },
      at,
    });
    const recorded = await recordAlert(tx, {
      patronId: request.patron_id,
      kind: 'interlibraryStatus',
      params: {
        title: request.title,
        requestId: id,
        status: input.to,
        library: request.library_name,
        answer,
      },
      at,
    });
    return recorded?.mail ?? null;
  });
  await deliver(ctx, mail);
  const row = (await findInterlibrary(ctx.db, id))!;
  return presentInterlibrary(row, await auditedSteps(ctx.db, TARGET_KINDS.interlibrary, [id]));
}

// ---- Closed-stack protocols.

export async function closedStackQueue(
  ctx: StaffRequestsContext,
  query: StaffClosedStackQuery,
): Promise<StaffClosedStackRequests> {
  const { rows, total } = await listClosedStack(ctx.db, await filtersOf(ctx, query), STAFF_QUEUE_PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const items = await closedStackItems(ctx.db, ids);
  const steps = await auditedSteps(ctx.db, TARGET_KINDS.closedStack, ids);
  return { data: rows.map((row) => presentClosedStack(row, items, steps)), total };
}

/**
 * Answers a protocol awaiting: attended (the items were fetched and wait at the desk) or refused
 * (with a reason). The decision, its audit entry and the patron's alert in one transaction.
 */
export async function decideClosedStackRequest(
  ctx: StaffRequestsContext,
  actor: StaffActor,
  id: number,
  input: { to: 'atendida' | 'recusada'; answer?: string | undefined },
): Promise<StaffClosedStackRequest> {
  const answer = answerOf(input.answer);
  const at = ctx.clock.now();
  const mail = await ctx.db.transaction(async (tx) => {
    const request = await findClosedStack(tx, id, true);
    if (!request) throw ERRORS.notFound();
    if (request.status !== 'aguardando')
      throw ERRORS.rule(STAFF_REQUEST_ERROR.STEP.code, STAFF_REQUEST_ERROR.STEP.key);
    if (input.to === 'recusada' && !answer)
      throw ERRORS.rule(STAFF_REQUEST_ERROR.ANSWER_REQUIRED.code, STAFF_REQUEST_ERROR.ANSWER_REQUIRED.key);
    await decideClosedStack(tx, { id, status: input.to, answer, at });
    await recordStaffAction(tx, {
      actor,
      action: 'closedStackRequest.decide',
      target: { kind: TARGET_KINDS.closedStack, id },
      before: { status: request.status },
      after: { status: input.to, answer },
      at,
    });
    const recorded = await recordAlert(tx, {
      patronId: request.patron_id,
      kind: 'closedStackStatus',
      params: { protocol: request.protocol, status: input.to, library: request.library_name, answer },
      at,
    });
    return recorded?.mail ?? null;
  });
  await deliver(ctx, mail);
  const row = (await findClosedStack(ctx.db, id))!;
  return presentClosedStack(
    row,
    await closedStackItems(ctx.db, [id]),
    await auditedSteps(ctx.db, TARGET_KINDS.closedStack, [id]),
  );
}

// ---- General comments.

export async function pendingGeneralComments(ctx: StaffRequestsContext): Promise<PendingGeneralComments> {
  const { rows, total } = await listPendingGeneralComments(ctx.db, STAFF_QUEUE_PAGE_SIZE);
  return { data: rows.map(presentGeneralComment), total };
}

/**
 * Approves or refuses (with a reason) a general comment awaiting approval. Nothing of it is shown
 * publicly either way (decision 0061): the decision is the library's answer to its author, told
 * by alert. The decision, its audit entry and the alert in one transaction.
 */
export async function decideGeneralCommentAs(
  ctx: StaffRequestsContext,
  actor: StaffActor,
  id: number,
  input: { approve: boolean; reason?: string | undefined },
): Promise<GeneralCommentDecision> {
  const reason = input.approve ? null : answerOf(input.reason);
  if (!input.approve && !reason)
    throw ERRORS.rule(
      COMMENT_MODERATION_ERRORS.REASON_REQUIRED.code,
      COMMENT_MODERATION_ERRORS.REASON_REQUIRED.key,
    );
  const at = ctx.clock.now();
  const { row, mail } = await ctx.db.transaction(async (tx) => {
    const status = input.approve ? 'approved' : 'rejected';
    if (!(await decideGeneralComment(tx, { id, status, at, by: actor.login, reason }))) {
      if (!(await findGeneralComment(tx, id))) throw ERRORS.notFound();
      throw ERRORS.rule(
        COMMENT_MODERATION_ERRORS.ALREADY_DECIDED.code,
        COMMENT_MODERATION_ERRORS.ALREADY_DECIDED.key,
      );
    }
    const found = (await findGeneralComment(tx, id))!;
    await recordStaffAction(tx, {
      actor,
      action: input.approve ? 'generalComment.approve' : 'generalComment.refuse',
      target: { kind: TARGET_KINDS.generalComment, id },
      before: { status: 'pending', content: found.content },
      after: { status, reason },
      at,
    });
    const recorded = input.approve
      ? await recordAlert(tx, {
          patronId: found.patron_id,
          kind: 'generalCommentApproved',
          params: { library: found.library_name },
          at,
        })
      : await recordAlert(tx, {
          patronId: found.patron_id,
          kind: 'generalCommentRefused',
          params: { library: found.library_name, reason: reason! },
          at,
        });
    return { row: found, mail: recorded?.mail ?? null };
  });
  await deliver(ctx, mail);
  return presentGeneralDecision(row);
}
