import { randomUUID } from 'node:crypto';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  FiltersQuerySchema,
  FiltersResponseSchema,
  ORDERINGS,
  OrderingOptionsSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { findTitleSummaries, presentHit } from '../catalogue/index.ts';
import type { SearchEngine } from './engine.ts';

/** SPEC §4 result filter types offered on the common search tabs (counts come with a later issue). */
const COMMON_FILTERS = [
  { tipo: 'T', descricao: 'search.filter.T' },
  { tipo: 'Y', descricao: 'search.filter.Y' },
  { tipo: 'I', descricao: 'search.filter.I' },
  { tipo: 'X', descricao: 'search.filter.X' },
  { tipo: 'B', descricao: 'search.filter.B' },
];

/** Catalogue search (SPEC §7 /consulta). */
export async function searchRoutes(
  app: FastifyInstance,
  options: { db: Db; engine: SearchEngine; guard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, engine, guard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.search,
    {
      preHandler: guard,
      schema: {
        tags: ['search'],
        summary: 'Search titles',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const result = await engine.search({
        text: q.termo,
        type: q.tipoBusca,
        termType: q.tipoTermo,
        similar: q.similares,
        ordering: q.ordenacao,
        page: q.paginaAtiva,
        pageSize: q.quantPag,
        tab: q.search_tab,
        options: q.opcao,
        filters: q.filtro,
        rows: q.linha,
      });
      const rows = await findTitleSummaries(db, result.ids, request.language);
      return {
        data: rows.map(presentHit),
        total: result.total,
        id: randomUUID(),
        base: q.base,
        tab: q.search_tab,
        paginaAtiva: q.paginaAtiva,
        quantPag: q.quantPag,
        ordenacao: q.ordenacao,
        filtros: [],
      };
    },
  );
  r.get(
    API_PATHS.orderings,
    { preHandler: guard, schema: { tags: ['search'], response: { 200: OrderingOptionsSchema } } },
    async () => ORDERINGS.map((codigo) => ({ codigo, descricao: `search.sort.${codigo}` })),
  );
  r.get(
    API_PATHS.filters,
    {
      preHandler: guard,
      schema: { tags: ['search'], querystring: FiltersQuerySchema, response: { 200: FiltersResponseSchema } },
    },
    async () => COMMON_FILTERS,
  );
}
