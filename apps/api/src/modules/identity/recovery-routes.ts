import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  PasswordRulesSchema,
  RecoveryCodeRequestSchema,
  RecoveryPasswordRequestSchema,
  RecoveryPasswordResponseSchema,
  RecoveryStartQuerySchema,
  RecoveryStartSchema,
  textSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { publicOrPrivate } from '../../plugins/auth.ts';
import type { Captcha } from './captcha.ts';
import { createRecoveryService } from './recovery-service.ts';
import type { TokenService } from './tokens.ts';

const ERRORS = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  422: ApiErrorSchema,
  429: ApiErrorSchema,
  500: ApiErrorSchema,
};

// Same parameter name as /pessoas/:login/nome, so the router keeps one branch.
const PATH = '/pessoas/:login/recuperar-senha';
const params = z.object({ login: textSchema().trim().min(1).max(200) });

/** Password recovery (SPEC §7 /pessoas/{login}/recuperar-senha): asked before sign-in, so a public token suffices. */
export async function recoveryRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    tokens: TokenService;
    clock: Clock;
    mailer?: Mailer | undefined;
    /** The sign-in captcha (activity 1120) also guards sending codes. */
    captcha?: Captcha | undefined;
  },
): Promise<void> {
  const service = createRecoveryService(options);
  const anyToken = publicOrPrivate(options.tokens);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    PATH,
    {
      onRequest: anyToken,
      schema: {
        tags: ['people'],
        summary: 'Start password recovery: e-mails a code and says where it went, its length and expiry',
        params,
        querystring: RecoveryStartQuerySchema,
        response: { 200: RecoveryStartSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // SPEC §7: the start takes the captcha token; a code is e-mailed only past the captcha.
      await options.captcha?.verifyIfRequired(request.query.recaptcha_token, { address: request.ip });
      return service.start(request.params.login, request.language, request.ip, (error) =>
        request.log.error({ err: error }, 'password recovery e-mail could not be sent'),
      );
    },
  );

  r.post(
    PATH,
    {
      onRequest: anyToken,
      schema: {
        tags: ['people'],
        summary: 'Check the recovery code; answers the password rules',
        params,
        body: RecoveryCodeRequestSchema,
        response: { 200: PasswordRulesSchema, ...ERRORS },
      },
    },
    async (request) => service.verifyCode(request.params.login, request.body.code),
  );

  r.put(
    PATH,
    {
      onRequest: anyToken,
      schema: {
        tags: ['people'],
        summary: 'Set the new password with the recovery code (every rule checked, history included)',
        params,
        body: RecoveryPasswordRequestSchema,
        response: { 200: RecoveryPasswordResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      await service.setPassword(request.params.login, request.body.code, request.body.password);
      return { result: true as const };
    },
  );
}
