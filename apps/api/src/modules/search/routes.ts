import { randomUUID } from 'node:crypto';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  FiltersQuerySchema,
  FiltersResponseSchema,
  NETWORK_TAB,
  ORDERINGS,
  OrderingOptionsSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import { findTitleSummaries, presentHit } from '../catalogue/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { SearchEngine } from './engine.ts';
import { SEARCH_ERRORS } from './errors.ts';
import { filterGroupLabel, filterTypesForTab, presentFilterGroups } from './filters.ts';
import { NETWORK_FILTERS, searchNetwork } from './network-search.ts';

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
        response: {
          200: SearchResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          422: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const q = request.query;
      // The network tab searches other institutions' records, not the local catalogue.
      if (q.search_tab === NETWORK_TAB) return searchNetwork(db, q, request.language);
      try {
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
        const filtros = await presentFilterGroups(db, result.filters, request.language);
        return {
          data: rows.map(presentHit),
          total: result.total,
          id: randomUUID(),
          base: q.base,
          tab: q.search_tab,
          paginaAtiva: q.paginaAtiva,
          quantPag: q.quantPag,
          ordenacao: q.ordenacao,
          filtros,
        };
      } catch (error) {
        // A refusal keeps its own answer; anything else fails the whole search, never half of it.
        if (error instanceof AppError) throw error;
        request.log.error({ err: error }, 'search failed');
        throw SEARCH_ERRORS.failed();
      }
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
    async (request) =>
      request.query.search_tab === NETWORK_TAB
        ? [...NETWORK_FILTERS]
        : filterTypesForTab(request.query.search_tab).map((tipo) => ({
            tipo,
            descricao: filterGroupLabel(tipo),
          })),
  );
}
