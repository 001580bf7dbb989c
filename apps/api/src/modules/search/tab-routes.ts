import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  AdvancedSearchOptionsSchema,
  ApiErrorSchema,
  ArchiveOptionsSchema,
  formatAdvancedRow,
  formatFilter,
  JurisprudenceOptionsSchema,
  NEW_ACQUISITIONS_FEED_TYPE,
  NewAcquisitionsFeedQuerySchema,
  NormativeActOptionsSchema,
  TAB,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { feedDate, renderAtom, uuidV5, type FeedEntry } from './atom.ts';
import { searchRequest, type SearchEngine } from './engine.ts';
import {
  findAdvancedSearchOptions,
  findArchiveOptions,
  findJurisprudenceOptions,
  findNormativeActOptions,
} from './tab-options.ts';

/** Texts of the feed in each language (feed readers send no language code: `lang` chooses, pt by default). */
const FEED_TEXTS: Record<
  ServerLanguage,
  {
    title: (institution: string, term: string) => string;
    subtitle: string;
    author: string;
    year: string;
    workType: string;
    callNumber: string;
    acquired: string;
  }
> = {
  pt: {
    title: (institution, term) => `Novas aquisições${term ? `: “${term}”` : ''} — ${institution}`,
    subtitle: 'Títulos adquiridos recentemente pela biblioteca que atendem à pesquisa.',
    author: 'Autor',
    year: 'Ano',
    workType: 'Tipo de obra',
    callNumber: 'Número de chamada',
    acquired: 'Adquirido em',
  },
  en: {
    title: (institution, term) => `New acquisitions${term ? `: “${term}”` : ''} — ${institution}`,
    subtitle: 'Titles the library acquired recently that match the search.',
    author: 'Author',
    year: 'Year',
    workType: 'Work type',
    callNumber: 'Call number',
    acquired: 'Acquired on',
  },
  es: {
    title: (institution, term) => `Nuevas adquisiciones${term ? `: “${term}”` : ''} — ${institution}`,
    subtitle: 'Títulos adquiridos recientemente por la biblioteca que responden a la búsqueda.',
    author: 'Autor',
    year: 'Año',
    workType: 'Tipo de obra',
    callNumber: 'Signatura',
    acquired: 'Adquirido el',
  },
};

/** Institution setting holding the namespace of the feed's ids (made once, so ids never change). */
const FEED_NAMESPACE_SETTING = '__feed_namespace';

/**
 * The search tabs' own calls (SPEC §7): the options of the archive, normative-acts and
 * jurisprudence forms, and the Atom feed of a new-acquisitions search.
 */
export async function searchTabRoutes(
  app: FastifyInstance,
  options: { db: Db; engine: SearchEngine; guard: preHandlerAsyncHookHandler; clock: Clock },
): Promise<void> {
  const { db, engine, guard, clock } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['search'];
  r.get(
    API_PATHS.archiveOptions,
    {
      onRequest: guard,
      schema: { tags, response: { 200: ArchiveOptionsSchema, 401: ApiErrorSchema } },
    },
    async () => findArchiveOptions(db),
  );
  r.get(
    API_PATHS.normativeActOptions,
    {
      onRequest: guard,
      schema: { tags, response: { 200: NormativeActOptionsSchema, 401: ApiErrorSchema } },
    },
    async () => findNormativeActOptions(db),
  );
  r.get(
    API_PATHS.caseLawOptions,
    {
      onRequest: guard,
      schema: { tags, response: { 200: JurisprudenceOptionsSchema, 401: ApiErrorSchema } },
    },
    async () => findJurisprudenceOptions(db),
  );
  r.get(
    API_PATHS.advancedOptions,
    {
      onRequest: guard,
      schema: { tags, response: { 200: AdvancedSearchOptionsSchema, 401: ApiErrorSchema } },
    },
    async (request) => findAdvancedSearchOptions(db, request.language),
  );
  // No token: a feed reader subscribes to a plain URL (decision 0023); the catalogue is public.
  r.get(
    API_PATHS.newAcquisitionsFeed,
    {
      schema: {
        tags,
        summary: 'Atom feed (RFC 4287) of a new-acquisitions search',
        querystring: NewAcquisitionsFeedQuerySchema,
        // No response schema: the body is XML, not JSON (errors are still { message, code }).
        produces: [NEW_ACQUISITIONS_FEED_TYPE],
      },
    },
    async (request, reply) => {
      const q = request.query;
      const language = q.lang ?? request.language;
      const texts = FEED_TEXTS[language];
      const result = await engine.search(
        searchRequest({
          text: q.termo,
          type: q.tipoBusca,
          termType: q.tipoTermo,
          similar: q.similares,
          // Newest acquisitions first, whatever order the page was sorted in.
          ordering: 'C',
          page: q.paginaAtiva,
          pageSize: q.quantPag,
          tab: TAB.newAcquisitions,
          options: q.opcao,
          filters: q.filtro,
          rows: q.linha,
        }),
      );
      const { institution, namespace } = await feedSettings(db);
      const origin = `${request.protocol}://${request.host}`;
      const rows = await findFeedRows(db, result.ids, language);
      const entries: FeedEntry[] = rows.map((row) => ({
        id: `urn:uuid:${uuidV5(`acervo:${row.control_source}:${row.control_number}`, namespace)}`,
        title: row.title,
        author: row.main_author,
        acquiredOn: row.acquired_on,
        link: `${origin}/acervo/${row.id}`,
        summary: [
          row.main_author && `${texts.author}: ${row.main_author}`,
          row.year !== null && `${texts.year}: ${row.year}`,
          row.work_type_label && `${texts.workType}: ${row.work_type_label}`,
          row.call_number && `${texts.callNumber}: ${row.call_number}`,
          `${texts.acquired}: ${row.acquired_on}`,
        ]
          .filter(Boolean)
          .join('. '),
        category: { term: row.work_type, label: row.work_type_label },
      }));
      const newest = rows.reduce<string | null>(
        (max, row) => (max === null || row.acquired_on > max ? row.acquired_on : max),
        null,
      );
      const body = renderAtom({
        id: `urn:uuid:${uuidV5(`novas-aquisicoes:${feedKey(q)}`, namespace)}`,
        title: texts.title(institution, q.termo),
        subtitle: texts.subtitle,
        updated: newest
          ? feedDate(newest)
          : clock
              .now()
              .toISOString()
              .replace(/\.\d{3}Z$/, 'Z'),
        author: institution,
        self: `${origin}${request.url}`,
        alternate: `${origin}/${TAB.newAcquisitions}${pageQuery(request)}`,
        language,
        entries,
      });
      return reply
        .type(`${NEW_ACQUISITIONS_FEED_TYPE}; charset=utf-8`)
        .header('cache-control', 'public, max-age=900')
        .send(body);
    },
  );
}

/** What makes two feed URLs the same feed: the search, not its language, page or order. */
function feedKey(q: {
  termo: string;
  tipoBusca: string;
  tipoTermo: string;
  similares: boolean;
  opcao: Record<string, string[]>;
  filtro: Parameters<typeof formatFilter>[0][];
  linha: Parameters<typeof formatAdvancedRow>[0][];
}): string {
  return JSON.stringify([
    q.termo,
    q.tipoBusca,
    q.tipoTermo,
    q.similares,
    Object.entries(q.opcao)
      .map(([key, values]) => [key, [...values].sort()] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    q.filtro.map(formatFilter).sort(),
    q.linha.map(formatAdvancedRow),
  ]);
}

/** The search parameters of the feed URL, for the web page it follows (without the feed's language). */
function pageQuery(request: FastifyRequest): string {
  const params = new URLSearchParams(request.url.split('?')[1] ?? '');
  params.delete('lang');
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The institution's name, and the namespace of the feed ids (made on first use). */
async function feedSettings(db: Queryable): Promise<{ institution: string; namespace: string }> {
  await db.query(
    `INSERT INTO institution_setting (key, value) VALUES ($1, to_jsonb($2::text)) ON CONFLICT (key) DO NOTHING`,
    [FEED_NAMESPACE_SETTING, randomUUID()],
  );
  const { rows } = await db.query<{ key: string; value: unknown }>(
    `SELECT key, value FROM institution_setting WHERE key IN ('nome', 'sigla', $1)`,
    [FEED_NAMESPACE_SETTING],
  );
  const setting = (key: string) => {
    const value = rows.find((r) => r.key === key)?.value;
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  return {
    institution: setting('nome') ?? setting('sigla') ?? 'Estante',
    namespace: setting(FEED_NAMESPACE_SETTING)!,
  };
}

/** A title as the feed shows it. */
interface FeedRow {
  id: number;
  title: string;
  main_author: string | null;
  year: number | null;
  acquired_on: string;
  call_number: string | null;
  work_type: string;
  work_type_label: string | null;
  control_number: string;
  control_source: string;
}

/** The feed rows of the ids, in the order given (titles without an acquisition date cannot be in it). */
async function findFeedRows(db: Queryable, ids: number[], language: ServerLanguage): Promise<FeedRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<FeedRow>(
    `SELECT t.id, t.title, t.main_author, t.year, t.acquired_on::text AS acquired_on, t.call_number,
            t.work_type, CASE $2::text WHEN 'en' THEN wt.label_en WHEN 'es' THEN wt.label_es ELSE wt.label_pt END
              AS work_type_label,
            t.control_number, t.control_source
       FROM title t LEFT JOIN work_type wt ON wt.code = t.work_type
      WHERE t.id = ANY ($1::int[]) AND t.acquired_on IS NOT NULL`,
    [ids, language],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
