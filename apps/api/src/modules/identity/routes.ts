import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  IDENTITY_PATHS,
  LOGIN_ERROR_CODE,
  PORTAL_CLIENT_ID,
  RevokeRequestSchema,
  RevokeResponseSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { AppError, ERRORS } from '../../lib/errors.ts';
import type { Captcha } from './captcha.ts';
import { peopleRoutes } from './people-routes.ts';
import { createIdentityService, type SignInOptions } from './service.ts';
import type { TokenService } from './tokens.ts';

const TOKEN_ERRORS = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  422: ApiErrorSchema,
  429: ApiErrorSchema,
  430: ApiErrorSchema,
  500: ApiErrorSchema,
};

// RFC 6749 §5.1: token answers must not be cached.
const noStore = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

/** OAuth endpoints (SPEC §7 Auth) and the /pessoas calls of sign-in. */
export async function identityRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    tokens: TokenService;
    clock: Clock;
    signIn?: SignInOptions | undefined;
    /** Sign-in captcha (activity 1120); without it none is asked. */
    captcha?: Captcha | undefined;
  },
): Promise<void> {
  const { tokens } = options;
  const service = createIdentityService(options);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    IDENTITY_PATHS.token,
    {
      schema: {
        tags: ['auth'],
        summary: 'Issue an access token: client credentials (visitors), password or refresh token (patrons)',
        body: TokenRequestSchema,
        response: { 200: TokenResponseSchema, ...TOKEN_ERRORS },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // SPEC §9: the portal's client id is fixed at 4; it is a public client (a browser app keeps no secret).
      if (body.client_id !== PORTAL_CLIENT_ID) throw ERRORS.invalidClient();
      const context = { clientId: body.client_id, address: request.ip };
      noStore(reply);
      switch (body.grant_type) {
        case 'client_credentials': {
          const { token, expiresIn } = await tokens.issuePublic(body.client_id);
          return {
            access_token: token,
            token_type: 'bearer' as const,
            expires_in: expiresIn,
            scope: 'public',
          };
        }
        case 'password': {
          // SPEC §5: the captcha must be completed when required; checked before the password.
          const captchaRecord =
            (await options.captcha?.verifyIfRequired(body.recaptcha_token, { address: request.ip })) ?? null;
          try {
            return await service.passwordGrant(
              { username: body.username ?? '', password: body.password ?? '', totp: body.totp },
              context,
            );
          } catch (error) {
            // The two-step code is asked next with the same captcha (decision 0014).
            if (captchaRecord && error instanceof AppError && error.code === LOGIN_ERROR_CODE.TOTP_REQUIRED)
              await options.captcha?.release(captchaRecord);
            throw error;
          }
        }
        case 'refresh_token':
          return service.refreshGrant(body.refresh_token ?? '', context);
      }
    },
  );

  r.post(
    IDENTITY_PATHS.revoke,
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out: revoke a refresh token (or the session of a user access token) and its family',
        body: RevokeRequestSchema,
        response: { 200: RevokeResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => {
      await service.revoke(request.body.token, { clientId: PORTAL_CLIENT_ID, address: request.ip });
      return {};
    },
  );

  await app.register(peopleRoutes, { tokens, service });
}
