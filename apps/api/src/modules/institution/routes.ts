import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  ActivityInformationSchema,
  ActivityParamsSchema,
  ActivitySchema,
  ApiErrorSchema,
  CampusSchema,
  CommentReceiptSchema,
  CommentRequestSchema,
  EventsCalendarQuerySchema,
  FaqSchema,
  InstitutionEventsSchema,
  InstitutionPageSchema,
  OpeningHoursSchema,
  SuggestionReceiptSchema,
  SuggestionRequestSchema,
  DefaultImageSchema,
  FunctionalitiesSchema,
  InstitutionSchema,
  LibrarySchema,
  SearchTabsSchema,
  SelfServiceSchema,
  queryIdSchema,
  queryIntegerSchema,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { ERRORS } from '../../lib/errors.ts';
import {
  campusExists,
  findActivity,
  findPatronId,
  listCampuses,
  listEvents,
  listFaq,
  listLibraries,
  listOpeningHours,
  readSettings,
} from './repository.ts';
import { presentEvent, presentOpeningHours, presentSelfService } from './presenters.ts';
import {
  DEFAULT_COVER_PATH,
  defaultImageAnswer,
  functionalitiesAnswer,
  institutionAnswer,
  institutionPageAnswer,
} from './page-configuration.ts';
import { defaultCalendarWindow, sendComment, sendSuggestion } from './service.ts';
import { SEARCH_TAB_DATA } from './search-tabs.ts';
import { revalidate } from '../../plugins/revalidate.ts';

// A neutral book cover drawn for Estante; shown when a title has no cover link.
const DEFAULT_COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="170" viewBox="0 0 120 170" role="img"><rect width="120" height="170" rx="6" fill="#e7ecf3"/><rect x="14" y="14" width="92" height="142" rx="3" fill="#c8d3e2"/><rect x="28" y="40" width="64" height="6" rx="3" fill="#7a8aa3"/><rect x="28" y="54" width="48" height="6" rx="3" fill="#7a8aa3"/><rect x="28" y="120" width="40" height="4" rx="2" fill="#7a8aa3"/></svg>`;

/** Public configuration (SPEC §7 Parameters) and the library lookups. */
export async function institutionRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    guard: preHandlerAsyncHookHandler;
    clock?: Clock;
    /** Guard of "private headers" calls (a signed-in patron); the public-or-private guard when absent. */
    userGuard?: preHandlerAsyncHookHandler;
    /** Whether the server has an SMTP mailer; without one, password recovery is not offered. */
    sendsMail?: boolean;
  },
): Promise<void> {
  const { db, guard } = options;
  const clock = options.clock ?? systemClock;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.institution,
    {
      onRequest: guard,
      onSend: revalidate,
      schema: { tags: ['parameters'], response: { 200: InstitutionSchema } },
    },
    async () => institutionAnswer(await readSettings(db), options.sendsMail ?? false),
  );
  r.get(
    API_PATHS.functionalities,
    {
      onRequest: guard,
      onSend: revalidate,
      schema: { tags: ['parameters'], response: { 200: FunctionalitiesSchema } },
    },
    async (request) => functionalitiesAnswer(db, request.language),
  );
  r.get(
    // Not ACCOUNT_PATHS.activity(':id'): the router needs the parameter as it is.
    '/parametros/atividade/:id',
    {
      onRequest: guard,
      schema: {
        tags: ['parameters'],
        summary: 'An activity and its description, when the institution has it on',
        params: ActivityParamsSchema,
        response: { 200: ActivitySchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const found = await findActivity(db, request.params.id, request.language);
      if (!found) throw ERRORS.notFound();
      return { cod_atividade: found.code, descricao: found.description };
    },
  );
  r.get(
    '/parametros/atividade/:id/informativo',
    {
      onRequest: guard,
      schema: {
        tags: ['parameters'],
        summary: "The institution's information text about an activity (HTML, null when none)",
        params: ActivityParamsSchema,
        response: { 200: ActivityInformationSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const found = await findActivity(db, request.params.id, request.language);
      if (!found) throw ERRORS.notFound();
      return { cod_atividade: found.code, informativo: found.information };
    },
  );
  r.get(
    API_PATHS.searchTabs,
    {
      onRequest: guard,
      onSend: revalidate,
      schema: { tags: ['parameters'], response: { 200: SearchTabsSchema } },
    },
    async () => SEARCH_TAB_DATA,
  );
  r.get(
    API_PATHS.selfService,
    {
      onRequest: guard,
      onSend: revalidate,
      schema: { tags: ['parameters'], response: { 200: SelfServiceSchema } },
    },
    async () => presentSelfService(await readSettings(db)),
  );
  r.get(
    API_PATHS.defaultImage,
    {
      onRequest: guard,
      onSend: revalidate,
      schema: { tags: ['search'], response: { 200: DefaultImageSchema } },
    },
    async () => defaultImageAnswer(),
  );
  // The image itself is fetched by <img>, which sends no bearer token.
  app.get(DEFAULT_COVER_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(DEFAULT_COVER_SVG),
  );
  r.get(
    API_PATHS.campuses,
    { onRequest: guard, schema: { tags: ['libraries'], response: { 200: z.array(CampusSchema) } } },
    async () => (await listCampuses(db)).map((c) => ({ cod_campus: c.id, nome_campus: c.name })),
  );
  r.get(
    API_PATHS.libraries,
    {
      onRequest: guard,
      schema: {
        tags: ['libraries'],
        querystring: z.object({ campus: queryIntegerSchema().optional() }),
        response: { 200: z.array(LibrarySchema) },
      },
    },
    async (request) =>
      (await listLibraries(db, request.query.campus)).map((l) => ({
        cod_biblioteca: l.id,
        desc_biblioteca: l.name,
        cod_campus: l.campus_id,
      })),
  );

  registerPageRoutes(app, { db, guard, clock });
  registerFeedbackRoutes(app, { db, guard: options.userGuard ?? guard, clock });
}

/** The institution pages, opening hours and events (SPEC §7 Parameters), in the caller's language. */
function registerPageRoutes(
  app: FastifyInstance,
  { db, guard, clock }: { db: Db; guard: preHandlerAsyncHookHandler; clock: Clock },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pages = [
    [API_PATHS.homeSection1, 'secao_1'],
    [API_PATHS.homeSection2, 'secao_2'],
    [API_PATHS.generalInformation, 'informacoes_gerais'],
  ] as const;
  for (const [path, key] of pages) {
    r.get(
      path,
      { onRequest: guard, schema: { tags: ['parameters'], response: { 200: InstitutionPageSchema } } },
      async (request) => institutionPageAnswer(db, key, request.language),
    );
  }
  r.get(
    API_PATHS.faq,
    { onRequest: guard, schema: { tags: ['parameters'], response: { 200: FaqSchema } } },
    async (request) =>
      (await listFaq(db, request.language)).map((e) => ({
        codigo: e.id,
        pergunta: e.question,
        resposta: e.answer,
      })),
  );
  r.get(
    API_PATHS.openingHours,
    { onRequest: guard, schema: { tags: ['parameters'], response: { 200: OpeningHoursSchema } } },
    async () => presentOpeningHours(await listOpeningHours(db)),
  );
  r.get(
    API_PATHS.campusOpeningHours(':campus'),
    {
      onRequest: guard,
      schema: {
        tags: ['parameters'],
        params: z.object({ campus: queryIdSchema() }),
        response: { 200: OpeningHoursSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      if (!(await campusExists(db, request.params.campus))) throw ERRORS.notFound();
      return presentOpeningHours(await listOpeningHours(db, request.params.campus));
    },
  );
  r.get(
    API_PATHS.institutionalEvents,
    { onRequest: guard, schema: { tags: ['parameters'], response: { 200: InstitutionEventsSchema } } },
    async (request) =>
      (await listEvents(db, { kind: 'institucional', language: request.language, from: clock.now() })).map(
        presentEvent,
      ),
  );
  r.get(
    API_PATHS.eventsCalendar,
    {
      onRequest: guard,
      schema: {
        tags: ['parameters'],
        querystring: EventsCalendarQuerySchema,
        response: { 200: InstitutionEventsSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const window = defaultCalendarWindow(clock.now());
      const from = request.query.dataIni ? new Date(`${request.query.dataIni}T00:00:00Z`) : window.from;
      // dataFim is inclusive: the calendar runs to the end of that day.
      const to = request.query.dataFim
        ? new Date(new Date(`${request.query.dataFim}T00:00:00Z`).getTime() + 86_400_000)
        : window.to;
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from >= to) {
        throw ERRORS.badRequest('dataIni/dataFim');
      }
      return (await listEvents(db, { kind: 'eventum', language: request.language, from, to })).map(
        presentEvent,
      );
    },
  );
}

/** The patron a user token names; visitors with the public token are refused (SPEC §5: sending requires login). */
async function signedInPatron(db: Db, request: FastifyRequest): Promise<number> {
  if (request.identity?.kind !== 'user') throw ERRORS.unauthorized();
  const patronId = await findPatronId(db, request.identity.subject);
  if (patronId === null) throw ERRORS.unauthorized();
  return patronId;
}

/** The general comment and the purchase suggestion (SPEC §7 /unidade-informacao/…), for signed-in patrons. */
function registerFeedbackRoutes(
  app: FastifyInstance,
  { db, guard, clock }: { db: Db; guard: preHandlerAsyncHookHandler; clock: Clock },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 422: ApiErrorSchema };
  r.post(
    API_PATHS.libraryComment,
    {
      onRequest: guard,
      schema: {
        tags: ['libraries'],
        summary: 'Send a general comment to a library (shown after approval)',
        body: CommentRequestSchema,
        response: { 201: CommentReceiptSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const patronId = await signedInPatron(db, request);
      const receipt = await sendComment(db, clock, {
        patronId,
        libraryId: request.body.b,
        content: request.body.content,
      });
      return reply.status(201).send(receipt);
    },
  );
  r.post(
    API_PATHS.purchaseSuggestion,
    {
      onRequest: guard,
      schema: {
        tags: ['libraries'],
        summary: 'Send a purchase suggestion',
        body: SuggestionRequestSchema,
        response: { 201: SuggestionReceiptSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const patronId = await signedInPatron(db, request);
      const receipt = await sendSuggestion(db, clock, { patronId, request: request.body });
      return reply.status(201).send(receipt);
    },
  );
}
