import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  EditableResearchDatabaseSchema,
  EditableResearchDatabasesSchema,
  ResearchDatabaseIdParamsSchema,
  ResearchDatabaseRequestSchema,
  STAFF_PATHS,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { requireStaffRole, staffActor } from '../staff/index.ts';
import { addDatabase, editDatabase, editableDatabases, removeDatabase } from './staff-service.ts';

/**
 * The research databases edited in the staff workspace (decision 0063), for the administrator: the
 * list patrons read in the personal area and `estante databases` writes.
 */
export async function databaseEditorRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, clock, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const administrator = [userGuard, requireStaffRole(db, 'administrador')];
  const refusals = { 401: ApiErrorSchema, 403: ApiErrorSchema };

  r.get(
    STAFF_PATHS.contentDatabases,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'The research databases with their own addresses (administrator)',
        response: { 200: EditableResearchDatabasesSchema, ...refusals },
      },
    },
    async () => ({ data: await editableDatabases(db) }),
  );
  r.post(
    STAFF_PATHS.contentDatabases,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Add a research database (administrator)',
        body: ResearchDatabaseRequestSchema,
        response: {
          201: EditableResearchDatabaseSchema,
          400: ApiErrorSchema,
          422: ApiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addDatabase(db, clock, await staffActor(db, request), request.body)),
  );
  r.put(
    STAFF_PATHS.contentDatabase(':id'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Rewrite a research database (administrator)',
        params: ResearchDatabaseIdParamsSchema,
        body: ResearchDatabaseRequestSchema,
        response: {
          200: EditableResearchDatabaseSchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          422: ApiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request) =>
      editDatabase(db, clock, await staffActor(db, request), request.params.id, request.body),
  );
  r.delete(
    STAFF_PATHS.contentDatabase(':id'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Remove a research database (administrator)',
        params: ResearchDatabaseIdParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      await removeDatabase(db, clock, await staffActor(db, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
