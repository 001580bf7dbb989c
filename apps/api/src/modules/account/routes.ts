import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_PATHS,
  ACTIVITY,
  AUTH_MODULE,
  ApiErrorSchema,
  DepartmentsSchema,
  PersonalDataSchema,
  PersonalDataUpdateSchema,
  RegistrationRenewalRequestSchema,
  RegistrationRenewalSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { currentUser, requirePermission, type PermissionSource } from '../../plugins/auth.ts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { createAccountService } from './service.ts';

/**
 * The patron's own account (SPEC §7 People; decision 0041): personal data, the yearly registration
 * renewal and the departments. Every call answers about the caller's own patron, from the token.
 */
export async function accountRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    clock: Clock;
    /** A signed-in patron whose session is open. */
    userGuard: preHandlerAsyncHookHandler;
    permissions: PermissionSource;
  },
): Promise<void> {
  const { userGuard } = options;
  const service = createAccountService(options);
  const personalData = requirePermission(options.permissions, {
    module: AUTH_MODULE.CONSULTATION,
    activity: ACTIVITY.PERSONAL_AREA_PERSONAL_DATA,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema };

  r.get(
    ACCOUNT_PATHS.personalData,
    {
      onRequest: [userGuard, personalData],
      schema: {
        tags: ['people'],
        summary: "The signed-in patron's personal data, which fields they may change, and the registration",
        response: { 200: PersonalDataSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.personalData(currentUser(request).patronId);
    },
  );

  r.put(
    ACCOUNT_PATHS.personalData,
    {
      onRequest: [userGuard, personalData],
      schema: {
        tags: ['people'],
        summary: 'Change personal data (only the fields the institution lets patrons change); answers it',
        body: PersonalDataUpdateSchema,
        response: { 200: PersonalDataSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { patronId } = currentUser(request);
      reply.header('cache-control', 'no-store');
      return service.updatePersonalData(patronId, request.body, `patron:${patronId}`);
    },
  );

  r.post(
    ACCOUNT_PATHS.registrationRenewal,
    {
      onRequest: [userGuard, personalData],
      schema: {
        tags: ['people'],
        summary: 'Renew the registration for a year, the patron having confirmed their data',
        body: RegistrationRenewalRequestSchema,
        response: { 200: RegistrationRenewalSchema, ...refusals },
      },
    },
    async (request) => {
      const { patronId } = currentUser(request);
      return { validade_cadastro: await service.renewRegistration(patronId, `patron:${patronId}`) };
    },
  );

  r.get(
    ACCOUNT_PATHS.departments,
    {
      onRequest: userGuard,
      schema: {
        tags: ['people'],
        summary: "The institution's departments (the courses of the teaching plan)",
        response: { 200: DepartmentsSchema, 401: ApiErrorSchema },
      },
    },
    async () => service.departments(),
  );
}
