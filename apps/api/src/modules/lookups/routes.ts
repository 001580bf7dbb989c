import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import {
  ApiErrorSchema,
  CampusSchema,
  CourseSchema,
  DisciplineSchema,
  IdParamsSchema,
  LibraryLookupQuerySchema,
  LibrarySchema,
  LOOKUP_PAGE_SIZE,
  LOOKUP_PATHS,
  LookupQuerySchema,
  lookupPageSchema,
  ProfessorSchema,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { findLookupEntry, findLookupPage, type LookupKind } from './repository.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * SPEC §7 lookups with `search_text` and `page` (from 1): disciplines, courses, professors,
 * campuses and libraries (also by campus), and each by code. Used by the teaching-plan tab and
 * by the course filters; open to every caller with the public token.
 */
export async function lookupRoutes(
  app: FastifyInstance,
  options: { db: Db; guard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, guard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The list call and the by-code call of one lookup; each item schema checks the answer as it goes out. */
  const register = (kind: LookupKind, paths: { list: string; one: string }, item: z.ZodTypeAny) => {
    r.get(
      paths.list,
      {
        onRequest: guard,
        schema: {
          tags: ['lookups'],
          // Only libraries have a campus to filter by (SPEC §7 "also codCampus").
          querystring: kind === 'library' ? LibraryLookupQuerySchema : LookupQuerySchema,
          response: { 200: lookupPageSchema(item), ...errors },
        },
      },
      async (request) => {
        const query = request.query;
        const { rows, total } = await findLookupPage<Record<string, unknown>>(db, kind, {
          text: query.search_text,
          page: query.page,
          pageSize: LOOKUP_PAGE_SIZE,
          // The library list was validated with LibraryLookupQuerySchema above.
          filterValue:
            kind === 'library' ? (query as z.infer<typeof LibraryLookupQuerySchema>).codCampus : undefined,
        });
        return { data: rows, page: query.page, pageSize: LOOKUP_PAGE_SIZE, total };
      },
    );
    r.get(
      paths.one,
      {
        onRequest: guard,
        schema: { tags: ['lookups'], params: IdParamsSchema, response: { 200: item, ...errors } },
      },
      async (request) => {
        const entry = await findLookupEntry<Record<string, unknown>>(db, kind, request.params.id);
        if (!entry) throw ERRORS.notFound();
        return entry;
      },
    );
  };

  register(
    'discipline',
    { list: LOOKUP_PATHS.disciplines, one: LOOKUP_PATHS.discipline(':id') },
    DisciplineSchema,
  );
  register('course', { list: LOOKUP_PATHS.courses, one: LOOKUP_PATHS.course(':id') }, CourseSchema);
  register(
    'professor',
    { list: LOOKUP_PATHS.professors, one: LOOKUP_PATHS.professor(':id') },
    ProfessorSchema,
  );
  register('campus', { list: LOOKUP_PATHS.campuses, one: LOOKUP_PATHS.campus(':id') }, CampusSchema);
  register('library', { list: LOOKUP_PATHS.libraries, one: LOOKUP_PATHS.library(':id') }, LibrarySchema);
}
