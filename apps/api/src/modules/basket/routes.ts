import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, ApiErrorSchema, BasketEmailSentSchema, BasketExportSchema } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { createRateLimiter, type RateLimit } from '../../lib/rate-limit.ts';
import { exportBasket, type BasketMailGate } from './service.ts';

/** Basket e-mails one client address may send in an hour (decision 0019): enough for a patron, not for spam. */
export const BASKET_MAIL_LIMIT: RateLimit = { max: 10, windowSeconds: 3600 };

/** The basket's export and e-mail (SPEC §7 POST /acervo/exportar-cesta). */
export async function basketRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    guard: preHandlerAsyncHookHandler;
    clock: Clock;
    mailer?: Mailer | undefined;
    mailLimit?: RateLimit | undefined;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mailLimiter = createRateLimiter(
    options.db,
    'basket-mail',
    options.mailLimit ?? BASKET_MAIL_LIMIT,
    options.clock,
  );
  r.post(
    API_PATHS.basketExport,
    {
      onRequest: options.guard,
      schema: {
        tags: ['basket'],
        summary:
          'Export the basket as a file (RIS, BibTeX, MARC 21, MARCXML, CSV, ABNT) or send it by e-mail',
        body: BasketExportSchema,
        // 200 is the file itself (its type per format), or BasketEmailSentSchema when sent by e-mail;
        // 400 (bad body) and 401 are listed by the OpenAPI plugin.
        response: {
          200: {
            description: 'The file (its media type per format), or the e-mail receipt',
            content: { 'application/json': { schema: BasketEmailSentSchema } },
          },
          404: ApiErrorSchema.describe('Titles of the basket that the catalogue does not have, named by id'),
          422: ApiErrorSchema.describe('An e-mail address is not valid, or there are too many'),
          429: ApiErrorSchema.describe('Too many e-mails sent from this address this hour'),
          403: ApiErrorSchema.describe('This library sends no e-mail (no SMTP configured)'),
        },
      },
    },
    async (request, reply) => {
      // Anyone may send the basket by e-mail, so each client address may send only so many an hour.
      const gate: BasketMailGate = () => mailLimiter.take(request.ip);
      const result = await exportBasket(options, request.body, request.language, gate);
      if (result.kind === 'sent') {
        return reply.send(BasketEmailSentSchema.parse({ enviado: true, destinatarios: result.recipients }));
      }
      const { file } = result;
      // The typed 200 is the JSON receipt; a file goes out as it is, in its own media type.
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content as never);
    },
  );
}
