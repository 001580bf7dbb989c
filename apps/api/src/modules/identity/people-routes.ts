import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_PATHS,
  ACTIVITY,
  ApiErrorSchema,
  AUTH_MODULE,
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  DuplicatesQuerySchema,
  DuplicatesResponseSchema,
  IDENTITY_PATHS,
  LinkedLoginsSchema,
  LoggedInEmailSchema,
  PasswordRulesSchema,
  PersonNameResponseSchema,
  SwitchLoginRequestSchema,
  SwitchUserRequestSchema,
  TokenResponseSchema,
  TwoFactorConfirmRequestSchema,
  TwoFactorConfirmResponseSchema,
  TwoFactorDisableRequestSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
  UserSessionSchema,
  textSchema,
} from '@estante/contract';
import { currentUser, privateOnly, publicOrPrivate, requirePermission } from '../../plugins/auth.ts';
import { presentLinkedLogin, presentSession } from './presenters.ts';
import type { IdentityService } from './service.ts';
import type { TokenService } from './tokens.ts';

const ERRORS_401 = { 401: ApiErrorSchema };

/**
 * The /pessoas calls of sign-in (SPEC §7 People). Every one but the duplicates lookup needs a
 * user token and answers only about the caller's own person, whatever ids the call names.
 */
export async function peopleRoutes(
  app: FastifyInstance,
  options: { tokens: TokenService; service: IdentityService },
): Promise<void> {
  const { tokens, service } = options;
  const user = privateOnly(tokens, service.sessions);
  const anyToken = publicOrPrivate(tokens);
  const personalArea = requirePermission(service.permissions, {
    module: AUTH_MODULE.CONSULTATION,
    activity: ACTIVITY.PERSONAL_AREA,
  });
  const passwordItem = requirePermission(service.permissions, {
    module: AUTH_MODULE.CONSULTATION,
    activity: ACTIVITY.PERSONAL_AREA_PASSWORD,
  });
  const userSwapItem = requirePermission(service.permissions, {
    module: AUTH_MODULE.CONSULTATION,
    activity: ACTIVITY.PERSONAL_AREA_USER_SWAP,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    IDENTITY_PATHS.session,
    {
      onRequest: user,
      schema: {
        tags: ['people'],
        summary: 'The signed-in patron',
        response: { 200: UserSessionSchema, ...ERRORS_401 },
      },
    },
    async (request) => {
      const { patron, permissions } = await service.session(currentUser(request).patronId, request.language);
      return presentSession(patron, permissions);
    },
  );

  r.get(
    IDENTITY_PATHS.linkedLogins,
    {
      onRequest: user,
      schema: {
        tags: ['people'],
        summary: 'Logins of the signed-in person',
        response: { 200: LinkedLoginsSchema, ...ERRORS_401 },
      },
    },
    async (request) => {
      const { patronId } = currentUser(request);
      return (await service.linkedLogins(patronId, request.language)).map((row) =>
        presentLinkedLogin(row, patronId),
      );
    },
  );

  r.put(
    IDENTITY_PATHS.switchLogin,
    {
      onRequest: user,
      schema: {
        tags: ['people'],
        summary: 'Switch to another login of the signed-in person (answers a new token pair)',
        body: SwitchLoginRequestSchema,
        response: { 200: TokenResponseSchema, 404: ApiErrorSchema, 430: ApiErrorSchema, ...ERRORS_401 },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      reply.header('cache-control', 'no-store');
      return service.switchLogin(caller, request.body.codigo, {
        clientId: caller.clientId,
        address: request.ip,
      });
    },
  );

  r.post(
    ACCOUNT_PATHS.switchUser,
    {
      onRequest: [user, personalArea, userSwapItem],
      schema: {
        tags: ['people'],
        summary:
          'Switch, from the personal area, to another login of the signed-in person (a new token pair)',
        body: SwitchUserRequestSchema,
        response: {
          200: TokenResponseSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          430: ApiErrorSchema,
          ...ERRORS_401,
        },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      reply.header('cache-control', 'no-store');
      return service.switchUser(caller, request.body.usuario, {
        clientId: caller.clientId,
        address: request.ip,
      });
    },
  );

  r.get(
    IDENTITY_PATHS.duplicates,
    {
      // Asked before sign-in (SPEC §4 two-step login), so a public token suffices.
      onRequest: anyToken,
      schema: {
        tags: ['people'],
        summary: 'People a username names, when it names several',
        querystring: DuplicatesQuerySchema,
        response: { 200: DuplicatesResponseSchema, ...ERRORS_401 },
      },
    },
    async (request) => service.duplicates(request.query.usuario),
  );

  r.get(
    // Not IDENTITY_PATHS.personName(':login'): that would encode the colon.
    '/pessoas/:login/nome',
    {
      onRequest: user,
      schema: {
        tags: ['people'],
        summary: "Name of one of the signed-in person's logins",
        params: z.object({ login: textSchema().min(1) }),
        response: { 200: PersonNameResponseSchema, 404: ApiErrorSchema, ...ERRORS_401 },
      },
    },
    async (request) => ({
      nome: await service.personName(currentUser(request).patronId, request.params.login),
    }),
  );

  r.get(
    IDENTITY_PATHS.loggedInEmail,
    {
      onRequest: user,
      schema: {
        tags: ['people'],
        summary: 'E-mail of the signed-in patron',
        response: { 200: LoggedInEmailSchema, ...ERRORS_401 },
      },
    },
    async (request) => ({ email: await service.email(currentUser(request).patronId) }),
  );

  r.get(
    ACCOUNT_PATHS.passwordRules,
    {
      onRequest: [user, personalArea, passwordItem],
      schema: {
        tags: ['people'],
        summary: 'The rules a new password must meet (those of password recovery)',
        response: { 200: PasswordRulesSchema, 403: ApiErrorSchema, ...ERRORS_401 },
      },
    },
    async () => service.passwordRules(),
  );

  r.put(
    IDENTITY_PATHS.changePassword,
    {
      onRequest: [user, personalArea, passwordItem],
      schema: {
        tags: ['people'],
        summary: 'Change the password (the new one is trimmed)',
        body: ChangePasswordRequestSchema,
        response: {
          200: ChangePasswordResponseSchema,
          403: ApiErrorSchema,
          422: ApiErrorSchema,
          429: ApiErrorSchema,
          ...ERRORS_401,
        },
      },
    },
    async (request) => {
      await service.changePassword(
        currentUser(request),
        {
          current: request.body.senhaAtual,
          next: request.body.senhaNova,
          signOutOthers: request.body.encerrarOutrasSessoes,
        },
        { clientId: currentUser(request).clientId, address: request.ip },
      );
      return { result: true as const };
    },
  );

  // Two-step verification (beyond SPEC; issue 5), in the personal area.
  const twoFactorErrors = {
    403: ApiErrorSchema,
    404: ApiErrorSchema,
    422: ApiErrorSchema,
    429: ApiErrorSchema,
    ...ERRORS_401,
  };
  r.get(
    IDENTITY_PATHS.twoFactor,
    {
      onRequest: [user, personalArea],
      schema: {
        tags: ['people'],
        summary: 'Whether two-step verification is offered and on',
        response: { 200: TwoFactorStatusSchema, ...twoFactorErrors },
      },
    },
    async (request) => service.twoFactorStatus(currentUser(request).patronId),
  );
  r.post(
    IDENTITY_PATHS.twoFactor,
    {
      onRequest: [user, personalArea],
      schema: {
        tags: ['people'],
        summary: 'Start two-step verification: a secret for an authenticator app',
        response: { 200: TwoFactorEnrolmentSchema, ...twoFactorErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.startTwoFactor(currentUser(request).patronId);
    },
  );
  r.put(
    IDENTITY_PATHS.twoFactor,
    {
      onRequest: [user, personalArea],
      schema: {
        tags: ['people'],
        summary: 'Confirm two-step verification with a code; answers the recovery codes once',
        body: TwoFactorConfirmRequestSchema,
        response: { 200: TwoFactorConfirmResponseSchema, ...twoFactorErrors },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      reply.header('cache-control', 'no-store');
      return {
        codigos_recuperacao: await service.confirmTwoFactor(caller.patronId, request.body.codigo, {
          clientId: caller.clientId,
          address: request.ip,
        }),
      };
    },
  );
  r.delete(
    IDENTITY_PATHS.twoFactor,
    {
      onRequest: [user, personalArea],
      schema: {
        tags: ['people'],
        summary: 'Turn two-step verification off (needs the password)',
        body: TwoFactorDisableRequestSchema,
        response: { 200: ChangePasswordResponseSchema, ...twoFactorErrors },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      await service.disableTwoFactor(caller.patronId, request.body.senha, {
        clientId: caller.clientId,
        address: request.ip,
      });
      return { result: true as const };
    },
  );
}
