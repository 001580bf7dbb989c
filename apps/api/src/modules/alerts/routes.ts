import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  AlertSchema,
  AlertsQuerySchema,
  AlertsSchema,
  ApiErrorSchema,
  DeletedAlertSchema,
  IdParamsSchema,
  UnreadAlertsSchema,
} from '@estante/contract';
import { currentUser } from '../../plugins/auth.ts';
import type { AlertService } from './service.ts';

const FAILS = { 401: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

/**
 * The patron's alerts (SPEC §7 GET /solicitacoes/alertas, PUT and DELETE /solicitacoes/alertas/{id})
 * and the unread count (an extension, decision 0044). The patron comes from the token, never from
 * the request: another patron's alert is not found.
 */
export async function alertRoutes(
  app: FastifyInstance,
  options: { service: AlertService; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { service, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).patronId;
  const guarded = { onRequest: userGuard, schema: { tags: ['alerts'] } };

  r.get(
    API_PATHS.alerts,
    {
      ...guarded,
      schema: {
        ...guarded.schema,
        summary: "The patron's alerts written between two days",
        querystring: AlertsQuerySchema,
        response: { 200: AlertsSchema, ...FAILS },
      },
    },
    async (request) => service.list(me(request), request.query, request.language),
  );
  r.get(
    API_PATHS.unreadAlerts,
    {
      ...guarded,
      schema: {
        ...guarded.schema,
        summary: 'How many of the patron’s alerts are unread',
        response: { 200: UnreadAlertsSchema, ...FAILS },
      },
    },
    async (request) => service.unread(me(request)),
  );
  r.put(
    API_PATHS.alert(':id'),
    {
      ...guarded,
      schema: {
        ...guarded.schema,
        summary: 'Mark an alert read',
        params: IdParamsSchema,
        response: { 200: AlertSchema, ...FAILS },
      },
    },
    async (request) => service.markRead(me(request), request.params.id, request.language),
  );
  r.delete(
    API_PATHS.alert(':id'),
    {
      ...guarded,
      schema: {
        ...guarded.schema,
        summary: 'Delete an alert',
        params: IdParamsSchema,
        response: { 200: DeletedAlertSchema, ...FAILS },
      },
    },
    async (request) => service.delete(me(request), request.params.id),
  );
}
