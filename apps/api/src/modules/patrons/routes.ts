import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  STAFF_PATHS,
  STAFF_PATRON_IMPORT_MAX,
  StaffPatronBlockRequestSchema,
  StaffPatronBlockSchema,
  StaffPatronImportRequestSchema,
  StaffPatronImportSchema,
  StaffPatronParamsSchema,
  StaffPatronResetCodeSchema,
  StaffPatronSchema,
  StaffPatronSearchQuerySchema,
  StaffPatronSearchSchema,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { requireStaffRole, staffActor } from '../staff/index.ts';
import type { StaffPatronService } from './service.ts';

const REFUSED = { 401: ApiErrorSchema, 403: ApiErrorSchema } as const;

/**
 * Patrons in the staff workspace (decision 0062): the circulation role finds and reads patrons,
 * blocks and unblocks them and sends reset codes; the administrator imports them from CSV. The
 * member of staff recorded is the signed-in one, never a name in the request.
 */
export async function staffPatronRoutes(
  app: FastifyInstance,
  options: { db: Db; service: StaffPatronService; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, service, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const circulation = [userGuard, requireStaffRole(db, 'circulacao')];
  const administrator = [userGuard, requireStaffRole(db, 'administrador')];

  r.get(
    STAFF_PATHS.patrons,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Find patrons by name, login, e-mail or document, a page at a time (circulation)',
        querystring: StaffPatronSearchQuerySchema,
        response: { 200: StaffPatronSearchSchema, ...REFUSED },
      },
    },
    async (request) => service.search(request.query.q, request.query.pagina, request.language),
  );
  r.get(
    STAFF_PATHS.patron(':login'),
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: "A patron's loans, holds, debts and requests, and their block (circulation)",
        params: StaffPatronParamsSchema,
        response: { 200: StaffPatronSchema, ...REFUSED, 404: ApiErrorSchema },
      },
    },
    async (request) => service.page(request.params.login, request.language),
  );
  r.put(
    STAFF_PATHS.patronBlock(':login'),
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Block a patron with a reason: no sign-in until unblocked (circulation)',
        params: StaffPatronParamsSchema,
        body: StaffPatronBlockRequestSchema,
        response: { 200: StaffPatronBlockSchema, ...REFUSED, 404: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request) =>
      service.block(request.params.login, request.body.motivo, await staffActor(db, request)),
  );
  r.delete(
    STAFF_PATHS.patronBlock(':login'),
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: "Lift the library's block of a patron (circulation)",
        params: StaffPatronParamsSchema,
        response: { 200: StaffPatronBlockSchema, ...REFUSED, 404: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request) => service.unblock(request.params.login, await staffActor(db, request)),
  );
  r.post(
    STAFF_PATHS.patronResetCode(':login'),
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'E-mail the patron a password reset code, as "forgot password" does (circulation)',
        params: StaffPatronParamsSchema,
        response: {
          200: StaffPatronResetCodeSchema,
          ...REFUSED,
          404: ApiErrorSchema,
          422: ApiErrorSchema,
          429: ApiErrorSchema,
          500: ApiErrorSchema,
        },
      },
    },
    async (request) =>
      service.sendResetCode(request.params.login, await staffActor(db, request), request.ip, (error) =>
        request.log.error({ err: error }, 'the reset code e-mail was not sent'),
      ),
  );
  r.post(
    STAFF_PATHS.patronImport,
    {
      onRequest: administrator,
      // The CSV travels as JSON text; the default 1 MB would stop a large file short.
      bodyLimit: STAFF_PATRON_IMPORT_MAX * 2 + 1024,
      schema: {
        tags,
        summary:
          'Add patrons from CSV as `estante user import`, with a report of refused lines (administrator)',
        body: StaffPatronImportRequestSchema,
        response: { 200: StaffPatronImportSchema, ...REFUSED, 422: ApiErrorSchema },
      },
    },
    async (request) => service.importCsv(request.body.csv, await staffActor(db, request)),
  );
}
