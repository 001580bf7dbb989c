import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PREFIX,
  ApiErrorSchema,
  PORTAL_CLIENT_ID,
  SAML_PATHS,
  SAML_RESPONSE_PARAM,
  SAML_RESPONSE_SCREEN,
  SamlLoginQuerySchema,
  SamlLoginResponseSchema,
  SamlValidateRequestSchema,
  SamlValidateResponseSchema,
  textSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { publicOrPrivate } from '../../plugins/auth.ts';
import { createSamlService, type SamlOptions } from './saml-service.ts';
import type { TokenService } from './tokens.ts';

import { signOnCookie } from './sign-on-cookie.ts';

export type { SamlOptions } from './saml-service.ts';

/** Name of the cookie binding a SAML sign-on to the browser that started it. */
export const SAML_BROWSER_COOKIE = 'estante_saml';

const browserCookie = signOnCookie(SAML_BROWSER_COOKIE, '/saml');

const ERRORS = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  422: ApiErrorSchema,
  430: ApiErrorSchema,
  500: ApiErrorSchema,
};

/** This server's assertion consumer address, as the browser reaches it. */
const callbackUrl = (request: FastifyRequest) =>
  `${request.protocol}://${request.host}${API_PREFIX}${SAML_PATHS.assertionConsumer}`;

/** SAML single sign-on (SPEC §7 /saml/login, /saml/validar) and the provider's post back. */
export async function samlRoutes(
  app: FastifyInstance,
  options: { db: Db; tokens: TokenService; clock: Clock; saml?: SamlOptions | undefined },
): Promise<void> {
  const service = createSamlService(options);
  const anyToken = publicOrPrivate(options.tokens);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    SAML_PATHS.login,
    {
      onRequest: anyToken,
      schema: {
        tags: ['auth'],
        summary: 'Start SAML single sign-on: answers the identity provider link to open',
        querystring: SamlLoginQuerySchema,
        response: { 200: SamlLoginResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const started = await service.login({
        redirect: request.query.redirect,
        callbackUrl: callbackUrl(request),
      });
      reply.header('cache-control', 'no-store');
      reply.header('set-cookie', browserCookie.set(request, started.browser, started.ttlSeconds));
      return { link: started.link };
    },
  );

  r.post(
    SAML_PATHS.assertionConsumer,
    {
      schema: {
        tags: ['auth'],
        summary: "The provider's answer (HTTP-POST binding); goes on to the web's /saml-response screen",
        body: z.object({
          SAMLResponse: textSchema().min(1).max(200_000),
          RelayState: textSchema().optional(),
        }),
        response: { 303: { description: 'On to the web app’s /saml-response screen', content: {} } },
      },
    },
    async (request, reply) => {
      // The fragment is not sent to servers nor kept in referrers; the screen posts it to /saml/validar.
      const fragment = new URLSearchParams({ [SAML_RESPONSE_PARAM]: request.body.SAMLResponse });
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${SAML_RESPONSE_SCREEN}#${fragment.toString()}`, 303);
    },
  );

  r.post(
    SAML_PATHS.validate,
    {
      onRequest: anyToken,
      schema: {
        tags: ['auth'],
        summary: "Finish SAML single sign-on: trades the provider's signed answer for a token pair (once)",
        body: SamlValidateRequestSchema,
        response: { 200: SamlValidateResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.validate(request.body.saml, {
        clientId: request.identity?.clientId ?? PORTAL_CLIENT_ID,
        address: request.ip,
        callbackUrl: callbackUrl(request),
        browser: browserCookie.read(request),
        log: (error) => request.log.warn({ err: error }, 'SAML answer refused'),
      });
    },
  );
}
