import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdditionalTitlesResponseSchema,
  API_PATHS,
  API_PREFIX,
  ApiErrorSchema,
  coverIsbn,
  IsbnCoverParamsSchema,
  ResultLinksResponseSchema,
  TitleIdsQuerySchema,
  TitleImagesQuerySchema,
  TitleImagesResponseSchema,
} from '@estante/contract';
import { additionalTitles, imageLinks, type MarcRecord } from '@estante/marc';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { isbnCoverTemplate, readSettings } from '../institution/index.ts';
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

/** How long the server waits for the cover provider, and the largest cover it passes on. */
const COVER_TIMEOUT_MS = 5_000;
const COVER_MAX_BYTES = 2_000_000;

/**
 * A cover from the institution's provider (decision 0070): fetched by the server, so the visitor's
 * browser talks only to the catalogue (its content policy and the reader's privacy) and a provider
 * that has no cover answers 404, which the page turns into the drawn cover. Null when none comes.
 */
async function fetchIsbnCover(
  template: string,
  isbn: string,
): Promise<{ type: string; body: Buffer } | null> {
  try {
    const response = await fetch(template.replaceAll('{isbn}', isbn), {
      signal: AbortSignal.timeout(COVER_TIMEOUT_MS),
    });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('image/')) return null;
    const body = Buffer.from(await response.arrayBuffer());
    // Some providers answer a tiny blank image instead of 404 (Open Library's 1×1 GIF): no cover.
    return body.length > 100 && body.length <= COVER_MAX_BYTES ? { type, body } : null;
  } catch {
    return null;
  }
}

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
      const [titles, links, places, settings] = await Promise.all([
        findTitleFields(db, ids, IMAGE_TAGS),
        findOnlineLinksOfTitles(db, ids),
        findShelfPlacesOfTitles(db, ids),
        readSettings(db),
      ]);
      const hasIsbnCovers = isbnCoverTemplate(settings) !== null;
      const isbnCover = (isbns: string[]) => {
        const isbn = isbns.map(coverIsbn).find((value) => value !== null);
        return hasIsbnCovers && isbn ? `${API_PREFIX}${API_PATHS.isbnCover(isbn)}` : null;
      };
      const linksOf = new Map<number, typeof links>();
      for (const link of links) linksOf.set(link.title_id, [...(linksOf.get(link.title_id) ?? []), link]);
      const placesOf = new Map<number, typeof places>();
      for (const place of places)
        placesOf.set(place.title_id, [...(placesOf.get(place.title_id) ?? []), place]);
      return titles.map((title) => ({
        cod_acervo: title.id,
        links: (linksOf.get(title.id) ?? []).map(presentOnlineLink),
        imagens: presentImageLinks(title.cover_url, imageLinks(asRecord(title.fields))).length,
        capa_isbn: isbnCover(title.isbn),
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
  // Fetched by <img>, which sends no bearer token (like the default cover); hidden from the API docs.
  r.get(
    API_PATHS.isbnCover(':isbn'),
    { schema: { hide: true, params: IsbnCoverParamsSchema } },
    async (request, reply) => {
      const template = isbnCoverTemplate(await readSettings(db));
      const cover = template ? await fetchIsbnCover(template, request.params.isbn) : null;
      if (!cover) throw ERRORS.notFound();
      return reply.type(cover.type).header('cache-control', 'public, max-age=86400').send(cover.body);
    },
  );
}
