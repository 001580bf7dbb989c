import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnonymisedHistorySchema,
  ApiErrorSchema,
  PRIVACY_PATHS,
  PrivacyChoicesSchema,
  PrivacyExportPdfSchema,
  PrivacyExportSchema,
  PrivacyOverviewSchema,
  PrivacyRequestBodySchema,
  PrivacyRequestSchema,
} from '@estante/contract';
import { currentUser } from '../../plugins/auth.ts';
import type { PrivacyService } from './service.ts';

const FAILS = { 401: ApiErrorSchema };

/**
 * The patron's privacy calls (decision 0045). Each needs a signed-in patron and answers about that
 * patron only: the patron comes from the token, never from the request.
 */
export async function privacyRoutes(
  app: FastifyInstance,
  options: { service: PrivacyService; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { service, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).patronId;
  // onRequest: the caller is checked before the body is, so a visitor gets 401, not a validation error.
  const guarded = { onRequest: userGuard, schema: { tags: ['privacy'] } };

  r.get(
    PRIVACY_PATHS.privacy,
    {
      ...guarded,
      schema: {
        ...guarded.schema,
        summary: 'What the library keeps about the patron, their choices and their requests',
        response: { 200: PrivacyOverviewSchema, ...FAILS },
      },
    },
    async (request) => service.overview(me(request)),
  );
  r.put(
    PRIVACY_PATHS.privacyChoices,
    {
      ...guarded,
      schema: {
        ...guarded.schema,
        summary: 'Receive e-mails; keep the loan history or anonymise each loan at return',
        body: PrivacyChoicesSchema,
        response: { 200: PrivacyChoicesSchema, 400: ApiErrorSchema, ...FAILS },
      },
    },
    async (request) => service.setChoices(me(request), request.body),
  );
  r.post(
    PRIVACY_PATHS.privacyAnonymiseHistory,
    {
      ...guarded,
      schema: {
        ...guarded.schema,
        summary: 'Anonymise every returned loan now',
        response: { 200: AnonymisedHistorySchema, ...FAILS },
      },
    },
    async (request) => service.anonymiseHistory(me(request)),
  );
  r.get(
    PRIVACY_PATHS.privacyData,
    {
      ...guarded,
      schema: {
        ...guarded.schema,
        summary: 'Everything kept about the patron, table by table (JSON)',
        response: { 200: PrivacyExportSchema, ...FAILS },
      },
    },
    async (request, reply) => {
      const data = await service.exportData(me(request));
      // Personal data: never kept by a shared cache or the browser's.
      void reply.header('cache-control', 'no-store');
      return data;
    },
  );
  r.get(
    PRIVACY_PATHS.privacyDataPdf,
    {
      ...guarded,
      schema: {
        ...guarded.schema,
        summary: 'Everything kept about the patron as a readable PDF (base64)',
        response: { 200: PrivacyExportPdfSchema, ...FAILS },
      },
    },
    async (request, reply) => {
      const pdf = await service.exportPdf(me(request), request.language);
      void reply.header('cache-control', 'no-store');
      return pdf;
    },
  );
  r.post(
    PRIVACY_PATHS.privacyRequest,
    {
      ...guarded,
      schema: {
        ...guarded.schema,
        summary:
          'Ask the library to delete or anonymise the account (refused at once while loans, holds or debts are open)',
        body: PrivacyRequestBodySchema,
        response: { 201: PrivacyRequestSchema, 400: ApiErrorSchema, 422: ApiErrorSchema, ...FAILS },
      },
    },
    async (request, reply) => reply.status(201).send(await service.request(me(request), request.body)),
  );
}
