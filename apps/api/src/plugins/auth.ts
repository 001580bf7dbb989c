import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS } from '../lib/errors.ts';
import type { Identity, TokenService } from '../modules/identity/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified bearer of the call, set by the guards. */
    identity: Identity | null;
  }
}

/** Guard for "private-or-public headers" calls (SPEC §6): a valid user or public token. */
export function publicOrPrivate(tokens: TokenService) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
    const identity = match?.[1] ? await tokens.verify(match[1]) : null;
    if (!identity) throw ERRORS.unauthorized();
    request.identity = identity;
  };
}

/** Declares the identity slot on requests. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('identity', null);
}
