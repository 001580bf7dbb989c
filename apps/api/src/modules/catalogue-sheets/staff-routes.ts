import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  STAFF_PATHS,
  REFERENCE_REQUEST_ERROR,
  StaffCatalogueSheetChangeSchema,
  StaffCatalogueSheetSchema,
  StaffRequestParamsSchema,
  type StaffCatalogueSheet,
  type StaffCatalogueSheetChange,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { requireStaffRole, staffActor } from '../staff/index.ts';
import { SheetCommandRefusal } from './errors.ts';
import { changeSheet, librarySheet, type ChangedSheet } from './service.ts';

/** A refusal of the sheet's change as the HTTP answer. */
function asHttpError(error: unknown): unknown {
  if (!(error instanceof SheetCommandRefusal)) return error;
  if (error.reason === 'NOT_FOUND') return ERRORS.notFound();
  const refusal =
    error.reason === 'CLOSED' ? REFERENCE_REQUEST_ERROR.CLOSED : REFERENCE_REQUEST_ERROR.SHEET_INCOMPLETE;
  return ERRORS.rule(refusal.code, refusal.key);
}

function present(sheet: ChangedSheet): StaffCatalogueSheet {
  return {
    codigo: sheet.id,
    situacao: sheet.status,
    classificacao: sheet.data.classificacao,
    cutter: sheet.data.cutter,
    assuntos: sheet.data.assuntos,
    final: sheet.issued,
    ficha: sheet.lines,
  };
}

/**
 * The catalogue sheet at the reference desk (decisions 0049, 0060): the librarian reads the card
 * with the library's data, sets the classification, the Cutter number and the subjects, and issues
 * the final sheet, which answers the request and is what the patron then downloads — the same
 * changeSheet as `estante requests sheet`, each change with its audit entry in its transaction.
 */
export async function staffCatalogueSheetRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler; mailer?: Mailer | undefined },
): Promise<void> {
  const { db, clock, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const reference = [userGuard, requireStaffRole(db, 'referencia')];
  const refusals = {
    401: ApiErrorSchema,
    403: ApiErrorSchema,
    404: ApiErrorSchema.describe('No such request, or not a catalogue sheet'),
  };
  const change = async (request: FastifyRequest, body: StaffCatalogueSheetChange, issue: boolean) => {
    const librarian = await staffActor(db, request);
    try {
      return present(
        await changeSheet(
          db,
          clock,
          {
            id: (request.params as { id: number }).id,
            classification: body.classificacao,
            cutter: body.cutter,
            subjects: body.assuntos,
            issue,
            by: librarian.login,
          },
          {
            mailer: options.mailer,
            onMailError: (error) => request.log.warn({ err: error }, "the sheet's patron was not e-mailed"),
            auditAs: librarian,
          },
        ),
      );
    } catch (error) {
      throw asHttpError(error);
    }
  };

  r.get(
    STAFF_PATHS.requestSheet(':id'),
    {
      onRequest: reference,
      schema: {
        tags,
        summary: "A catalogue sheet's library data and its card as they are now (reference)",
        params: StaffRequestParamsSchema,
        response: { 200: StaffCatalogueSheetSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return present(await librarySheet(db, request.params.id));
      } catch (error) {
        throw asHttpError(error);
      }
    },
  );

  r.put(
    STAFF_PATHS.requestSheet(':id'),
    {
      onRequest: reference,
      schema: {
        tags,
        summary: "Save a catalogue sheet's classification, Cutter number and subjects (reference)",
        params: StaffRequestParamsSchema,
        body: StaffCatalogueSheetChangeSchema,
        response: {
          200: StaffCatalogueSheetSchema,
          ...refusals,
          422: ApiErrorSchema.describe('The request is closed'),
        },
      },
    },
    async (request) => change(request, request.body, false),
  );

  r.post(
    STAFF_PATHS.requestSheetIssue(':id'),
    {
      onRequest: reference,
      schema: {
        tags,
        summary:
          'Save the library data and issue the final catalogue sheet: the request is answered and the patron told (reference)',
        params: StaffRequestParamsSchema,
        body: StaffCatalogueSheetChangeSchema,
        response: {
          200: StaffCatalogueSheetSchema,
          ...refusals,
          422: ApiErrorSchema.describe(
            'The request is closed, or the classification or the Cutter is missing',
          ),
        },
      },
    },
    async (request) => change(request, request.body, true),
  );
}
