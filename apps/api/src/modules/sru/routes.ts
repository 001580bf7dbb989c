import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SRU_MEDIA_TYPE, SRU_PATH, SruRequestSchema, type SruRequest } from '@estante/contract';
import { answerSru, type SruOptions } from './service.ts';

/**
 * The SRU 1.2 and 2.0 server (decision 0066): explain and searchRetrieve by GET, CQL queries
 * answered by the catalogue search, diagnostics in 200 answers as the standard wants.
 */
export async function sruRoutes(app: FastifyInstance, options: SruOptions): Promise<void> {
  app.get(
    SRU_PATH,
    {
      schema: {
        tags: ['sru'],
        summary: 'SRU 1.2 / 2.0 request (explain, searchRetrieve)',
        querystring: SruRequestSchema,
        produces: [SRU_MEDIA_TYPE],
        // The body is SRU XML, sent as written; diagnostics are 200s too.
        response: {
          200: {
            description: 'An SRU answer: an explain record, the records found, or diagnostics',
            content: { 'text/xml': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const port = Number(/:(\d+)$/.exec(request.host)?.[1] ?? (request.protocol === 'https' ? 443 : 80));
      const body = await answerSru(
        options,
        request.query as SruRequest,
        { host: request.hostname, port },
        (err) => request.log.error({ err }, 'SRU search failed'),
      );
      return reply.type(SRU_MEDIA_TYPE).send(body);
    },
  );
}
