import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OAI_MEDIA_TYPE, OAI_PATH, OaiRequestSchema, type OaiRequest } from '@estante/contract';
import { answerOai, type OaiOptions } from './service.ts';

const tags = ['oai-pmh'];

/** Where the harvester reached us: the base URL it should use and the host naming our identifiers. */
function originOf(request: FastifyRequest) {
  return { baseUrl: `${request.protocol}://${request.host}${OAI_PATH}`, host: request.hostname };
}

/**
 * The OAI-PMH 2.0 provider (decision 0064): GET with a query string or POST with a form, both
 * answered in XML; protocol errors are 200s with error elements, as the protocol wants.
 */
export async function oaiRoutes(app: FastifyInstance, options: OaiOptions): Promise<void> {
  const answer = async (query: OaiRequest, request: FastifyRequest) =>
    answerOai(options, query, originOf(request));
  const schema = (summary: string, part: 'querystring' | 'body') => ({
    tags,
    summary,
    [part]: part === 'body' ? OaiRequestSchema.optional() : OaiRequestSchema,
    produces: [OAI_MEDIA_TYPE],
    // The body is OAI-PMH XML, sent as written; protocol errors are 200s too.
    response: {
      200: {
        description: "An OAI-PMH answer: the verb's result or error elements",
        content: { 'text/xml': { schema: z.string() } },
      },
    },
  });
  app.get(
    OAI_PATH,
    { schema: schema('OAI-PMH 2.0 request (query string)', 'querystring') },
    async (request, reply) =>
      reply.type(OAI_MEDIA_TYPE).send(await answer(request.query as OaiRequest, request)),
  );
  app.post(OAI_PATH, { schema: schema('OAI-PMH 2.0 request (form)', 'body') }, async (request, reply) =>
    reply.type(OAI_MEDIA_TYPE).send(await answer((request.body ?? {}) as OaiRequest, request)),
  );
}
