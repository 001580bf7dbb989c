import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACTIVITY,
  AUTH_MODULE,
  ApiErrorSchema,
  LIBRARY_REQUEST_PATHS,
  LibraryRequestFileSchema,
  LibraryRequestParamsSchema,
  LibraryRequestSchema,
  LibraryRequestsQuerySchema,
  LibraryRequestsSchema,
  LibraryRequestTypeParamsSchema,
  SpecializedSearchBodySchema,
  SurveyRequestBodySchema,
  SwitchingParamsSchema,
  SwitchingRequestBodySchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { currentUser, requirePermission, type PermissionSource } from '../../plugins/auth.ts';
import {
  cancelOwnRequest,
  ownRequestFile,
  ownRequests,
  sendSpecializedSearch,
  sendSurveyRequest,
  sendSwitchingRequest,
} from './service.ts';

/**
 * The bibliographic requests (SPEC §7 api/solicitacoes; decision 0048): switching, survey and
 * specialized search sent by the signed-in patron, who comes from the token, never from the
 * request; the patron's own requests of every type, their cancellation while waiting and the
 * answer's file. Each call needs its personal-area activity (decision 0047).
 */
export async function libraryRequestRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    clock: Clock;
    /** A signed-in patron whose session is open. */
    userGuard: preHandlerAsyncHookHandler;
    permissions: PermissionSource;
  },
): Promise<void> {
  const { db, clock, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).patronId;
  const activity = (code: number) =>
    requirePermission(options.permissions, { module: AUTH_MODULE.CONSULTATION, activity: code });
  const switching = activity(ACTIVITY.PERSONAL_AREA_BIBLIOGRAPHIC_SWITCHING);
  const specialized = activity(ACTIVITY.PERSONAL_AREA_SPECIALIZED_SEARCH);
  const list = activity(ACTIVITY.PERSONAL_AREA_LIBRARY_REQUESTS);
  const tags = ['requests'];
  const refusals = { 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema };
  const noStore = { 'cache-control': 'no-store' };

  r.post(
    LIBRARY_REQUEST_PATHS.switching(':type'),
    {
      // onRequest: the caller is checked before the body is, so a visitor gets 401, not a validation error.
      onRequest: [userGuard, switching],
      schema: {
        tags,
        summary:
          'Ask the library for a copy of an article, a thesis or part of a document (bibliographic switching)',
        params: SwitchingParamsSchema,
        body: SwitchingRequestBodySchema,
        response: { 201: LibraryRequestSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sendSwitchingRequest(db, clock, me(request), request.params.type, request.body)),
  );
  r.post(
    LIBRARY_REQUEST_PATHS.survey,
    {
      onRequest: [userGuard, switching],
      schema: {
        tags,
        summary: 'Ask the library for a bibliographic survey on a subject',
        body: SurveyRequestBodySchema,
        response: { 201: LibraryRequestSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendSurveyRequest(db, clock, me(request), request.body)),
  );
  r.post(
    LIBRARY_REQUEST_PATHS.specializedSearch,
    {
      onRequest: [userGuard, specialized],
      schema: {
        tags,
        summary: 'Ask a librarian for a specialized search',
        body: SpecializedSearchBodySchema,
        response: { 201: LibraryRequestSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendSpecializedSearch(db, clock, me(request), request.body)),
  );
  r.get(
    LIBRARY_REQUEST_PATHS.list(':type'),
    {
      onRequest: [userGuard, list],
      schema: {
        tags,
        summary: "The signed-in patron's requests of one type, newest first, with history and answer",
        params: LibraryRequestTypeParamsSchema,
        querystring: LibraryRequestsQuerySchema,
        response: { 200: LibraryRequestsSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ownRequests(db, me(request), request.params.type, request.query.status ?? null);
    },
  );
  r.post(
    LIBRARY_REQUEST_PATHS.cancel(':type', ':id'),
    {
      onRequest: [userGuard, list],
      schema: {
        tags,
        summary: 'Cancel one of the signed-in patron’s requests while it waits',
        params: LibraryRequestParamsSchema,
        response: { 200: LibraryRequestSchema, 404: ApiErrorSchema, ...refusals },
      },
    },
    async (request) => cancelOwnRequest(db, clock, me(request), request.params.type, request.params.id),
  );
  r.get(
    LIBRARY_REQUEST_PATHS.file(':type', ':id'),
    {
      onRequest: [userGuard, list],
      schema: {
        tags,
        summary: "The file of the library's answer to one of the signed-in patron's requests (base64)",
        params: LibraryRequestParamsSchema,
        response: {
          200: LibraryRequestFileSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ownRequestFile(db, me(request), request.params.type, request.params.id);
    },
  );
}
