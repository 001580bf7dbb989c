import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CommentRefusalRequestSchema,
  GeneralCommentDecisionSchema,
  PendingGeneralCommentsSchema,
  STAFF_PATHS,
  StaffClosedStackDecisionRequestSchema,
  StaffClosedStackQuerySchema,
  StaffClosedStackRequestSchema,
  StaffClosedStackRequestsSchema,
  StaffInterlibraryQuerySchema,
  StaffInterlibraryRequestSchema,
  StaffInterlibraryRequestsSchema,
  StaffInterlibraryStepRequestSchema,
  StaffLoanRequestSchema,
  StaffLoanRequestStepRequestSchema,
  StaffLoanRequestsQuerySchema,
  StaffLoanRequestsSchema,
  StaffRequestIdParamsSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { circulationTimeZone, openCirculationEngine } from '../circulation/index.ts';
import { requireStaffRole, staffActor } from '../staff/index.ts';
import {
  closedStackQueue,
  decideClosedStackRequest,
  decideGeneralCommentAs,
  interlibraryQueue,
  loanRequestQueue,
  moveInterlibraryRequest,
  moveLoanRequest,
  pendingGeneralComments,
  type StaffRequestsContext,
} from './service.ts';

const READ = { 401: ApiErrorSchema, 403: ApiErrorSchema };
const CHANGE = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

/**
 * The circulation requests of the staff workspace (decision 0061), for the circulation role: loan
 * requests, inter-library loans and closed-stack protocols, each a queue with filters and its
 * history, and the moves a librarian makes; and the general comments for the reference role. The
 * librarian is the signed-in staff member, never a name in the request.
 */
export async function staffRequestRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler; mailer?: Mailer | undefined },
): Promise<void> {
  const { db, clock, userGuard } = options;
  const onMailError = (error: unknown) =>
    app.log.warn({ err: error }, "a patron's alert e-mail was not sent");
  // The same engine as the desk commands and the patron's calls: its moves, rules and notices.
  const engine = await openCirculationEngine({ db, clock, mailer: options.mailer, onMailError });
  const ctx: StaffRequestsContext = {
    db,
    clock,
    timeZone: () => circulationTimeZone(db),
    mailer: options.mailer,
    onMailError,
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const circulation = [userGuard, requireStaffRole(db, 'circulacao')];
  const reference = [userGuard, requireStaffRole(db, 'referencia')];

  r.get(
    STAFF_PATHS.loanRequests,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Loan requests, oldest first, with their history (circulation)',
        querystring: StaffLoanRequestsQuerySchema,
        response: { 200: StaffLoanRequestsSchema, ...READ },
      },
    },
    async (request) => loanRequestQueue(ctx, request.query),
  );
  r.post(
    STAFF_PATHS.loanRequestStep(':id'),
    {
      onRequest: circulation,
      schema: {
        tags,
        summary:
          'Move a loan request: in transit, available (the patron is told), or cancelled (circulation)',
        params: StaffRequestIdParamsSchema,
        body: StaffLoanRequestStepRequestSchema,
        response: { 200: StaffLoanRequestSchema, ...CHANGE },
      },
    },
    async (request) =>
      moveLoanRequest(ctx, engine, await staffActor(db, request), request.params.id, request.body.situacao),
  );

  r.get(
    STAFF_PATHS.interlibraryRequests,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Inter-library loans, oldest first, with their history (circulation)',
        querystring: StaffInterlibraryQuerySchema,
        response: { 200: StaffInterlibraryRequestsSchema, ...READ },
      },
    },
    async (request) => interlibraryQueue(ctx, request.query),
  );
  r.post(
    STAFF_PATHS.interlibraryStep(':id'),
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Move an inter-library loan one step, with an answer the patron reads (circulation)',
        params: StaffRequestIdParamsSchema,
        body: StaffInterlibraryStepRequestSchema,
        response: { 200: StaffInterlibraryRequestSchema, ...CHANGE },
      },
    },
    async (request) =>
      moveInterlibraryRequest(ctx, await staffActor(db, request), request.params.id, {
        to: request.body.situacao,
        answer: request.body.resposta,
      }),
  );

  r.get(
    STAFF_PATHS.closedStackRequests,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Closed-stack protocols, oldest first, with their items and history (circulation)',
        querystring: StaffClosedStackQuerySchema,
        response: { 200: StaffClosedStackRequestsSchema, ...READ },
      },
    },
    async (request) => closedStackQueue(ctx, request.query),
  );
  r.post(
    STAFF_PATHS.closedStackDecision(':id'),
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Mark a closed-stack protocol attended (items fetched) or refused (circulation)',
        params: StaffRequestIdParamsSchema,
        body: StaffClosedStackDecisionRequestSchema,
        response: { 200: StaffClosedStackRequestSchema, ...CHANGE },
      },
    },
    async (request) =>
      decideClosedStackRequest(ctx, await staffActor(db, request), request.params.id, {
        to: request.body.situacao,
        answer: request.body.resposta,
      }),
  );

  r.get(
    STAFF_PATHS.generalComments,
    {
      onRequest: reference,
      schema: {
        tags,
        summary: 'General comments to the libraries awaiting approval, oldest first (reference)',
        response: { 200: PendingGeneralCommentsSchema, ...READ },
      },
    },
    async () => pendingGeneralComments(ctx),
  );
  r.post(
    STAFF_PATHS.generalCommentApproval(':id'),
    {
      onRequest: reference,
      schema: {
        tags,
        summary: 'Approve a general comment: its author is told (reference)',
        params: StaffRequestIdParamsSchema,
        response: { 200: GeneralCommentDecisionSchema, ...CHANGE },
      },
    },
    async (request) =>
      decideGeneralCommentAs(ctx, await staffActor(db, request), request.params.id, { approve: true }),
  );
  r.post(
    STAFF_PATHS.generalCommentRefusal(':id'),
    {
      onRequest: reference,
      schema: {
        tags,
        summary: 'Refuse a general comment with a reason its author reads (reference)',
        params: StaffRequestIdParamsSchema,
        body: CommentRefusalRequestSchema,
        response: { 200: GeneralCommentDecisionSchema, ...CHANGE },
      },
    },
    async (request) =>
      decideGeneralCommentAs(ctx, await staffActor(db, request), request.params.id, {
        approve: false,
        reason: request.body.motivo,
      }),
  );
}
