import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  PurchaseOrderCreateRequestSchema,
  PurchaseOrderMoveRequestSchema,
  PurchaseOrderReceiptRequestSchema,
  STAFF_PATHS,
  StaffOrderParamsSchema,
  StaffPurchaseOrderSchema,
  StaffPurchaseOrdersSchema,
  StaffSuggestionInboxSchema,
  StaffSuggestionParamsSchema,
  StaffSuggestionSchema,
  StaffSuggestionsQuerySchema,
  SuggestionMoveRequestSchema,
  SuggestionQuoteRequestSchema,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import type { Mailer } from '../../lib/mail.ts';
import { requireStaffRole, staffActor, type StaffActor } from '../staff/index.ts';
import { acquisitionHttpError } from './errors.ts';
import {
  createOrder,
  moveOrder,
  moveSuggestion,
  quoteSuggestion,
  receiveOrder,
  staffOrder,
  staffOrders,
  staffSuggestion,
  suggestionInbox,
  type TellOptions,
} from './service.ts';

/** Runs a service call, answering its refusals as HTTP (404, or 422 with a translation key). */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw acquisitionHttpError(error);
  }
}

/**
 * Acquisitions in the staff workspace (decision 0059): the acquisition role (or an administrator)
 * reads every purchase suggestion, moves it, records its quote, groups suggestions in purchase
 * orders and receives them — the same service as `estante suggestions`, so the suggester is told
 * (alert, and e-mail when they take e-mails) at each change, and each change writes its audit
 * entry in its transaction. The librarian is the signed-in staff member, never a name in the request.
 */
export async function acquisitionRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler; mailer?: Mailer | undefined },
): Promise<void> {
  const { db, clock, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const acquisitions = [userGuard, requireStaffRole(db, 'aquisicao')];
  const refusals = { 401: ApiErrorSchema, 403: ApiErrorSchema };
  const changeRefusals = { ...refusals, 404: ApiErrorSchema, 422: ApiErrorSchema };
  const tell = (request: FastifyRequest, auditAs: StaffActor): TellOptions => ({
    mailer: options.mailer,
    onMailError: (error) => request.log.warn({ err: error }, "the suggester's e-mail was not sent"),
    auditAs,
  });

  r.get(
    STAFF_PATHS.acquisitionSuggestions,
    {
      onRequest: acquisitions,
      schema: {
        tags,
        summary: 'Purchase suggestions of every patron, by status, newest or oldest first (acquisitions)',
        querystring: StaffSuggestionsQuerySchema,
        response: { 200: StaffSuggestionInboxSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return suggestionInbox(db, request.query);
    },
  );
  r.get(
    STAFF_PATHS.acquisitionSuggestion(':id'),
    {
      onRequest: acquisitions,
      schema: {
        tags,
        summary: 'One purchase suggestion with its quote, history, orders and next statuses (acquisitions)',
        params: StaffSuggestionParamsSchema,
        response: { 200: StaffSuggestionSchema, ...refusals, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answering(() => staffSuggestion(db, request.params.id));
    },
  );
  r.post(
    STAFF_PATHS.acquisitionSuggestionStatus(':id'),
    {
      onRequest: acquisitions,
      schema: {
        tags,
        summary: 'Move a suggestion to a status its own allows; the suggester is told (acquisitions)',
        params: StaffSuggestionParamsSchema,
        body: SuggestionMoveRequestSchema,
        response: { 200: StaffSuggestionSchema, ...changeRefusals },
      },
    },
    async (request) => {
      const librarian = await staffActor(db, request);
      const { id } = request.params;
      const { situacao, observacao, total_entregue } = request.body;
      return answering(async () => {
        await moveSuggestion(
          db,
          clock,
          {
            id,
            status: situacao,
            note: observacao || null,
            by: librarian.login,
            delivered: total_entregue ?? null,
          },
          tell(request, librarian),
        );
        return staffSuggestion(db, id);
      });
    },
  );
  r.put(
    STAFF_PATHS.acquisitionSuggestionQuote(':id'),
    {
      onRequest: acquisitions,
      schema: {
        tags,
        summary: 'Record a suggestion’s quote; one not yet quoted moves to “in quote” (acquisitions)',
        params: StaffSuggestionParamsSchema,
        body: SuggestionQuoteRequestSchema,
        response: { 200: StaffSuggestionSchema, ...changeRefusals },
      },
    },
    async (request) => {
      const librarian = await staffActor(db, request);
      const { id } = request.params;
      const body = request.body;
      return answering(async () => {
        await quoteSuggestion(
          db,
          clock,
          {
            id,
            quotedOn: body.data_cotacao,
            items: body.quantidade_itens ?? null,
            expectedOn: body.previsao_entrega ?? null,
            isForeign: body.obra_estrangeira ?? null,
            price: body.valor ?? null,
            vendor: body.fornecedor ?? null,
            by: librarian.login,
          },
          tell(request, librarian),
        );
        return staffSuggestion(db, id);
      });
    },
  );
  r.get(
    STAFF_PATHS.acquisitionOrders,
    {
      onRequest: acquisitions,
      schema: {
        tags,
        summary: 'Every purchase order, newest first, with its suggestions (acquisitions)',
        response: { 200: StaffPurchaseOrdersSchema, ...refusals },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return staffOrders(db);
    },
  );
  r.post(
    STAFF_PATHS.acquisitionOrders,
    {
      onRequest: acquisitions,
      schema: {
        tags,
        summary: 'Open a purchase order to a supplier, grouping suggestions (acquisitions)',
        body: PurchaseOrderCreateRequestSchema,
        response: { 201: StaffPurchaseOrderSchema, ...refusals, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const librarian = await staffActor(db, request);
      const order = await answering(async () => {
        const id = await createOrder(
          db,
          clock,
          { supplier: request.body.fornecedor || null, suggestionIds: request.body.sugestoes },
          { auditAs: librarian },
        );
        return staffOrder(db, id);
      });
      return reply.code(201).send(order);
    },
  );
  r.post(
    STAFF_PATHS.acquisitionOrderStatus(':id'),
    {
      onRequest: acquisitions,
      schema: {
        tags,
        summary: 'Move a purchase order to a state its own allows (acquisitions)',
        params: StaffOrderParamsSchema,
        body: PurchaseOrderMoveRequestSchema,
        response: { 200: StaffPurchaseOrderSchema, ...changeRefusals },
      },
    },
    async (request) => {
      const librarian = await staffActor(db, request);
      return answering(async () => {
        await moveOrder(
          db,
          clock,
          { id: request.params.id, status: request.body.situacao },
          { auditAs: librarian },
        );
        return staffOrder(db, request.params.id);
      });
    },
  );
  r.post(
    STAFF_PATHS.acquisitionOrderReceipt(':id'),
    {
      onRequest: acquisitions,
      schema: {
        tags,
        summary: 'Receive copies of a sent purchase order; each suggester is told (acquisitions)',
        params: StaffOrderParamsSchema,
        body: PurchaseOrderReceiptRequestSchema,
        response: { 200: StaffPurchaseOrderSchema, ...changeRefusals },
      },
    },
    async (request) => {
      const librarian = await staffActor(db, request);
      return answering(async () => {
        await receiveOrder(
          db,
          clock,
          {
            id: request.params.id,
            items: request.body.itens.map((item) => ({
              suggestionId: item.sugestao,
              copies: item.quantidade,
            })),
            by: librarian.login,
          },
          tell(request, librarian),
        );
        return staffOrder(db, request.params.id);
      });
    },
  );
}
