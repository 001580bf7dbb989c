import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  DeskCheckinRequestSchema,
  DeskCheckoutRequestSchema,
  DeskHoldsShelfSchema,
  DeskLoanSchema,
  DeskPatronQuerySchema,
  DeskPatronSchema,
  DeskPaymentRequestSchema,
  DeskRenewRequestSchema,
  DeskRenewResultSchema,
  DeskReturnSchema,
  DeskSettlementSchema,
  DeskSuspensionRequestSchema,
  DeskSuspensionSchema,
  DeskWaiverRequestSchema,
  STAFF_PATHS,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { requireStaffRole, staffActor } from '../staff/index.ts';
import type { DeskService } from './desk-service.ts';

const REFUSED = { 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema };

/**
 * The circulation desk of the staff workspace (decision 0058), for the circulation role (or an
 * administrator): the patron at the desk, checkout, check-in, renewal, the holds shelf, payments,
 * waivers and suspensions — the same engine and rules as `estante desk`. The member of staff is
 * the signed-in one, never a name in the request; refusals are 422s with a translation key.
 */
export async function deskRoutes(
  app: FastifyInstance,
  options: { db: Db; desk: DeskService; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, desk, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  // onRequest: visitors get 401 and others 403 before the body is read.
  const circulation = [userGuard, requireStaffRole(db, 'circulacao')];

  r.get(
    STAFF_PATHS.deskPatron,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'The patron at the desk, by login or card number, with loans, holds, debts, suspensions',
        querystring: DeskPatronQuerySchema,
        response: { 200: DeskPatronSchema, ...REFUSED },
      },
    },
    async (request) => desk.patron(request.query.chave, request.language),
  );
  r.post(
    STAFF_PATHS.deskCheckouts,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Lend a copy (by its number) to a patron (circulation)',
        body: DeskCheckoutRequestSchema,
        response: { 201: DeskLoanSchema, ...REFUSED },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await desk.checkout(await staffActor(db, request), request.body, request.language)),
  );
  r.post(
    STAFF_PATHS.deskCheckins,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Take a copy back: fine, suspension, and whether it goes to the holds shelf (circulation)',
        body: DeskCheckinRequestSchema,
        response: { 200: DeskReturnSchema, ...REFUSED },
      },
    },
    async (request) => desk.checkin(await staffActor(db, request), request.body),
  );
  r.post(
    STAFF_PATHS.deskRenewals,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: "Renew a patron's loans; each answers for itself (circulation)",
        body: DeskRenewRequestSchema,
        response: { 200: DeskRenewResultSchema, ...REFUSED },
      },
    },
    async (request) => desk.renew(await staffActor(db, request), request.body, request.language),
  );
  r.get(
    STAFF_PATHS.deskHoldsShelf,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'The holds shelf: copies waiting for their patrons, by pickup deadline (circulation)',
        response: { 200: DeskHoldsShelfSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () => desk.holdsShelf(),
  );
  r.post(
    STAFF_PATHS.deskPayments,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Record a payment, oldest debt first unless one is named (circulation)',
        body: DeskPaymentRequestSchema,
        response: { 200: DeskSettlementSchema, ...REFUSED },
      },
    },
    async (request) => desk.pay(await staffActor(db, request), request.body, request.language),
  );
  r.post(
    STAFF_PATHS.deskWaivers,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Waive a debt: a discount of all that is left of it, with a reason (circulation)',
        body: DeskWaiverRequestSchema,
        response: { 200: DeskSettlementSchema, ...REFUSED },
      },
    },
    async (request) => desk.waive(await staffActor(db, request), request.body, request.language),
  );
  r.post(
    STAFF_PATHS.deskSuspensions,
    {
      onRequest: circulation,
      schema: {
        tags,
        summary: 'Suspend a patron for some days, after any suspension running (circulation)',
        body: DeskSuspensionRequestSchema,
        response: { 201: DeskSuspensionSchema, ...REFUSED },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await desk.suspend(await staffActor(db, request), request.body, request.language)),
  );
}
