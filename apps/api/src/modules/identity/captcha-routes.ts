import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CAPTCHA_PATHS,
  CaptchaChallengeSchema,
  CaptchaConfigurationSchema,
} from '@estante/contract';
import { ERRORS } from '../../lib/errors.ts';
import { publicOrPrivate } from '../../plugins/auth.ts';
import type { Captcha } from './captcha.ts';
import type { TokenService } from './tokens.ts';

/**
 * The captcha's configuration (decision 0017) and ALTCHA challenge (decision 0014); the solution or
 * reCAPTCHA token is checked by the password grant and recovery.
 */
export async function captchaRoutes(
  app: FastifyInstance,
  options: { tokens: TokenService; captcha: Captcha },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CAPTCHA_PATHS.challenge,
    {
      onRequest: publicOrPrivate(options.tokens),
      schema: {
        tags: ['auth'],
        summary: 'A new ALTCHA proof-of-work challenge for the sign-in captcha (activity 1120)',
        response: { 200: CaptchaChallengeSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      // Only offered while the institution asks for the captcha, and it is ALTCHA.
      if (!(await options.captcha.isRequired())) throw ERRORS.notFound();
      if ((await options.captcha.configuration()).provedor !== 'altcha') throw ERRORS.notFound();
      reply.header('cache-control', 'no-store');
      return options.captcha.challenge();
    },
  );

  r.get(
    CAPTCHA_PATHS.configuration,
    {
      onRequest: publicOrPrivate(options.tokens),
      schema: {
        tags: ['auth'],
        summary:
          'Which captcha the sign-in shows: ALTCHA, or reCAPTCHA with its site key once the institution set its keys',
        response: { 200: CaptchaConfigurationSchema, 401: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      // Staff may set or remove the keys at any time; the next sign-in screen follows.
      reply.header('cache-control', 'no-store');
      return options.captcha.configuration();
    },
  );
}
