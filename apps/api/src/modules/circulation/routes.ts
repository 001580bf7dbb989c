import multipart from '@fastify/multipart';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  CancelHoldsRequestSchema,
  CancelHoldsResultSchema,
  DashboardSchema,
  DateRangeQuerySchema,
  DebtsSchema,
  HoldInitialInfoSchema,
  HoldQueueCheckSchema,
  HoldRequestSchema,
  HoldSchema,
  HoldsSchema,
  IdParamsSchema,
  InterlibraryDataSchema,
  InterlibraryRequestBodySchema,
  InterlibraryRequestSchema,
  LoanHistoryQuerySchema,
  LoanHistorySchema,
  LoanRequestBodySchema,
  LoanRequestInitialInfoSchema,
  LoanRequestSchema,
  LoanRequestsQuerySchema,
  LoanRequestsSchema,
  LoanTokenSchema,
  NO_DEBTS_MAIL_FIELDS,
  NoDebtsCheckSchema,
  NoDebtsDeclarationSchema,
  NoDebtsMailSentSchema,
  PaymentSlipRequestSchema,
  PaymentSlipSchema,
  PendingTitlesQuerySchema,
  PendingTitlesSchema,
  RenewalOverviewSchema,
  RenewalSettingsSchema,
  RenewRequestSchema,
  RenewResultSchema,
  SuspensionsSchema,
} from '@estante/contract';
import { currentUser } from '../../plugins/auth.ts';
import type { CirculationService } from './service.ts';

const FAILS = { 401: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

/** Largest declaration PDF accepted back by POST /nada-consta/send-mail. */
const MAIL_FILE_LIMIT = 2 * 1024 * 1024;

/**
 * The patron's circulation calls (SPEC §7). Every one needs a signed-in patron (a user token of an
 * open session) and answers about that patron only: the patron comes from the token, never from
 * the request, so nobody can read or change another patron's loans, holds or debts.
 */
export async function circulationRoutes(
  app: FastifyInstance,
  options: {
    service: CirculationService;
    userGuard: preHandlerAsyncHookHandler;
    /** The patron's unread alerts, for the dashboard; none when alerts are not kept. */
    unreadAlerts?: ((patronId: number) => Promise<number>) | undefined;
  },
): Promise<void> {
  const { service, userGuard } = options;
  // Only this scope parses multipart bodies (the declaration sent back for e-mailing).
  await app.register(multipart, { limits: { fileSize: MAIL_FILE_LIMIT, files: 1, fields: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).patronId;
  // onRequest: the caller is checked before the body is, so a visitor gets 401, not a validation error.
  const loans = { onRequest: userGuard, schema: { tags: ['circulation'] } };

  r.get(
    API_PATHS.pendingTitles,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Titles the patron has on loan',
        querystring: PendingTitlesQuerySchema,
        response: { 200: PendingTitlesSchema, ...FAILS },
      },
    },
    async (request) => service.pendingTitles(me(request), request.query.showDetails),
  );
  r.post(
    API_PATHS.renewal,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Renew one or several loans',
        body: RenewRequestSchema,
        response: { 200: RenewResultSchema, ...FAILS },
      },
    },
    async (request) => service.renew(me(request), request.body.emprestimos, request.language),
  );
  r.get(
    API_PATHS.loanHistory,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Loans made between two days',
        querystring: LoanHistoryQuerySchema,
        response: { 200: LoanHistorySchema, ...FAILS },
      },
    },
    async (request) => service.history(me(request), request.query),
  );
  r.get(
    API_PATHS.dashboard,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: "The personal area's first page: what needs the patron now, with counts",
        response: { 200: DashboardSchema, ...FAILS },
      },
    },
    async (request) => {
      const patronId = me(request);
      return service.dashboard(patronId, (await options.unreadAlerts?.(patronId)) ?? 0);
    },
  );
  r.get(
    API_PATHS.pendingDebts,
    {
      ...loans,
      schema: { ...loans.schema, summary: 'Debts not settled yet', response: { 200: DebtsSchema, ...FAILS } },
    },
    async (request) => service.debts(me(request)),
  );
  r.post(
    API_PATHS.paymentSlip,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'A payment slip for what is owed at a library',
        body: PaymentSlipRequestSchema,
        response: { 200: PaymentSlipSchema, ...FAILS },
      },
    },
    async (request) => service.paymentSlip(me(request), request.body),
  );
  r.get(
    API_PATHS.suspensions,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: "The patron's suspensions",
        response: { 200: SuspensionsSchema, ...FAILS },
      },
    },
    async (request) => service.suspensions(me(request)),
  );
  r.get(
    API_PATHS.renewalOverview,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'What can be renewed now, and whether automatic renewal is on',
        response: { 200: RenewalOverviewSchema, ...FAILS },
      },
    },
    async (request) => service.renewalOverview(me(request)),
  );
  r.put(
    API_PATHS.renewalOverview,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Turn automatic renewal on or off',
        body: RenewalSettingsSchema,
        response: { 200: RenewalOverviewSchema, ...FAILS },
      },
    },
    async (request) => service.setAutoRenew(me(request), request.body.renovacao_automatica, request.language),
  );
  r.get(
    API_PATHS.loanToken,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'The live self-service loan token',
        response: { 200: LoanTokenSchema, ...FAILS },
      },
    },
    async (request) => service.loanToken(me(request)),
  );
  r.post(
    API_PATHS.loanToken,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'A new self-service loan token',
        response: { 200: LoanTokenSchema, ...FAILS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.newLoanToken(me(request));
    },
  );

  r.get(
    API_PATHS.noDebtsCheck,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Whether the no-debts declaration can be issued',
        response: { 200: NoDebtsCheckSchema, ...FAILS },
      },
    },
    async (request) => service.noDebtsCheck(me(request)),
  );
  r.post(
    API_PATHS.noDebts,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Issue the no-debts declaration (unlinks the patron)',
        response: { 200: NoDebtsDeclarationSchema, ...FAILS },
      },
    },
    async (request) => service.issueNoDebts(me(request)),
  );
  r.post(
    API_PATHS.noDebtsMail,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'E-mail the no-debts declaration (multipart: email, arquivo)',
        consumes: ['multipart/form-data'],
        response: { 200: NoDebtsMailSentSchema, 400: ApiErrorSchema, ...FAILS },
      },
    },
    async (request) => {
      let emails: string | null = null;
      let file: Buffer | null = null;
      if (request.isMultipart()) {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === NO_DEBTS_MAIL_FIELDS.file) file = await part.toBuffer();
            else await part.toBuffer();
          } else if (part.fieldname === NO_DEBTS_MAIL_FIELDS.email && typeof part.value === 'string') {
            emails = part.value.trim() || null;
          }
        }
      }
      return service.mailNoDebts(me(request), { emails, file }, request.language);
    },
  );

  r.get(
    API_PATHS.holdInitialInfo(':id'),
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'What the hold form offers for a title',
        params: IdParamsSchema,
        response: { 200: HoldInitialInfoSchema, ...FAILS },
      },
    },
    async (request) => service.holdInitialInfo(me(request), request.params.id),
  );
  r.post(
    API_PATHS.holdQueueCheck,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'The queue place a hold would take',
        body: HoldRequestSchema,
        response: { 200: HoldQueueCheckSchema, ...FAILS },
      },
    },
    async (request) => service.checkHold(me(request), request.body),
  );
  r.post(
    API_PATHS.holds,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Place a hold',
        body: HoldRequestSchema,
        response: { 201: HoldSchema, ...FAILS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.placeHold(me(request), request.body, request.language)),
  );
  r.get(
    API_PATHS.holds,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Holds in the queue or waiting at the desk',
        response: { 200: HoldsSchema, ...FAILS },
      },
    },
    async (request) => service.holds(me(request)),
  );
  r.delete(
    API_PATHS.holds,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Cancel one or several holds',
        body: CancelHoldsRequestSchema,
        response: { 200: CancelHoldsResultSchema, ...FAILS },
      },
    },
    async (request) => service.cancelHolds(me(request), request.body.reservas),
  );
  r.get(
    API_PATHS.holdHistory,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Holds placed between two days',
        querystring: DateRangeQuerySchema,
        response: { 200: HoldsSchema, ...FAILS },
      },
    },
    async (request) => service.holdHistory(me(request), request.query),
  );

  r.get(
    API_PATHS.loanRequestInitialInfo(':id'),
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'What the loan request form offers for a title',
        params: IdParamsSchema,
        response: { 200: LoanRequestInitialInfoSchema, ...FAILS },
      },
    },
    async (request) => service.loanRequestInitialInfo(me(request), request.params.id),
  );
  r.post(
    API_PATHS.loanRequest(':id'),
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Request a loan of a title',
        params: IdParamsSchema,
        body: LoanRequestBodySchema,
        response: { 201: LoanRequestSchema, ...FAILS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.requestLoan(me(request), request.params.id, request.body, request.language)),
  );
  r.get(
    API_PATHS.loanRequests,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Loan requests made between two days',
        querystring: LoanRequestsQuerySchema,
        response: { 200: LoanRequestsSchema, ...FAILS },
      },
    },
    async (request) => service.loanRequests(me(request), request.query),
  );
  r.get(
    API_PATHS.interlibraryData,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'What the inter-library loan form offers',
        response: { 200: InterlibraryDataSchema, ...FAILS },
      },
    },
    async (request) => service.interlibraryData(me(request)),
  );
  r.post(
    API_PATHS.interlibraryRequests,
    {
      ...loans,
      schema: {
        ...loans.schema,
        summary: 'Request an inter-library loan',
        body: InterlibraryRequestBodySchema,
        response: { 201: InterlibraryRequestSchema, 400: ApiErrorSchema, ...FAILS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.requestInterlibrary(me(request), request.body)),
  );
}
