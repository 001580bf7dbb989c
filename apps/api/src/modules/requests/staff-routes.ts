import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  STAFF_ANSWER_FILE_MAX_BYTES,
  STAFF_PATHS,
  REFERENCE_REQUEST_ERROR,
  STAFF_REQUESTS_PAGE_SIZE,
  StaffRequestMoveSchema,
  StaffRequestParamsSchema,
  StaffRequestSchema,
  StaffRequestsQuerySchema,
  StaffRequestsSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { requireStaffRole, staffActor } from '../staff/index.ts';
import { RequestMoveRefusal } from './errors.ts';
import { libraryQueue, libraryRequest, moveRequest } from './service.ts';

/** A refusal of the move as the HTTP answer (SPEC §8: a 422's message is a translation key). */
export function moveRefusalAsHttp(error: unknown): unknown {
  if (!(error instanceof RequestMoveRefusal)) return error;
  if (error.reason === 'NOT_FOUND') return ERRORS.notFound();
  const refusal = {
    CLOSED: REFERENCE_REQUEST_ERROR.CLOSED,
    NOT_ALLOWED: REFERENCE_REQUEST_ERROR.NOT_ALLOWED,
    REASON_REQUIRED: REFERENCE_REQUEST_ERROR.REASON_REQUIRED,
    SHEET_ISSUED_ONLY: REFERENCE_REQUEST_ERROR.SHEET_ISSUED_ONLY,
  }[error.reason];
  return ERRORS.rule(refusal.code, refusal.key);
}

/** The body's size a move may reach: the answer's file in base64 (4/3 of its bytes) and the texts. */
const MOVE_BODY_LIMIT = Math.ceil((STAFF_ANSWER_FILE_MAX_BYTES * 4) / 3) + 256 * 1024;

/**
 * The reference desk in the staff workspace (decision 0060): the queue of the patrons'
 * bibliographic requests with its filters, and moving one along REQUEST_TRANSITIONS with the answer
 * the patron reads — the same moveRequest as `estante requests move`, with the patron's alert in its
 * transaction and the e-mail after it, and the audit entry in the same transaction. The librarian
 * is the signed-in member of staff with the reference role (or an administrator), never a name in
 * the request.
 */
export async function referenceRequestRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler; mailer?: Mailer | undefined },
): Promise<void> {
  const { db, clock, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const reference = [userGuard, requireStaffRole(db, 'referencia')];
  const noStore = { 'cache-control': 'no-store' };

  r.get(
    STAFF_PATHS.requests,
    {
      onRequest: reference,
      schema: {
        tags,
        summary:
          "The patrons' bibliographic requests, oldest first, by type, status and sending day, with history and answer (reference)",
        querystring: StaffRequestsQuerySchema,
        response: { 200: StaffRequestsSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return libraryQueue(db, request.query, STAFF_REQUESTS_PAGE_SIZE);
    },
  );

  r.post(
    STAFF_PATHS.requestMove(':id'),
    {
      onRequest: reference,
      bodyLimit: MOVE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Move a request to another status, optionally with the answer (text and/or file) its patron reads; the patron is told (reference)',
        params: StaffRequestParamsSchema,
        body: StaffRequestMoveSchema,
        response: {
          200: StaffRequestSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          422: ApiErrorSchema.describe(
            'Closed, a move REQUEST_TRANSITIONS does not allow, not answered without a reason, or a catalogue sheet answered without issuing it',
          ),
        },
      },
    },
    async (request) => {
      const librarian = await staffActor(db, request);
      const { situacao, observacao, resposta, arquivo } = request.body;
      try {
        await moveRequest(
          db,
          clock,
          {
            requestId: request.params.id,
            status: situacao,
            by: librarian.login,
            note: observacao ?? null,
            answer: {
              text: resposta ?? null,
              file: arquivo
                ? { name: arquivo.nome, type: arquivo.tipo, content: Buffer.from(arquivo.conteudo, 'base64') }
                : null,
            },
          },
          {
            mailer: options.mailer,
            onMailError: (error) => request.log.warn({ err: error }, "the request's patron was not e-mailed"),
            auditAs: librarian,
          },
        );
      } catch (error) {
        throw moveRefusalAsHttp(error);
      }
      return libraryRequest(db, request.params.id);
    },
  );
}
