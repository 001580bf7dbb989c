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
import type { ServerLanguage } from '../../lib/messages.ts';
import {
  searchRequestFromQuery,
  type SearchEngine,
  type SearchRequest,
  type SearchResult,
} from './engine.ts';
import { SEARCH_ERRORS } from './errors.ts';
import { filterGroupLabel, filterTypesForTab, presentFilterGroups } from './filters.ts';
import { NETWORK_FILTERS, NetworkCountCache, searchNetwork } from './network-search.ts';
import { groupsWorks, pageOfWorks, presentWorks, type WorkPage } from './work-groups.ts';

/** Pages of works kept under one catalogue version before starting again. */
const WORK_PAGES_KEPT = 2_000;

/** Filter value descriptions kept per language before starting again. */
const DESCRIPTIONS_KEPT = 50_000;

/** Catalogue search (SPEC §7 /consulta). */
export async function searchRoutes(
  app: FastifyInstance,
  options: { db: Db; engine: SearchEngine; guard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, engine, guard } = options;
  // Filter value descriptions read under one catalogue version, per language; any change to the
  // names that describe values moves the version (migration 0016), and the cache starts again.
  let names = { version: -1, byLanguage: new Map<string, Map<string, string | null>>() };
  const describe = (result: SearchResult, language: ServerLanguage) => {
    if (result.cacheVersion === undefined) return presentFilterGroups(db, result.filters, language);
    if (names.version !== result.cacheVersion)
      names = { version: result.cacheVersion, byLanguage: new Map() };
    let known = names.byLanguage.get(language);
    if (!known || known.size > DESCRIPTIONS_KEPT) names.byLanguage.set(language, (known = new Map()));
    return presentFilterGroups(db, result.filters, language, known);
  };
  const networkCounts = new NetworkCountCache();
  // Pages of works (decision 0071) kept under the catalogue version the engine answered at, as the
  // engine keeps its counts: counting filters by work reads every matched title again.
  let workPages = { version: -1, kept: new Map<string, WorkPage | null>() };
  const keptWorks = async (searched: SearchRequest, result: SearchResult) => {
    // The engine counted the titles and works under the version it answered at.
    const known = result.works === undefined ? undefined : { titles: result.total, works: result.works };
    if (result.cacheVersion === undefined) return pageOfWorks(db, searched, known, engine);
    if (workPages.version !== result.cacheVersion || workPages.kept.size >= WORK_PAGES_KEPT)
      workPages = { version: result.cacheVersion, kept: new Map() };
    const key = JSON.stringify(searched);
    if (workPages.kept.has(key)) return workPages.kept.get(key)!;
    const page = await pageOfWorks(db, searched, known, engine);
    workPages.kept.set(key, page);
    return page;
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.search,
    {
      onRequest: guard,
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
      if (q.search_tab === NETWORK_TAB) return searchNetwork(db, q, request.language, networkCounts);
      try {
        const searched = searchRequestFromQuery(q);
        const grouped = await groupsWorks(db, q.search_tab);
        const result = await engine.search({
          ...searched,
          hitsLanguage: request.language,
          ...(grouped ? { countWorks: true } : {}),
        });
        // Grouped works (decision 0071): the count, page and filter counts of works, read only
        // when the engine did not find every result a work of its own.
        const works = grouped && result.works !== result.total ? await keptWorks(searched, result) : null;
        const data = works
          ? await presentWorks(db, works.works, request.language)
          : (result.hits ?? (await findTitleSummaries(db, result.ids, request.language))).map(presentHit);
        const filtros = await describe(
          works ? { ...result, filters: works.filters } : result,
          request.language,
        );
        return {
          data,
          total: works ? works.total : result.total,
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
    { onRequest: guard, schema: { tags: ['search'], response: { 200: OrderingOptionsSchema } } },
    async () => ORDERINGS.map((codigo) => ({ codigo, descricao: `search.sort.${codigo}` })),
  );
  r.get(
    API_PATHS.filters,
    {
      onRequest: guard,
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
