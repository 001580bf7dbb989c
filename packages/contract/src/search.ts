import { z } from 'zod';

/** Search types (SPEC §3): free, title, subject, author. */
export const SEARCH_TYPES = ['livre', 'titulo', 'assunto', 'autor'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Term types (SPEC §3): anywhere, exact, starting. */
export const TERM_TYPES = ['qualquer', 'exata', 'inicio'] as const;
export type TermType = (typeof TERM_TYPES)[number];

/** Result orderings served by /consulta/ordenacao; C (relevance) is the default (SPEC §3, §9). */
export const ORDERINGS = ['C', 'T', 'A', 'AC', 'AD', 'N'] as const;
export type Ordering = (typeof ORDERINGS)[number];

/** Result options defaults (SPEC §3/§9). */
export const SEARCH_DEFAULTS = { paginaAtiva: 1, quantPag: 20, ordenacao: 'C', exibicao: 'D' } as const;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** GET /consulta query. */
export const SearchQuerySchema = z.object({
  termo: z.string().trim().min(1, 'search.field.required').max(500),
  tipoBusca: z.enum(SEARCH_TYPES).default('livre'),
  tipoTermo: z.enum(TERM_TYPES).default('qualquer'),
  /** Similar-word variant (stemmed match) of the search type. */
  similares: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(false),
  search_tab: z.string().default('geral'),
  base: z.string().default('acervo'),
  paginaAtiva: z.coerce.number().int().min(1).max(10000).default(SEARCH_DEFAULTS.paginaAtiva),
  quantPag: z.coerce.number().int().min(1).max(100).default(SEARCH_DEFAULTS.quantPag),
  ordenacao: z.enum(ORDERINGS).default(SEARCH_DEFAULTS.ordenacao),
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;
export type ParsedSearchQuery = z.output<typeof SearchQuerySchema>;

/** One title in a result list. */
export const SearchHitSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
  desc_tipo_obra: z.string().nullable(),
  cod_tipo_obra: z.string().nullable(),
  idioma: z.string().nullable(),
  idioma_desc: z.string().nullable(),
  numero_chamada: z.string().nullable(),
  link_capa: z.string().nullable(),
  acesso_remoto: z.string().nullable(),
  possui_acessibilidade: z.enum(['S', 'N']),
  exemplares_disponiveis: z.number().int(),
  exemplares_total: z.number().int(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** GET /consulta answer: data, total, id, base, tab (SPEC §4). */
export const SearchResponseSchema = z.object({
  data: z.array(SearchHitSchema),
  total: z.number().int(),
  id: z.string(),
  base: z.string(),
  tab: z.string(),
  paginaAtiva: z.number().int(),
  quantPag: z.number().int(),
  ordenacao: z.enum(ORDERINGS),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const OrderingOptionSchema = z.object({
  codigo: z.enum(ORDERINGS),
  /** Translation key of the option label. */
  descricao: z.string(),
});
export const OrderingOptionsSchema = z.array(OrderingOptionSchema);
export type OrderingOption = z.infer<typeof OrderingOptionSchema>;

/** Filter types of SPEC §4 result filters offered for a search tab. */
export const FilterTypeSchema = z.object({
  tipo: z.string(),
  /** Translation key of the filter group label. */
  descricao: z.string(),
});
export const FiltersQuerySchema = z.object({ search_tab: z.string().default('geral') });
export const FiltersResponseSchema = z.array(FilterTypeSchema);
