import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept when a proxy in front made one that is short and plain; otherwise a new one. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,64}$/;

/** Fastify's genReqId: the caller's X-Request-Id when sane, else a random UUID. */
export const genReqId: NonNullable<FastifyServerOptions['genReqId']> = (request) => {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
};

/**
 * Every answer carries the request's id in X-Request-Id, and every error body ({message, code})
 * gets it as `requestId`, so a patron's report leads to the log lines (which carry it as reqId).
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (
      reply.statusCode >= 400 &&
      payload !== null &&
      typeof payload === 'object' &&
      'code' in payload &&
      'message' in payload
    )
      return { ...payload, requestId: request.id };
    return payload;
  });
}
