import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY,
  AUTH_MODULE,
  ApiErrorSchema,
  CATALOGUE_SHEET_PATHS,
  CatalogueSheetBodySchema,
  CatalogueSheetIdParamsSchema,
  CatalogueSheetSchema,
  CatalogueSheetsSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { currentUser, requirePermission, type PermissionSource } from '../../plugins/auth.ts';
import { ownSheets, sendSheet, sheetPdf } from './service.ts';

/**
 * The catalogue sheet (SPEC §7 POST /solicitacoes/ficha-catalografica; decision 0049): a patron
 * sends their thesis's data and gets the draft sheet at once; the final one once the library
 * issues it. Every call is the caller's own (from the token): another patron's sheet is a 404.
 */
export async function catalogueSheetRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler; permissions: PermissionSource },
): Promise<void> {
  const { db, clock, userGuard } = options;
  const held = requirePermission(options.permissions, {
    module: AUTH_MODULE.CONSULTATION,
    activity: ACTIVITY.PERSONAL_AREA_CATALOGUE_SHEET,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['requests'];
  const refusals = { 401: ApiErrorSchema, 403: ApiErrorSchema };

  r.post(
    CATALOGUE_SHEET_PATHS.sheets,
    {
      onRequest: [userGuard, held],
      schema: {
        tags,
        summary: 'Ask the library for a catalogue sheet (ABNT NBR 14724); answers it with its draft card',
        body: CatalogueSheetBodySchema,
        response: {
          201: CatalogueSheetSchema,
          ...refusals,
          422: ApiErrorSchema.describe('A SPEC §5 rule: the message is the translation key naming the field'),
        },
      },
    },
    async (request, reply) => {
      const sheet = await sendSheet(db, clock, {
        patronId: currentUser(request).patronId,
        body: request.body,
      });
      return reply.status(201).header('cache-control', 'no-store').send(sheet);
    },
  );

  r.get(
    CATALOGUE_SHEET_PATHS.ownSheets,
    {
      onRequest: [userGuard, held],
      schema: {
        tags,
        summary: "The signed-in patron's catalogue sheets, newest first, with their status and card",
        response: { 200: CatalogueSheetsSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ownSheets(db, currentUser(request).patronId);
    },
  );

  r.get(
    CATALOGUE_SHEET_PATHS.sheetPdf(':id'),
    {
      onRequest: [userGuard, held],
      schema: {
        tags,
        summary: "One of the patron's catalogue sheets as a PDF: the final sheet once issued, else the draft",
        params: CatalogueSheetIdParamsSchema,
        response: {
          200: {
            description: 'The sheet (application/pdf)',
            content: { 'application/pdf': { schema: z.string().describe('The PDF file') } },
          },
          ...refusals,
          404: ApiErrorSchema.describe("No such sheet, or another patron's"),
        },
      },
    },
    async (request, reply) => {
      const file = await sheetPdf(db, currentUser(request).patronId, request.params.id);
      return reply
        .type(file.type)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.data as never);
    },
  );
}
