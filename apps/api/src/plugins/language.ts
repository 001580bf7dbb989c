import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_HEADER, languageFromCode } from '@estante/contract';
import type { ServerLanguage } from '../lib/messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Interface language of the caller, from the SPEC §6 language code header (pt when absent). */
    language: ServerLanguage;
  }
}

/** The language a call asks for in its language code header. */
export function languageOf(request: FastifyRequest): ServerLanguage {
  const header = request.headers[LANGUAGE_HEADER];
  return languageFromCode(Array.isArray(header) ? header[0] : header);
}

/** Reads the language code header of every call. */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', 'pt');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.language = languageOf(request);
  });
}
