import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  AUTHORITY_INDEX_TYPES,
  AuthoritySearchQuerySchema,
  AuthoritySearchResponseSchema,
  AUTOCOMPLETE_LIMIT,
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  DidYouMeanQuerySchema,
  DidYouMeanResponseSchema,
  INDEX_TYPE_LABELS,
  INDEX_TYPES,
  IndexBrowseQuerySchema,
  IndexBrowseResponseSchema,
  IndexedTitlesQuerySchema,
  IndexedTitlesResponseSchema,
  IndexOptionsSchema,
  SUGGESTION_KINDS,
} from '@estante/contract';
import type { z } from 'zod';
import type { Db } from '../../lib/db/index.ts';
import { findTitleSummaries, presentHit } from '../catalogue/index.ts';
import { presentAuthorityHit, presentIndexEntry, presentSuggestion } from './aids-presenters.ts';
import { searchAuthorities } from './authority-search.ts';
import { browseIndex, findIndexedTitleIds, type IndexedTitlesFilter } from './browse.ts';
import { suggestCorrection } from './did-you-mean.ts';
import type { SearchEngine } from './engine.ts';
import { findSuggestions } from './suggest.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };

/** What an indexed-titles call asks for: the ids named, an index entry, or an authority's titles. */
function indexedTitlesFilter(query: z.output<typeof IndexedTitlesQuerySchema>): IndexedTitlesFilter {
  if (query.acervos) return { kind: 'ids', ids: query.acervos };
  if (query.tipo && query.chave !== undefined) {
    const authorityId = AUTHORITY_INDEX_TYPES.includes(query.tipo) ? query.cod_autoridade : undefined;
    return { kind: 'entry', type: query.tipo, key: query.chave, ...(authorityId ? { authorityId } : {}) };
  }
  // The schema lets nothing else through: without ids or an entry there is an authority.
  return { kind: 'authority', authorityId: query.cod_autoridade as number };
}

/**
 * Search aids (docs/search.md): index browse (SPEC §3 index types) and the titles under an entry,
 * authority search, did you mean, autocomplete. Open to every caller with the public token.
 */
export async function searchAidRoutes(
  app: FastifyInstance,
  options: { db: Db; engine: SearchEngine; guard: preHandlerAsyncHookHandler },
): Promise<void> {
  const { db, engine, guard } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.indexOptions,
    { onRequest: guard, schema: { tags: ['search'], response: { 200: IndexOptionsSchema, ...errors } } },
    async () => INDEX_TYPES.map((codigo) => ({ codigo, descricao: INDEX_TYPE_LABELS[codigo] })),
  );
  r.get(
    API_PATHS.indexBrowse,
    {
      onRequest: guard,
      schema: {
        tags: ['search'],
        summary: 'Browse an index from a term',
        querystring: IndexBrowseQuerySchema,
        response: { 200: IndexBrowseResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await browseIndex(db, {
        type: q.tipo,
        term: q.termo,
        page: q.pagina,
        pageSize: q.quantPag,
      });
      return {
        tipo: q.tipo,
        termo: q.termo,
        pagina: q.pagina,
        quantPag: q.quantPag,
        itens: page.entries.map(presentIndexEntry),
        anterior: page.hasBefore,
        proxima: page.hasAfter,
      };
    },
  );
  r.get(
    API_PATHS.indexedTitles,
    {
      onRequest: guard,
      schema: {
        tags: ['search'],
        summary: 'Titles under an index entry or an authority',
        querystring: IndexedTitlesQuerySchema,
        response: { 200: IndexedTitlesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { ids, total } = await findIndexedTitleIds(db, indexedTitlesFilter(q), {
        page: q.paginaAtiva,
        pageSize: q.quantPag,
      });
      const rows = await findTitleSummaries(db, ids, request.language);
      return { data: rows.map(presentHit), total, paginaAtiva: q.paginaAtiva, quantPag: q.quantPag };
    },
  );
  r.get(
    API_PATHS.authoritySearch,
    {
      onRequest: guard,
      schema: {
        tags: ['search', 'authorities'],
        summary: 'Search authorities by heading and see-from words',
        querystring: AuthoritySearchQuerySchema,
        response: { 200: AuthoritySearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await searchAuthorities(db, {
        text: q.termo,
        ...(q.tipo ? { types: q.tipo } : {}),
        page: q.pagina,
        pageSize: q.quantPag,
      });
      return { data: rows.map(presentAuthorityHit), total, pagina: q.pagina, quantPag: q.quantPag };
    },
  );
  r.get(
    API_PATHS.didYouMean,
    {
      onRequest: guard,
      schema: {
        tags: ['search'],
        summary: 'A better spelling of a search',
        querystring: DidYouMeanQuerySchema,
        response: { 200: DidYouMeanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const suggestion = await suggestCorrection(db, engine, { text: q.termo, type: q.tipoBusca });
      return { termo: q.termo, sugestao: suggestion && { termo: suggestion.text, total: suggestion.total } };
    },
  );
  r.get(
    API_PATHS.autocomplete,
    {
      onRequest: guard,
      schema: {
        tags: ['search'],
        summary: 'Titles, authors and subjects starting with the typed text',
        querystring: AutocompleteQuerySchema,
        response: { 200: AutocompleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const kinds = q.tipo === 'livre' ? SUGGESTION_KINDS : [q.tipo];
      const rows = await findSuggestions(db, { text: q.termo, kinds, limit: AUTOCOMPLETE_LIMIT });
      return rows.map(presentSuggestion);
    },
  );
}
