import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityCodeParamsSchema,
  ActivityStateRequestSchema,
  ApiErrorSchema,
  EditableActivitiesSchema,
  EditableEventSchema,
  EditableEventsSchema,
  EditableOpeningHoursEntrySchema,
  EditableOpeningHoursSchema,
  CategoryPermissionsRequestSchema,
  CategoryPermissionsSchema,
  EditableSettingSchema,
  EditableSettingsSchema,
  SettingKeyParamsSchema,
  SettingValueRequestSchema,
  EventIdParamsSchema,
  EventRequestSchema,
  OpeningHoursEntryIdParamsSchema,
  OpeningHoursEntryRequestSchema,
  EditableFaqEntrySchema,
  EditableFaqSchema,
  EditableInstitutionPageSchema,
  EditableInstitutionPagesSchema,
  FaqEntryIdParamsSchema,
  FaqEntryRequestSchema,
  InstitutionPageKeyParamsSchema,
  InstitutionPageRequestSchema,
  STAFF_PATHS,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { requireStaffRole, staffActor } from '../staff/index.ts';
import {
  addFaqEntry,
  editFaqEntry,
  editPage,
  editableFaq,
  editableActivities,
  editableEvents,
  editableHours,
  editablePages,
  editablePermissions,
  editableSettings,
  removeEvent,
  removeFaqEntry,
  removeHoursEntry,
  saveEvent,
  saveHoursEntry,
  removePage,
  setActivityState,
  setPermissions,
  setSetting,
} from './content-service.ts';

/**
 * The institution's content edited in the staff workspace (decision 0063), for the administrator:
 * the same FAQ and pages the public side shows (GET /parametros/faq, secao_1, secao_2,
 * informacoes_gerais) and `estante settings faq|page` writes.
 */
export async function institutionContentRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, clock, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const administrator = [userGuard, requireStaffRole(db, 'administrador')];
  const refusals = { 401: ApiErrorSchema, 403: ApiErrorSchema };

  r.get(
    STAFF_PATHS.contentFaq,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'The FAQ with every language, in its order (administrator)',
        response: { 200: EditableFaqSchema, ...refusals },
      },
    },
    async () => ({ data: await editableFaq(db) }),
  );
  r.post(
    STAFF_PATHS.contentFaq,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Add a FAQ entry, at the end or at a position (administrator)',
        body: FaqEntryRequestSchema,
        response: { 201: EditableFaqEntrySchema, 400: ApiErrorSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addFaqEntry(db, clock, await staffActor(db, request), request.body)),
  );
  r.put(
    STAFF_PATHS.contentFaqEntry(':id'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: "Rewrite a FAQ entry's texts, and move it (administrator)",
        params: FaqEntryIdParamsSchema,
        body: FaqEntryRequestSchema,
        response: { 200: EditableFaqEntrySchema, 400: ApiErrorSchema, 404: ApiErrorSchema, ...refusals },
      },
    },
    async (request) =>
      editFaqEntry(db, clock, await staffActor(db, request), request.params.id, request.body),
  );
  r.delete(
    STAFF_PATHS.contentFaqEntry(':id'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Remove a FAQ entry (administrator)',
        params: FaqEntryIdParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      await removeFaqEntry(db, clock, await staffActor(db, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    STAFF_PATHS.contentPages,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: "The home page's sections and the general information, every language (administrator)",
        response: { 200: EditableInstitutionPagesSchema, ...refusals },
      },
    },
    async () => ({ data: await editablePages(db) }),
  );
  r.put(
    STAFF_PATHS.contentPage(':chave'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Write an institution page in every language (administrator)',
        params: InstitutionPageKeyParamsSchema,
        body: InstitutionPageRequestSchema,
        response: { 200: EditableInstitutionPageSchema, 400: ApiErrorSchema, ...refusals },
      },
    },
    async (request) => editPage(db, clock, await staffActor(db, request), request.params.chave, request.body),
  );
  r.delete(
    STAFF_PATHS.contentPage(':chave'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Remove an institution page (administrator)',
        params: InstitutionPageKeyParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      await removePage(db, clock, await staffActor(db, request), request.params.chave);
      return reply.status(204).send(null);
    },
  );

  r.get(
    STAFF_PATHS.contentActivities,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Every activity, on or off (administrator)',
        response: { 200: EditableActivitiesSchema, ...refusals },
      },
    },
    async (request) => ({ data: await editableActivities(db, request.language) }),
  );
  r.put(
    STAFF_PATHS.contentActivity(':codigo'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Turn an activity on or off for the whole institution (administrator)',
        params: ActivityCodeParamsSchema,
        body: ActivityStateRequestSchema,
        response: { 204: z.null().describe('Set'), 400: ApiErrorSchema, 404: ApiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await setActivityState(
        db,
        clock,
        await staffActor(db, request),
        request.params.codigo,
        request.body.ativa,
      );
      return reply.status(204).send(null);
    },
  );

  // Opening hours and events (decision 0065).
  const removed = z.null().describe('Removed');
  r.get(
    STAFF_PATHS.contentHours,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Every open interval of every library, and the libraries (administrator)',
        response: { 200: EditableOpeningHoursSchema, ...refusals },
      },
    },
    async () => editableHours(db),
  );
  r.post(
    STAFF_PATHS.contentHours,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Add an open interval to a library on a weekday (administrator)',
        body: OpeningHoursEntryRequestSchema,
        response: {
          201: EditableOpeningHoursEntrySchema,
          400: ApiErrorSchema,
          422: ApiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await saveHoursEntry(db, clock, await staffActor(db, request), null, request.body)),
  );
  r.put(
    STAFF_PATHS.contentHoursEntry(':id'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Rewrite an open interval, or move it to another day or library (administrator)',
        params: OpeningHoursEntryIdParamsSchema,
        body: OpeningHoursEntryRequestSchema,
        response: {
          200: EditableOpeningHoursEntrySchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          422: ApiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request) =>
      saveHoursEntry(db, clock, await staffActor(db, request), request.params.id, request.body),
  );
  r.delete(
    STAFF_PATHS.contentHoursEntry(':id'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Remove an open interval (administrator)',
        params: OpeningHoursEntryIdParamsSchema,
        response: { 204: removed, 400: ApiErrorSchema, 404: ApiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await removeHoursEntry(db, clock, await staffActor(db, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    STAFF_PATHS.contentEvents,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Every event with every language, newest start first (administrator)',
        response: { 200: EditableEventsSchema, ...refusals },
      },
    },
    async () => ({ data: await editableEvents(db) }),
  );
  r.post(
    STAFF_PATHS.contentEvents,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Add an event (administrator)',
        body: EventRequestSchema,
        response: { 201: EditableEventSchema, 400: ApiErrorSchema, 422: ApiErrorSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveEvent(db, clock, await staffActor(db, request), null, request.body)),
  );
  r.put(
    STAFF_PATHS.contentEvent(':id'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Rewrite an event (administrator)',
        params: EventIdParamsSchema,
        body: EventRequestSchema,
        response: {
          200: EditableEventSchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          422: ApiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request) => saveEvent(db, clock, await staffActor(db, request), request.params.id, request.body),
  );
  r.delete(
    STAFF_PATHS.contentEvent(':id'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Remove an event (administrator)',
        params: EventIdParamsSchema,
        response: { 204: removed, 400: ApiErrorSchema, 404: ApiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await removeEvent(db, clock, await staffActor(db, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    STAFF_PATHS.contentSettings,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary:
          'The institution settings an administrator may change on screen, with their values (administrator)',
        response: { 200: EditableSettingsSchema, ...refusals },
      },
    },
    async () => ({ data: await editableSettings(db) }),
  );
  r.put(
    STAFF_PATHS.contentSetting(':chave'),
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Set one of the listed institution settings, as estante settings set does (administrator)',
        params: SettingKeyParamsSchema,
        body: SettingValueRequestSchema,
        response: { 200: EditableSettingSchema, 400: ApiErrorSchema, 422: ApiErrorSchema, ...refusals },
      },
    },
    async (request) =>
      setSetting(db, clock, await staffActor(db, request), request.params.chave, request.body.valor),
  );

  r.get(
    STAFF_PATHS.contentPermissions,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Which patron category may use each activity (administrator)',
        response: { 200: CategoryPermissionsSchema, ...refusals },
      },
    },
    async (request) => editablePermissions(db, request.language),
  );
  r.put(
    STAFF_PATHS.contentPermissions,
    {
      onRequest: administrator,
      schema: {
        tags,
        summary: 'Save every allowed category and activity pair at once (administrator)',
        body: CategoryPermissionsRequestSchema,
        response: { 204: z.null().describe('Saved'), 400: ApiErrorSchema, 422: ApiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await setPermissions(db, clock, await staffActor(db, request), request.body);
      return reply.status(204).send(null);
    },
  );
}
