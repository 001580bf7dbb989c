import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  InterestAuxiliarySchema,
  InterestItemRemoveSchema,
  InterestPeriodicalHitsSchema,
  InterestPeriodicalsAddSchema,
  InterestPeriodicalSearchQuerySchema,
  InterestPeriodicalsSchema,
  InterestPeriodicalUpdateSchema,
  InterestTitlesSchema,
  InterestTopicHitsSchema,
  InterestTopicRemoveSchema,
  InterestTopicSearchQuerySchema,
  InterestTopicsAddSchema,
  InterestTopicsSchema,
  InterestTopicsValiditySchema,
  InterestWorkTypesAddSchema,
  InterestWorkTypesSchema,
  InterestWorkTypeUpdateSchema,
} from '@estante/contract';
import { currentUser } from '../../plugins/auth.ts';
import type { InterestProfileService } from './service.ts';

const REFUSED = { 401: ApiErrorSchema, 422: ApiErrorSchema };
const MISSING = { 401: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * The interest profile (SPEC §7 api/perfil-interesse; decision 0052). Every call needs a signed-in
 * patron and reaches that patron's profile only: the patron comes from the token, and an item of
 * another patron answers 404 as one that does not exist.
 */
export async function interestProfileRoutes(
  app: FastifyInstance,
  options: { service: InterestProfileService; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { service, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).patronId;
  // onRequest: the caller is checked before the body is, so a visitor gets 401, not a validation error.
  const own = { onRequest: userGuard };
  const tags = ['interest-profile'];

  r.get(
    API_PATHS.interestAuxiliary,
    {
      ...own,
      schema: {
        tags,
        summary:
          'What the profile forms offer: knowledge areas, work types, languages, libraries, default validity',
        response: { 200: InterestAuxiliarySchema, 401: ApiErrorSchema },
      },
    },
    async (request) => service.auxiliary(request.language),
  );

  r.get(
    API_PATHS.interestTopics,
    {
      ...own,
      schema: {
        tags,
        summary: "The profile's knowledge areas, authors and subjects with their validity",
        response: { 200: InterestTopicsSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => service.topics(me(request)),
  );
  r.post(
    API_PATHS.interestTopics,
    {
      ...own,
      schema: {
        tags,
        summary: 'Add knowledge areas, authors or subjects (ones already there take the new validity)',
        body: InterestTopicsAddSchema,
        response: { 200: InterestTopicsSchema, ...REFUSED },
      },
    },
    async (request) => service.addTopics(me(request), request.body),
  );
  r.delete(
    API_PATHS.interestTopics,
    {
      ...own,
      schema: {
        tags,
        summary: 'Remove one knowledge area, author or subject from the profile',
        body: InterestTopicRemoveSchema,
        response: { 200: InterestTopicsSchema, ...MISSING },
      },
    },
    async (request) => service.removeTopic(me(request), request.body),
  );
  r.get(
    API_PATHS.interestTopicSearch,
    {
      ...own,
      schema: {
        tags,
        summary: 'Find knowledge areas, or authors and subjects among the authorities, to add',
        querystring: InterestTopicSearchQuerySchema,
        response: { 200: InterestTopicHitsSchema, ...REFUSED },
      },
    },
    async (request) => service.searchTopics(request.query),
  );
  r.put(
    API_PATHS.interestTopicValidity,
    {
      ...own,
      schema: {
        tags,
        summary: 'A new validity for every knowledge area, author and subject (or those of one kind)',
        body: InterestTopicsValiditySchema,
        response: { 200: InterestTopicsSchema, ...REFUSED },
      },
    },
    async (request) => service.setTopicsValidity(me(request), request.body),
  );

  r.get(
    API_PATHS.interestPeriodicals,
    {
      ...own,
      schema: {
        tags,
        summary: "The profile's periodicals: issue, article and contents flags, libraries, validity",
        response: { 200: InterestPeriodicalsSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => service.periodicals(me(request)),
  );
  r.post(
    API_PATHS.interestPeriodicals,
    {
      ...own,
      schema: {
        tags,
        summary: 'Add periodicals (at least one of issue, article, contents each)',
        body: InterestPeriodicalsAddSchema,
        response: { 200: InterestPeriodicalsSchema, ...REFUSED },
      },
    },
    async (request) => service.addPeriodicals(me(request), request.body),
  );
  r.put(
    API_PATHS.interestPeriodicals,
    {
      ...own,
      schema: {
        tags,
        summary: "Change one periodical's validity, flags and libraries",
        body: InterestPeriodicalUpdateSchema,
        response: { 200: InterestPeriodicalsSchema, ...REFUSED, 404: ApiErrorSchema },
      },
    },
    async (request) => service.updatePeriodical(me(request), request.body),
  );
  r.delete(
    API_PATHS.interestPeriodicals,
    {
      ...own,
      schema: {
        tags,
        summary: 'Remove one periodical from the profile',
        body: InterestItemRemoveSchema,
        response: { 200: InterestPeriodicalsSchema, ...MISSING },
      },
    },
    async (request) => service.removePeriodical(me(request), request.body.codigo),
  );
  r.get(
    API_PATHS.interestPeriodicalSearch,
    {
      ...own,
      schema: {
        tags,
        summary: 'Find periodicals by title or ISSN, held by some libraries',
        querystring: InterestPeriodicalSearchQuerySchema,
        response: { 200: InterestPeriodicalHitsSchema, ...REFUSED },
      },
    },
    async (request) => service.searchPeriodicals(request.query),
  );

  r.get(
    API_PATHS.interestWorkTypes,
    {
      ...own,
      schema: {
        tags,
        summary: "The profile's work types with their libraries, languages and validity",
        response: { 200: InterestWorkTypesSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => service.workTypes(me(request), request.language),
  );
  r.post(
    API_PATHS.interestWorkTypes,
    {
      ...own,
      schema: {
        tags,
        summary: 'Add work types, in some libraries and languages (empty: any)',
        body: InterestWorkTypesAddSchema,
        response: { 200: InterestWorkTypesSchema, ...REFUSED },
      },
    },
    async (request) => service.addWorkTypes(me(request), request.body, request.language),
  );
  r.put(
    API_PATHS.interestWorkTypes,
    {
      ...own,
      schema: {
        tags,
        summary: "Change one work type's validity, libraries and languages",
        body: InterestWorkTypeUpdateSchema,
        response: { 200: InterestWorkTypesSchema, ...REFUSED, 404: ApiErrorSchema },
      },
    },
    async (request) => service.updateWorkType(me(request), request.body, request.language),
  );
  r.delete(
    API_PATHS.interestWorkTypes,
    {
      ...own,
      schema: {
        tags,
        summary: 'Remove one work type from the profile',
        body: InterestItemRemoveSchema,
        response: { 200: InterestWorkTypesSchema, ...MISSING },
      },
    },
    async (request) => service.removeWorkType(me(request), request.body.codigo, request.language),
  );

  r.get(
    API_PATHS.interestTitles,
    {
      ...own,
      schema: {
        tags,
        summary: "The newest titles of the catalogue that match the profile's valid items, with why",
        response: { 200: InterestTitlesSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => service.titles(me(request), request.language),
  );
}
