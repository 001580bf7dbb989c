import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  CampusSchema,
  DefaultImageSchema,
  FunctionalitiesSchema,
  InstitutionSchema,
  LibrarySchema,
  SearchTabsSchema,
  SelfServiceSchema,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { listActivities, listCampuses, listLibraries, readSettings } from './repository.ts';
import { presentInstitution, presentSelfService } from './presenters.ts';
import { SEARCH_TAB_DATA } from './search-tabs.ts';

const DEFAULT_COVER_PATH = '/consulta/imagem-padrao/capa.svg';
// A neutral book cover drawn for Estante; shown when a title has no cover link.
const DEFAULT_COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="170" viewBox="0 0 120 170" role="img"><rect width="120" height="170" rx="6" fill="#e7ecf3"/><rect x="14" y="14" width="92" height="142" rx="3" fill="#c8d3e2"/><rect x="28" y="40" width="64" height="6" rx="3" fill="#7a8aa3"/><rect x="28" y="54" width="48" height="6" rx="3" fill="#7a8aa3"/><rect x="28" y="120" width="40" height="4" rx="2" fill="#7a8aa3"/></svg>`;

/** Public configuration (SPEC §7 Parameters) and the library lookups. */
export async function institutionRoutes(
  app: FastifyInstance,
  options: { db: Db; guard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, guard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.institution,
    { preHandler: guard, schema: { tags: ['parameters'], response: { 200: InstitutionSchema } } },
    async () => presentInstitution(await readSettings(db)),
  );
  r.get(
    API_PATHS.functionalities,
    { preHandler: guard, schema: { tags: ['parameters'], response: { 200: FunctionalitiesSchema } } },
    async (request) =>
      (await listActivities(db, request.language)).map((a) => ({
        cod_atividade: a.code,
        descricao: a.description,
      })),
  );
  r.get(
    API_PATHS.searchTabs,
    { preHandler: guard, schema: { tags: ['parameters'], response: { 200: SearchTabsSchema } } },
    async () => SEARCH_TAB_DATA,
  );
  r.get(
    API_PATHS.selfService,
    { preHandler: guard, schema: { tags: ['parameters'], response: { 200: SelfServiceSchema } } },
    async () => presentSelfService(await readSettings(db)),
  );
  r.get(
    API_PATHS.defaultImage,
    { preHandler: guard, schema: { tags: ['search'], response: { 200: DefaultImageSchema } } },
    async () => ({ url: `/api${DEFAULT_COVER_PATH}` }),
  );
  // The image itself is fetched by <img>, which sends no bearer token.
  app.get(DEFAULT_COVER_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(DEFAULT_COVER_SVG),
  );
  r.get(
    API_PATHS.campuses,
    { preHandler: guard, schema: { tags: ['libraries'], response: { 200: z.array(CampusSchema) } } },
    async () => (await listCampuses(db)).map((c) => ({ cod_campus: c.id, nome_campus: c.name })),
  );
  r.get(
    API_PATHS.libraries,
    {
      preHandler: guard,
      schema: {
        tags: ['libraries'],
        querystring: z.object({ campus: z.coerce.number().int().optional() }),
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
}
