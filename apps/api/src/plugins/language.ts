import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_HEADER, languageFromCode } from '@estante/contract';
import type { ServerLanguage } from '../lib/messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Interface language of the caller, from the SPEC §6 language code header (pt when absent). */
    language: ServerLanguage;
  }
}

/** Reads the language code header of every call. */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', 'pt');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers[LANGUAGE_HEADER];
    request.language = languageFromCode(Array.isArray(header) ? header[0] : header);
  });
}
