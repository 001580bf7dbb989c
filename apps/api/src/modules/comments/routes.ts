import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  ApiErrorSchema,
  CommentIdParamsSchema,
  IdParamsSchema,
  OwnTitleCommentsSchema,
  TitleCommentReceiptSchema,
  TitleCommentRequestSchema,
  TitleCommentsPageSchema,
  TitleCommentsQuerySchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { approvedComments, deleteOwnComment, ownComments, sendComment } from './service.ts';

const FAILS = { 401: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * Title comments (SPEC §7 Comments). Anyone reads a record's approved comments; writing, reading
 * one's own and deleting need a signed-in patron, who comes from the token, never from the request:
 * nobody reads or deletes another patron's comments.
 */
export async function commentRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; guard: preHandlerAsyncHookHandler; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, clock, guard, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).patronId;
  const tags = ['comments'];

  r.get(
    API_PATHS.titleComments(':id'),
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "A title's approved comments, newest first",
        params: IdParamsSchema,
        querystring: TitleCommentsQuerySchema,
        response: { 200: TitleCommentsPageSchema, ...FAILS },
      },
    },
    async (request) => approvedComments(db, request.params.id, request.query),
  );
  r.post(
    API_PATHS.titleComments(':id'),
    {
      // onRequest: the caller is checked before the body is, so a visitor gets 401, not a validation error.
      onRequest: userGuard,
      schema: {
        tags,
        summary: 'Comment on a title (shown after the library approves it)',
        params: IdParamsSchema,
        body: TitleCommentRequestSchema,
        response: { 201: TitleCommentReceiptSchema, ...FAILS, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const receipt = await sendComment(db, clock, {
        patronId: me(request),
        titleId: request.params.id,
        content: request.body.content,
      });
      return reply.status(201).send(receipt);
    },
  );
  r.get(
    API_PATHS.ownComments,
    {
      onRequest: userGuard,
      schema: {
        tags,
        summary: "The signed-in patron's comments on any title, in every state",
        response: { 200: OwnTitleCommentsSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => ownComments(db, me(request)),
  );
  r.get(
    API_PATHS.ownTitleComments(':id'),
    {
      onRequest: userGuard,
      schema: {
        tags,
        summary: "The signed-in patron's comments on one title, in every state",
        params: IdParamsSchema,
        response: { 200: OwnTitleCommentsSchema, ...FAILS },
      },
    },
    async (request) => ownComments(db, me(request), request.params.id),
  );
  r.delete(
    API_PATHS.ownComment(':id'),
    {
      onRequest: userGuard,
      schema: {
        tags,
        summary: "Delete one of the signed-in patron's comments",
        params: CommentIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...FAILS },
      },
    },
    async (request, reply) => {
      await deleteOwnComment(db, me(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
