import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  COMMENT_MODERATION_ERRORS,
  CommentDecisionSchema,
  CommentIdParamsSchema,
  CommentRefusalRequestSchema,
  MODERATION_PAGE_SIZE,
  PendingTitleCommentsSchema,
  STAFF_PATHS,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { requireStaffRole, staffActor, type StaffActor } from '../staff/index.ts';
import { CommentDecisionRefusal } from './errors.ts';
import { presentDecision, presentPendingComment } from './presenters.ts';
import { countAllPending, listPending } from './repository.ts';
import { approveComment, refuseComment, type DecisionOptions } from './service.ts';

/** A refusal of the decision service as the HTTP answer. */
function asHttpError(error: unknown): unknown {
  if (!(error instanceof CommentDecisionRefusal)) return error;
  if (error.reason === 'NOT_FOUND') return ERRORS.notFound();
  const refusal = COMMENT_MODERATION_ERRORS[error.reason];
  return ERRORS.rule(refusal.code, refusal.key);
}

/**
 * Comment moderation in the staff workspace (decision 0055): the reference role (or an
 * administrator) reads the queue and approves or refuses each comment; the author is told by an
 * alert, and by e-mail when SMTP is set and they take e-mails — the same decision as the command's.
 * The librarian is the signed-in staff member, never a name in the request.
 */
export async function commentModerationRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler; mailer?: Mailer | undefined },
): Promise<void> {
  const { db, clock, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const reference = [userGuard, requireStaffRole(db, 'referencia')];
  const decisionOptions = (request: FastifyRequest, auditAs: StaffActor): DecisionOptions => ({
    mailer: options.mailer,
    onMailError: (error) => request.log.warn({ err: error }, "the comment author's e-mail was not sent"),
    auditAs,
  });

  r.get(
    STAFF_PATHS.comments,
    {
      onRequest: reference,
      schema: {
        tags,
        summary: 'Title comments awaiting approval, oldest first (reference)',
        response: { 200: PendingTitleCommentsSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () => {
      const [rows, total] = await Promise.all([listPending(db, MODERATION_PAGE_SIZE), countAllPending(db)]);
      return { data: rows.map(presentPendingComment), total };
    },
  );
  r.post(
    STAFF_PATHS.commentApproval(':id'),
    {
      onRequest: reference,
      schema: {
        tags,
        summary: 'Approve a comment: it shows on its record page, and its author is told (reference)',
        params: CommentIdParamsSchema,
        response: {
          200: CommentDecisionSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      try {
        const librarian = await staffActor(db, request);
        const decided = await approveComment(
          db,
          clock,
          { commentId: request.params.id, by: librarian.login },
          decisionOptions(request, librarian),
        );
        return presentDecision(decided);
      } catch (error) {
        throw asHttpError(error);
      }
    },
  );
  r.post(
    STAFF_PATHS.commentRefusal(':id'),
    {
      onRequest: reference,
      schema: {
        tags,
        summary: 'Refuse a comment with a reason its author reads (reference)',
        params: CommentIdParamsSchema,
        body: CommentRefusalRequestSchema,
        response: {
          200: CommentDecisionSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      try {
        const librarian = await staffActor(db, request);
        const decided = await refuseComment(
          db,
          clock,
          { commentId: request.params.id, by: librarian.login, reason: request.body.motivo },
          decisionOptions(request, librarian),
        );
        return presentDecision(decided);
      } catch (error) {
        throw asHttpError(error);
      }
    },
  );
}
