import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PREFIX,
  ApiErrorSchema,
  OIDC_RESPONSE_SCREEN,
  OidcAuthorizeQuerySchema,
  OidcAuthorizeResponseSchema,
  OidcReturnQuerySchema,
  OidcValidateRequestSchema,
  OidcValidateResponseSchema,
  RECOVERY_PATHS,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { publicOrPrivate } from '../../plugins/auth.ts';
import { signOnCookie } from './sign-on-cookie.ts';
import { createOidcService, OIDC_BROWSER_COOKIE, type OidcOptions } from './oidc-service.ts';
import type { TokenService } from './tokens.ts';

export type { OidcOptions } from './oidc-service.ts';

const ERRORS = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  422: ApiErrorSchema,
  430: ApiErrorSchema,
  500: ApiErrorSchema,
};

/** This server's return address, as the browser reaches it. */
const callbackUrl = (request: FastifyRequest) =>
  `${request.protocol}://${request.host}${API_PREFIX}${RECOVERY_PATHS.oidcCallback}`;

const browserCookie = signOnCookie(OIDC_BROWSER_COOKIE, '/oidc');

/** OIDC single sign-on (SPEC §7 /oidc/authorize, /oidc/validar) and the provider's return. */
export async function oidcRoutes(
  app: FastifyInstance,
  options: { db: Db; tokens: TokenService; clock: Clock; oidc?: OidcOptions | undefined },
): Promise<void> {
  const service = createOidcService(options);
  const anyToken = publicOrPrivate(options.tokens);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    RECOVERY_PATHS.oidcAuthorize,
    {
      onRequest: anyToken,
      schema: {
        tags: ['auth'],
        summary: 'Start single sign-on: answers the handle (nonce) and the provider link to open',
        querystring: OidcAuthorizeQuerySchema,
        response: { 200: OidcAuthorizeResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const started = await service.authorize({
        login: request.query.login,
        redirect: request.query.redirect,
        redirectUri: callbackUrl(request),
      });
      reply.header('cache-control', 'no-store');
      reply.header('set-cookie', browserCookie.set(request, started.browser, started.ttlSeconds));
      return { nonce: started.handle, link: started.link };
    },
  );

  r.get(
    RECOVERY_PATHS.oidcCallback,
    {
      schema: {
        tags: ['auth'],
        summary: "The provider's return (browser navigation); goes on to the web's /oauth-response screen",
        querystring: OidcReturnQuerySchema,
        response: { 302: { description: 'On to the web app’s /oauth-response screen', content: {} } },
      },
    },
    async (request, reply) => {
      await service.handleReturn({
        query: request.query,
        browser: browserCookie.read(request),
        redirectUri: callbackUrl(request),
        log: (message, error) => request.log.warn(error ? { err: error } : {}, message),
      });
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', browserCookie.set(request, '', 0))
        .redirect(OIDC_RESPONSE_SCREEN, 302);
    },
  );

  r.post(
    RECOVERY_PATHS.oidcValidate,
    {
      onRequest: anyToken,
      schema: {
        tags: ['auth'],
        summary: 'Finish single sign-on: trades the handle for a token pair (once)',
        body: OidcValidateRequestSchema,
        response: { 200: OidcValidateResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.validate(request.body.nonce, {
        clientId: request.identity?.clientId ?? '4',
        address: request.ip,
      });
    },
  );
}
