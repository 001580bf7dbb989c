import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, OPERATIONS_PATHS } from '@estante/contract';
import { pendingMigrations, type Db } from '../../lib/db/index.ts';
import { message } from '../../lib/messages.ts';

const StatusSchema = z.object({ status: z.literal('ok') });
/** The liveness answer names the process that gave it, so one behind a proxy or of many can be told apart. */
const HealthSchema = StatusSchema.extend({ processo: z.number().int() });

/**
 * GET /api/health: the process answers, with its process id (a liveness probe; it touches nothing else).
 * GET /api/ready: the database answers and every migration is applied (a readiness probe), else 503.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    OPERATIONS_PATHS.health,
    { schema: { tags: ['operations'], response: { 200: HealthSchema } } },
    async () => ({ status: 'ok' as const, processo: process.pid }),
  );
  api.get(
    OPERATIONS_PATHS.ready,
    { schema: { tags: ['operations'], response: { 200: StatusSchema, 503: ApiErrorSchema } } },
    async (request, reply) => {
      let pending: string[];
      try {
        pending = await pendingMigrations(db);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: the database does not answer');
        return reply
          .status(503)
          .send({ message: message('notReady', request.language), code: 'DATABASE_UNAVAILABLE' });
      }
      if (pending.length > 0)
        return reply.status(503).send({
          message: `${message('notReady', request.language)}: ${pending.join(', ')}`,
          code: 'MIGRATIONS_PENDING',
        });
      return { status: 'ok' as const };
    },
  );
};
