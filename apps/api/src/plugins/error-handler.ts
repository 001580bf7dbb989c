import type {} from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { message } from '../lib/messages.ts';
import { languageOf } from './language.ts';
import { sendWebApp, type PageConfigurationSource, type PageHead } from './web-app.ts';

/** The one exit for errors: renders { message, code } with the status of SPEC §8 (STYLE "How errors flow"). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const text = error.messageKey ? message(error.messageKey, request.language) : error.message;
      return reply
        .status(error.statusCode)
        .send({ message: error.details ? `${text}: ${error.details}` : text, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Name each bad parameter, so the caller can tell what to fix.
      const details = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
          return field ? `${field}: ${issue.message}` : issue.message;
        })
        .join('; ');
      return reply
        .status(400)
        .send({ message: `${message('badRequest', request.language)}: ${details}`, code: 'VALIDATION' });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: error.message, code: (error as FastifyError).code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: message('internal', request.language), code: 'INTERNAL' });
  });
}

/**
 * Fastify's `frameworkErrors`: a path Fastify refuses before any route sees it (a malformed
 * percent-encoding, a path parameter longer than the router takes) is a 400 in the one error
 * shape, like any other bad parameter, instead of Fastify's own body (and its 414).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const detail =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path parameter is too long' : 'the path is not valid';
  void reply
    .status(400)
    .send({ message: `${message('badRequest', languageOf(request))}: ${detail}`, code: 'VALIDATION' });
}

/**
 * 404 for unknown paths; with a web app, other GET paths load the single-page app: with 200 on its
 * own routes, with 404 elsewhere (the app then shows its not-found screen).
 */
export function registerNotFound(
  app: FastifyInstance,
  options: {
    apiPrefix: string;
    spa: boolean;
    webDist?: string;
    pageHead?: PageHead;
    pageConfiguration?: PageConfigurationSource;
  },
): void {
  app.setNotFoundHandler((request, reply) => {
    if (options.spa && request.method === 'GET' && !request.url.startsWith(`${options.apiPrefix}/`)) {
      return sendWebApp(request, reply, {
        root: options.webDist ?? '',
        ...(options.pageHead ? { pageHead: options.pageHead } : {}),
        ...(options.pageConfiguration ? { pageConfiguration: options.pageConfiguration } : {}),
      });
    }
    return reply.status(404).send({ message: message('routeNotFound', request.language), code: 'NOT_FOUND' });
  });
}
