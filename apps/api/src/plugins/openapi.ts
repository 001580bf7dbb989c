import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@estante/contract';
import { guardRefusals } from './auth.ts';

/**
 * The error statuses a route can answer whatever its handler does: 400 when it validates a path,
 * query or body (every such route can be sent a bad one), and the refusals of its guards (401 for
 * a missing or bad token, 403 for a missing permission). Listed here once instead of in each route.
 */
export function commonErrorStatuses(
  route: Pick<RouteOptions, 'schema' | 'onRequest' | 'preValidation' | 'preHandler'>,
): number[] {
  const statuses = new Set<number>();
  const schema = route.schema;
  if (schema?.params || schema?.querystring || schema?.body) statuses.add(400);
  for (const hooks of [route.onRequest, route.preValidation, route.preHandler])
    for (const status of guardRefusals(hooks)) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** How the document describes the common error statuses. */
const COMMON_ERRORS: Record<number, typeof ApiErrorSchema> = {
  400: ApiErrorSchema.describe('A path, query or body parameter is not valid (code VALIDATION)'),
  401: ApiErrorSchema.describe('No valid token for this call'),
  403: ApiErrorSchema.describe('The institution or the patron lacks the permission for this call'),
};

/** A response entry as a route may write one with no body. */
interface BodilessResponse {
  description?: string;
  content?: Record<string, unknown>;
  type?: string;
}

/**
 * OpenAPI 3.0 reads `nullable` as not widening an `enum`: a nullable list of values must list null
 * itself, or a validator refuses the null the API answers. Adds it wherever it is missing.
 */
export function listNullInNullableEnums(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) listNullInNullableEnums(item);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  if (node['nullable'] === true && Array.isArray(node['enum']) && !node['enum'].includes(null)) {
    node['enum'] = [...(node['enum'] as unknown[]), null];
  }
  for (const value of Object.values(node)) listNullInNullableEnums(value);
}

/** Publishes the API's contract as OpenAPI at /api/docs (JSON at /api/docs/json). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    const response = { ...(route.schema.response as Record<string, unknown> | undefined) };
    for (const status of commonErrorStatuses(route))
      response[status] ??= COMMON_ERRORS[status] ?? ApiErrorSchema;
    route.schema = { ...route.schema, response };
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Estante API', version: '0.1.0', description: 'Online catalogue and patron portal API' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: (route) => {
      const transformed = jsonSchemaTransform(route);
      const response = (transformed.schema as { response?: Record<string, BodilessResponse> } | undefined)
        ?.response;
      for (const [status, entry] of Object.entries(response ?? {})) {
        // A response without a body (a redirect) is written `{ description, content: {} }` in its
        // route; @fastify/swagger lists a status without content when its schema is of type null.
        if (entry.content && Object.keys(entry.content).length === 0)
          response![status] = { type: 'null', description: entry.description };
      }
      listNullInNullableEnums(transformed.schema);
      return transformed;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
