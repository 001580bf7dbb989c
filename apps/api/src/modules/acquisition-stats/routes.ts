import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACTIVITY,
  API_PATHS,
  AUTH_MODULE,
  AcquisitionStatsQuerySchema,
  AcquisitionStatsSchema,
  ApiErrorSchema,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { requirePermission, type PermissionSource } from '../../plugins/auth.ts';
import { ACQUISITION_STATS_CSV_NAME, acquisitionStatsCsv } from './presenters.ts';
import { acquisitionStats } from './service.ts';

/** Whether the caller asked for CSV: `formato=csv`, or an Accept that puts text/csv before JSON. */
function wantsCsv(format: string | undefined, accept: string | undefined): boolean {
  if (format) return format === 'csv';
  if (!accept) return false;
  const csv = accept.indexOf('text/csv');
  const json = accept.indexOf('application/json');
  return csv !== -1 && (json === -1 || csv < json);
}

/**
 * SPEC §7 GET /aquisicao/estatisticas (decision 0051): titles and copies acquired in a period, by
 * month, library, knowledge area and mode, for a signed-in patron whose category holds the
 * acquisition-statistics item (activity 827). The figures are the library's, not the patron's.
 */
export async function acquisitionStatsRoutes(
  app: FastifyInstance,
  options: { db: Db; userGuard: preHandlerAsyncHookHandler; permissions: PermissionSource },
): Promise<void> {
  const { db, userGuard } = options;
  const allowed = requirePermission(options.permissions, {
    module: AUTH_MODULE.CONSULTATION,
    activity: ACTIVITY.PERSONAL_AREA_ACQUISITION_STATS,
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    API_PATHS.acquisitionStats,
    {
      onRequest: [userGuard, allowed],
      schema: {
        tags: ['acquisition'],
        summary:
          'Titles and copies acquired in a period, by month, library, knowledge area and mode (JSON or CSV)',
        querystring: AcquisitionStatsQuerySchema,
        response: {
          200: {
            description: 'The figures; with formato=csv (or Accept: text/csv) the same figures as a CSV file',
            content: { 'application/json': { schema: AcquisitionStatsSchema } },
          },
          401: ApiErrorSchema,
          403: ApiErrorSchema.describe('The category does not hold the acquisition statistics'),
          404: ApiErrorSchema.describe('No library with that code'),
          422: ApiErrorSchema.describe('The start date is after the end date'),
        },
      },
    },
    async (request, reply) => {
      const stats = await acquisitionStats(db, request.query);
      if (!wantsCsv(request.query.formato, request.headers.accept)) return reply.send(stats);
      // The typed 200 is the JSON; the CSV goes out as it is, in its own media type.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ACQUISITION_STATS_CSV_NAME}"`)
        .send(acquisitionStatsCsv(stats, request.language) as never);
    },
  );
}
