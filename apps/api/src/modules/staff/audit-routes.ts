import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  STAFF_AUDIT_PAGE_SIZE,
  STAFF_PATHS,
  STAFF_PATRON_ERROR,
  StaffAuditPageSchema,
  StaffAuditQuerySchema,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { searchAuditLog } from './audit-log.ts';
import { requireStaffRole } from './guard.ts';

/**
 * The audit log's search (decisions 0056, 0062): the administrator reads every staff action, newest
 * first, by actor, action, target and days of the library's calendar.
 */
export async function staffAuditRoutes(
  app: FastifyInstance,
  options: { db: Db; userGuard: preHandlerAsyncHookHandler; timeZone: () => Promise<string> },
): Promise<void> {
  const { db, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    STAFF_PATHS.audit,
    {
      onRequest: [userGuard, requireStaffRole(db, 'administrador')],
      schema: {
        tags: ['staff'],
        summary: 'The staff audit log, newest first, a page at a time (administrator)',
        querystring: StaffAuditQuerySchema,
        response: {
          200: StaffAuditPageSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const { ator, acao, alvo, de, ate, pagina } = request.query;
      if (de && ate && de > ate)
        throw ERRORS.rule(STAFF_PATRON_ERROR.DATE_RANGE.code, STAFF_PATRON_ERROR.DATE_RANGE.key);
      const { entries, total } = await searchAuditLog(db, {
        actor: ator,
        action: acao,
        target: alvo,
        from: de,
        to: ate,
        timeZone: await options.timeZone(),
        limit: STAFF_AUDIT_PAGE_SIZE,
        offset: (pagina - 1) * STAFF_AUDIT_PAGE_SIZE,
      });
      return { acoes: entries, total, pagina, por_pagina: STAFF_AUDIT_PAGE_SIZE };
    },
  );
}
