import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdditionalTitlesResponseSchema,
  API_PATHS,
  ApiErrorSchema,
  ResultLinksResponseSchema,
  TitleIdsQuerySchema,
  TitleImagesQuerySchema,
  TitleImagesResponseSchema,
} from '@estante/contract';
import { additionalTitles, imageLinks, type MarcRecord } from '@estante/marc';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import {
  presentAdditionalTitles,
  presentImageLinks,
  presentOnlineLink,
  presentShelfPlace,
} from './presenters.ts';
import {
  findOnlineLinksOfTitles,
  findShelfPlacesOfTitles,
  findTitleFields,
} from './result-line-repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** MARC tags the additional titles are read from (245 to leave out repeats of the title proper). */
const TITLE_TAGS = ['130', '240', '242', '245', '246', '740'];
const IMAGE_TAGS = ['856'];

/** The stored MARC fields of a title as a record the MARC mappers read. */
const asRecord = (fields: MarcRecord['fields']): MarcRecord => ({ leader: '', fields });

/**
 * Extras of the lines of a result list (SPEC §7): additional titles and online links of a whole
 * page at once, and the images of one title.
 */
export async function resultLineRoutes(
  app: FastifyInstance,
  options: { db: Db; guard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, guard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.additionalTitles,
    {
      onRequest: guard,
      schema: {
        tags: ['search'],
        summary: 'Additional titles (uniform, translated, varying, added) of several titles',
        querystring: TitleIdsQuerySchema,
        response: { 200: AdditionalTitlesResponseSchema, ...errors },
      },
    },
    async (request) =>
      (await findTitleFields(db, request.query.acervos, TITLE_TAGS)).map((row) =>
        presentAdditionalTitles(row.id, additionalTitles(asRecord(row.fields))),
      ),
  );
  r.get(
    API_PATHS.resultLinks,
    {
      onRequest: guard,
      schema: {
        tags: ['links'],
        summary:
          'Online links of several titles and where their copies are on the shelf, for the result list',
        querystring: TitleIdsQuerySchema,
        response: { 200: ResultLinksResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ids = request.query.acervos;
      const [titles, links, places] = await Promise.all([
        findTitleFields(db, ids, IMAGE_TAGS),
        findOnlineLinksOfTitles(db, ids),
        findShelfPlacesOfTitles(db, ids),
      ]);
      const linksOf = new Map<number, typeof links>();
      for (const link of links) linksOf.set(link.title_id, [...(linksOf.get(link.title_id) ?? []), link]);
      const placesOf = new Map<number, typeof places>();
      for (const place of places)
        placesOf.set(place.title_id, [...(placesOf.get(place.title_id) ?? []), place]);
      return titles.map((title) => ({
        cod_acervo: title.id,
        links: (linksOf.get(title.id) ?? []).map(presentOnlineLink),
        imagens: presentImageLinks(title.cover_url, imageLinks(asRecord(title.fields))).length,
        // Decision 0070: the line says where a copy is on the shelf, in the same call for the page.
        disponivel_em: (placesOf.get(title.id) ?? []).map(presentShelfPlace),
      }));
    },
  );
  r.get(
    API_PATHS.titleImages,
    {
      onRequest: guard,
      schema: {
        tags: ['links'],
        summary: 'The cover and other image links of a title',
        querystring: TitleImagesQuerySchema,
        response: { 200: TitleImagesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const [title] = await findTitleFields(db, [request.query.cod_acervo], IMAGE_TAGS);
      if (!title) throw ERRORS.notFound();
      return presentImageLinks(title.cover_url, imageLinks(asRecord(title.fields))).slice(
        0,
        request.query.limite,
      );
    },
  );
}
