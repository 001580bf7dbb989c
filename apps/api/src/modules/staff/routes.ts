import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  STAFF_PATHS,
  StaffLoginParamsSchema,
  StaffMemberSchema,
  StaffMembersSchema,
  StaffRolesRequestSchema,
  StaffSelfSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { staffActor } from './audit.ts';
import { STAFF_ERRORS } from './errors.ts';
import { requireStaffRole } from './guard.ts';
import { changeRoles, listMembers, personOf, rolesOf } from './repository.ts';

/**
 * The staff workspace's calls (decision 0054). Anyone signed in may ask for their own roles (a
 * patron gets none, and the web app shows them no workspace); only an administrator lists the
 * staff and sets who holds which role. The caller comes from the token, never from the request.
 */
export async function staffRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, clock, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const administrator = [userGuard, requireStaffRole(db, 'administrador')];

  r.get(
    STAFF_PATHS.self,
    {
      onRequest: userGuard,
      schema: {
        tags,
        summary: "The signed-in person's staff roles (none for a patron)",
        response: { 200: StaffSelfSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const { patronId } = currentUser(request);
      const person = await personOf(db, patronId);
      if (!person) throw ERRORS.unauthorized();
      return { login: person.login, nome: person.name, papeis: await rolesOf(db, patronId) };
    },
  );
  r.get(
    STAFF_PATHS.members,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Everyone holding a staff role, by name (administrator)',
        response: { 200: StaffMembersSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () => ({
      membros: (await listMembers(db)).map((m) => ({ login: m.login, nome: m.name, papeis: m.roles })),
    }),
  );
  r.put(
    STAFF_PATHS.memberRoles(':login'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Set the roles a person holds, by login; none: no longer staff (administrator)',
        params: StaffLoginParamsSchema,
        body: StaffRolesRequestSchema,
        response: {
          200: StaffMemberSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const result = await changeRoles(db, request.params.login, () => request.body.papeis, {
        actor: await staffActor(db, request),
        at: clock.now(),
      });
      if (!result.ok) throw STAFF_ERRORS[result.reason]();
      return { login: result.member.login, nome: result.member.name, papeis: result.member.roles };
    },
  );
}
