import { z } from 'zod';
import { queryIdSchema, textSchema } from './schemas/input.ts';
import { AUTHORITY_TYPES } from './authority.ts';
import { SEARCH_DEFAULTS, SEARCH_TYPES } from './search.ts';
import { SearchHitSchema } from './schemas/search.ts';

/** Index types (SPEC §3): title, series, author, subject, call number, ISBN, ISSN. */
export const INDEX_TYPES = ['titulo', 'serie', 'autor', 'assunto', 'numero_chamada', 'isbn', 'issn'] as const;
export type IndexType = (typeof INDEX_TYPES)[number];

/** Translation key of each index type's name (answered by /consulta/opcoes-indice). */
export const INDEX_TYPE_LABELS: Record<IndexType, string> = {
  titulo: 'search.index.type.titulo',
  serie: 'search.index.type.serie',
  autor: 'search.index.type.autor',
  assunto: 'search.index.type.assunto',
  numero_chamada: 'search.index.type.numero_chamada',
  isbn: 'search.index.type.isbn',
  issn: 'search.index.type.issn',
};

/** Index types whose entries are authorities (each entry carries cod_autoridade). */
export const AUTHORITY_INDEX_TYPES: readonly IndexType[] = ['autor', 'assunto'];

/** Entries in one page of an index browse, and titles in one page under an entry. */
export const INDEX_PAGE_SIZE = 20;
/** Results in one page of an authority search. */
export const AUTHORITY_SEARCH_PAGE_SIZE = 20;
/** Suggestions the autocomplete answers at most. */
export const AUTOCOMPLETE_LIMIT = 8;

const pageSize = (fallback: number) => z.coerce.number().int().min(1).max(100).default(fallback);

/** One option of GET /consulta/opcoes-indice. */
export const IndexOptionSchema = z.object({
  codigo: z.enum(INDEX_TYPES),
  /** Translation key of the index name. */
  descricao: z.string(),
});
export const IndexOptionsSchema = z.array(IndexOptionSchema);
export type IndexOption = z.infer<typeof IndexOptionSchema>;

/**
 * GET /consulta/indice: the entries of an index from a starting term, in filing order (accents,
 * case and punctuation ignored). `pagina` counts from the term: 1 is the page starting at it, 2 the
 * next; 0 is the page just before the term, -1 the one before that.
 */
export const IndexBrowseQuerySchema = z.object({
  tipo: z.enum(INDEX_TYPES),
  /** Starting term; empty starts at the beginning of the index. */
  termo: textSchema().trim().max(300).default(''),
  pagina: z.coerce.number().int().min(-1000).max(1000).default(1),
  quantPag: pageSize(INDEX_PAGE_SIZE),
});
export type IndexBrowseQuery = z.input<typeof IndexBrowseQuerySchema>;

/** One index entry: its display form and how many titles it leads to. */
export const IndexEntrySchema = z.object({
  /** Filing form of the entry: what /consulta/acervos-indexados takes as `chave`. */
  chave: z.string(),
  descricao: z.string(),
  /** Number of titles under the entry. */
  quantidade: z.number().int(),
  /** The authority of an author or subject entry; null for the other index types. */
  cod_autoridade: z.number().int().nullable(),
});
export type IndexEntry = z.infer<typeof IndexEntrySchema>;

export const IndexBrowseResponseSchema = z.object({
  tipo: z.enum(INDEX_TYPES),
  termo: z.string(),
  pagina: z.number().int(),
  quantPag: z.number().int(),
  itens: z.array(IndexEntrySchema),
  /** True when there are entries before this page (browse with pagina - 1). */
  anterior: z.boolean(),
  /** True when there are entries after this page (browse with pagina + 1). */
  proxima: z.boolean(),
});
export type IndexBrowseResponse = z.infer<typeof IndexBrowseResponseSchema>;

/** A list of title ids, comma-separated (SPEC §7 `acervos`). */
const titleIds = textSchema()
  .regex(/^\d{1,9}(,\d{1,9}){0,99}$/)
  .transform((v) => v.split(',').map(Number));

/**
 * GET /consulta/acervos-indexados: the titles under one index entry (`tipo` + `chave`, and
 * `cod_autoridade` for an author or subject entry), under one authority (`cod_autoridade` alone:
 * every title linked to it), or the titles named in `acervos`. Titles in title order.
 */
export const IndexedTitlesQuerySchema = z
  .object({
    tipo: z.enum(INDEX_TYPES).optional(),
    chave: textSchema().trim().min(1).max(300).optional(),
    cod_autoridade: queryIdSchema().optional(),
    acervos: titleIds.optional(),
    paginaAtiva: z.coerce.number().int().min(1).max(10000).default(SEARCH_DEFAULTS.paginaAtiva),
    quantPag: pageSize(INDEX_PAGE_SIZE),
  })
  .refine(
    (q) =>
      q.acervos !== undefined ||
      q.cod_autoridade !== undefined ||
      (q.tipo !== undefined && q.chave !== undefined),
    { message: 'search.indexed.missingEntry', path: ['chave'] },
  );
export type IndexedTitlesQuery = z.input<typeof IndexedTitlesQuerySchema>;

export const IndexedTitlesResponseSchema = z.object({
  data: z.array(SearchHitSchema),
  total: z.number().int(),
  paginaAtiva: z.number().int(),
  quantPag: z.number().int(),
});
export type IndexedTitlesResponse = z.infer<typeof IndexedTitlesResponseSchema>;

/** A list of authority types, comma-separated (like /autoridade/combo's `autoridades`). */
const authorityTypes = textSchema()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : undefined,
  )
  .pipe(z.array(z.enum(AUTHORITY_TYPES)).optional());

/**
 * GET /consulta/autoridades: authorities whose heading or see-from references hold every typed
 * word (each word may be the start of a word), of the given types (all when left out).
 */
export const AuthoritySearchQuerySchema = z.object({
  termo: textSchema().trim().min(1, 'search.field.required').max(300),
  tipo: authorityTypes,
  pagina: z.coerce.number().int().min(1).max(10000).default(1),
  quantPag: pageSize(AUTHORITY_SEARCH_PAGE_SIZE),
});
export type AuthoritySearchQuery = z.input<typeof AuthoritySearchQuerySchema>;

export const AuthoritySearchHitSchema = z.object({
  cod_autoridade: z.number().int(),
  tipo: z.enum(AUTHORITY_TYPES),
  cabecalho: z.string(),
  /** See-from references (forms not used), so a match on one of them is visible. */
  remissivas_ver: z.array(z.string()),
  /** Titles linked to the authority (as author or subject). */
  total_titulos: z.number().int(),
});
export type AuthoritySearchHit = z.infer<typeof AuthoritySearchHitSchema>;

export const AuthoritySearchResponseSchema = z.object({
  data: z.array(AuthoritySearchHitSchema),
  total: z.number().int(),
  pagina: z.number().int(),
  quantPag: z.number().int(),
});
export type AuthoritySearchResponse = z.infer<typeof AuthoritySearchResponseSchema>;

/** GET /consulta/sugestoes: a better spelling of a search, counted with the same search type. */
export const DidYouMeanQuerySchema = z.object({
  termo: textSchema().trim().min(1, 'search.field.required').max(500),
  tipoBusca: z.enum(SEARCH_TYPES).default('livre'),
});
export type DidYouMeanQuery = z.input<typeof DidYouMeanQuerySchema>;

export const DidYouMeanResponseSchema = z.object({
  termo: z.string(),
  /** The corrected search and how many records it finds; null when no better search exists. */
  sugestao: z.object({ termo: z.string(), total: z.number().int() }).nullable(),
});
export type DidYouMeanResponse = z.infer<typeof DidYouMeanResponseSchema>;

/** What an autocomplete suggestion is: a title, an author or a subject. */
export const SUGGESTION_KINDS = ['titulo', 'autor', 'assunto'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/**
 * GET /consulta/autocompletar: titles, authors and subjects starting with the typed text, or with
 * a word starting with it. `tipo` is the search type: livre suggests all three kinds.
 */
export const AutocompleteQuerySchema = z.object({
  termo: textSchema().trim().min(1).max(200),
  tipo: z.enum(SEARCH_TYPES).default('livre'),
});
export type AutocompleteQuery = z.input<typeof AutocompleteQuerySchema>;

export const AutocompleteSuggestionSchema = z.object({
  tipo: z.enum(SUGGESTION_KINDS),
  texto: z.string(),
  /** Titles under the suggestion. */
  quantidade: z.number().int(),
  /** The authority of an author or subject suggestion; null for a title. */
  cod_autoridade: z.number().int().nullable(),
});
export type AutocompleteSuggestion = z.infer<typeof AutocompleteSuggestionSchema>;
export const AutocompleteResponseSchema = z.array(AutocompleteSuggestionSchema);
