import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACTIVITY,
  AUTH_MODULE,
  ApiErrorSchema,
  OwnSuggestionsSchema,
  PurchaseOrdersSchema,
  SUGGESTION_PATHS,
  SuggestionStatusOptionsSchema,
  SuggestionsQuerySchema,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { currentUser, requirePermission, type PermissionSource } from '../../plugins/auth.ts';
import { ownOrders, ownSuggestions, statusOptions } from './service.ts';

/**
 * The patron's purchase suggestions (SPEC §7 GET /aquisicao/sugestoes…) and the purchase orders
 * holding them (an extension, decision 0050). The patron comes from the token, never from the
 * request: nobody reads another's suggestions.
 */
export async function suggestionRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    userGuard: preHandlerAsyncHookHandler;
    permissions: PermissionSource;
    timeZone: () => Promise<string>;
  },
): Promise<void> {
  const { db, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const suggestionsItem = requirePermission(options.permissions, {
    module: AUTH_MODULE.CONSULTATION,
    activity: ACTIVITY.PERSONAL_AREA_SUGGESTIONS,
  });
  const ordersItem = requirePermission(options.permissions, {
    module: AUTH_MODULE.CONSULTATION,
    activity: ACTIVITY.PERSONAL_AREA_PURCHASE_ORDERS,
  });
  const refusals = { 401: ApiErrorSchema, 403: ApiErrorSchema };

  r.get(
    SUGGESTION_PATHS.statuses,
    {
      onRequest: [userGuard, suggestionsItem],
      schema: {
        tags: ['acquisition'],
        summary: 'The statuses of a purchase suggestion (SPEC §4), labelled in the request’s language',
        response: { 200: SuggestionStatusOptionsSchema, ...refusals },
      },
    },
    async (request) => statusOptions(request.language),
  );

  r.get(
    SUGGESTION_PATHS.suggestions,
    {
      onRequest: [userGuard, suggestionsItem],
      schema: {
        tags: ['acquisition'],
        summary: "The patron's purchase suggestions with their status and history",
        querystring: SuggestionsQuerySchema,
        response: { 200: OwnSuggestionsSchema, ...refusals, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ownSuggestions(db, currentUser(request).patronId, request.query, await options.timeZone());
    },
  );

  r.get(
    SUGGESTION_PATHS.purchaseOrders,
    {
      onRequest: [userGuard, ordersItem],
      schema: {
        tags: ['acquisition'],
        summary: "The purchase orders holding the patron's suggestions, with their state",
        response: { 200: PurchaseOrdersSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ownOrders(db, currentUser(request).patronId);
    },
  );
}
