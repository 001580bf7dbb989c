import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  PORTAL_CLIENT_ID,
  TokenRequestSchema,
  TokenResponseSchema,
} from '@estante/contract';
import { ERRORS } from '../../lib/errors.ts';
import type { TokenService } from './tokens.ts';

/** OAuth token endpoint (SPEC §7 Auth). The foundation serves the client-credentials grant of the portal. */
export async function identityRoutes(app: FastifyInstance, options: { tokens: TokenService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.token,
    {
      schema: {
        tags: ['auth'],
        summary: 'Issue an access token (client credentials: the public token of visitors)',
        body: TokenRequestSchema,
        response: { 200: TokenResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.grant_type !== 'client_credentials') throw ERRORS.unsupportedGrant();
      // SPEC §9: the portal's client id is fixed at 4; it is a public client (a browser app keeps no secret).
      if (body.client_id !== PORTAL_CLIENT_ID) throw ERRORS.invalidClient();
      const { token, expiresIn } = await options.tokens.issuePublic(body.client_id);
      return { access_token: token, token_type: 'bearer' as const, expires_in: expiresIn, scope: 'public' };
    },
  );
}
