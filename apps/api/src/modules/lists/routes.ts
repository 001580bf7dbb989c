import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  CreateListSchema,
  ListDetailSchema,
  ListParamsSchema,
  ListsSchema,
  ListTitleParamsSchema,
  ListTitlesBodySchema,
  PermanentBasketQuerySchema,
  PermanentBasketRemoveSchema,
  PermanentBasketSchema,
  SharedListParamsSchema,
  SharedListSchema,
  UpdateListSchema,
} from '@estante/contract';
import { currentUser } from '../../plugins/auth.ts';
import type { ListService } from './service.ts';

const FAILS = { 404: ApiErrorSchema, 422: ApiErrorSchema };

/**
 * The permanent basket (SPEC §7 /acervo/cesta-permanente) and the named lists (decision 0043). Every
 * call but the shared list needs a signed-in patron and answers about that patron's lists only.
 */
export async function listRoutes(
  app: FastifyInstance,
  options: { service: ListService; guard: preHandlerAsyncHookHandler; userGuard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { service, guard, userGuard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).patronId;
  // onRequest: the caller is checked before the body is, so a visitor gets 401, not a validation error.
  const own = { onRequest: userGuard };
  const tags = ['lists'];

  r.get(
    API_PATHS.permanentBasketTitles,
    {
      ...own,
      schema: {
        tags,
        summary: 'The permanent basket: every title (tipoBusca T) or those saved in a period (P)',
        querystring: PermanentBasketQuerySchema,
        response: { 200: PermanentBasketSchema, 422: ApiErrorSchema },
      },
    },
    async (request) => service.permanentBasket(me(request), request.query),
  );
  r.post(
    API_PATHS.permanentBasket,
    {
      ...own,
      schema: {
        tags,
        summary: 'Add titles to the permanent basket (ids the catalogue lacks come back in desconhecidos)',
        body: ListTitlesBodySchema,
        response: { 200: PermanentBasketSchema, 422: ApiErrorSchema },
      },
    },
    async (request) => service.addToPermanentBasket(me(request), request.body.acervos),
  );
  r.put(
    API_PATHS.permanentBasket,
    {
      ...own,
      schema: {
        tags,
        summary: 'Take one title out of the permanent basket',
        body: PermanentBasketRemoveSchema,
        response: { 200: PermanentBasketSchema },
      },
    },
    async (request) => service.removeFromPermanentBasket(me(request), request.body.acervo),
  );

  r.get(
    API_PATHS.lists,
    {
      ...own,
      schema: {
        tags,
        summary: "The patron's lists, the permanent basket first",
        response: { 200: ListsSchema },
      },
    },
    async (request) => service.lists(me(request)),
  );
  r.post(
    API_PATHS.lists,
    {
      ...own,
      schema: {
        tags,
        summary: 'Make a named list',
        body: CreateListSchema,
        response: { 200: ListDetailSchema, 422: ApiErrorSchema },
      },
    },
    async (request) => service.create(me(request), request.body),
  );
  r.get(
    API_PATHS.list(':id'),
    {
      ...own,
      schema: {
        tags,
        summary: 'One of the patron’s lists with its titles',
        params: ListParamsSchema,
        response: { 200: ListDetailSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => service.list(me(request), request.params.id),
  );
  r.put(
    API_PATHS.list(':id'),
    {
      ...own,
      schema: {
        tags,
        summary: 'Rename a list, share it by link (compartilhada true) or stop sharing it',
        params: ListParamsSchema,
        body: UpdateListSchema,
        response: { 200: ListDetailSchema, ...FAILS },
      },
    },
    async (request) => service.update(me(request), request.params.id, request.body),
  );
  r.delete(
    API_PATHS.list(':id'),
    {
      ...own,
      schema: {
        tags,
        summary: 'Delete a named list (the permanent basket stays); answers the lists left',
        params: ListParamsSchema,
        response: { 200: ListsSchema, ...FAILS },
      },
    },
    async (request) => {
      await service.remove(me(request), request.params.id);
      return service.lists(me(request));
    },
  );
  r.post(
    API_PATHS.listTitles(':id'),
    {
      ...own,
      schema: {
        tags,
        summary: 'Add titles to a list (ids the catalogue lacks are left out)',
        params: ListParamsSchema,
        body: ListTitlesBodySchema,
        response: { 200: ListDetailSchema, ...FAILS },
      },
    },
    async (request) => service.addTitles(me(request), request.params.id, request.body.acervos),
  );
  r.delete(
    API_PATHS.listTitle(':id', ':acervo'),
    {
      ...own,
      schema: {
        tags,
        summary: 'Take one title out of a list',
        params: ListTitleParamsSchema,
        response: { 200: ListDetailSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => service.removeTitle(me(request), request.params.id, request.params.acervo),
  );
  r.get(
    API_PATHS.sharedList(':token'),
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'A list shared by link, read-only: its name and titles, nothing about its owner',
        params: SharedListParamsSchema,
        response: { 200: SharedListSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => service.shared(request.params.token),
  );
}
