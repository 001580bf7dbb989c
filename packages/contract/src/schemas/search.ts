import { z } from 'zod';
import { searchNeedsTerm } from '../search-tab-rules.ts';
import {
  ADVANCED_ROW_TERM_MAX,
  type AdvancedRow,
  type AppliedFilter,
  FILTER_TYPES,
  ORDERINGS,
  parseAdvancedRow,
  parseFilter,
  SEARCH_DEFAULTS,
  SEARCH_OPERATORS,
  SEARCH_TYPES,
  TERM_TYPES,
} from '../search.ts';
import { textSchema } from './input.ts';
import { NetworkInstitutionSchema } from './network.ts';

/** A query parameter that may be given once or repeated, read as a list. */
const repeated = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(max),
  );

/** The same row as a schema (the term trimmed, 1 to ADVANCED_ROW_TERM_MAX characters). */
export const AdvancedRowSchema = z.object({
  operador: z.enum(SEARCH_OPERATORS),
  campo: z.enum(SEARCH_TYPES),
  termo: z.string().trim().min(1, 'search.field.required').max(ADVANCED_ROW_TERM_MAX),
}) satisfies z.ZodType<AdvancedRow>;

/** GET /consulta query fields, before the check that needs the tab (searchNeedsTerm). */
const SearchQueryFields = z.object({
  /** The term; required (SPEC §5) except where searchNeedsTerm says a tab goes without one. */
  termo: textSchema().trim().max(500).default(''),
  tipoBusca: z.enum(SEARCH_TYPES).default('livre'),
  tipoTermo: z.enum(TERM_TYPES).default('qualquer'),
  /** Similar-word variant (stemmed match) of the search type. */
  similares: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(false),
  search_tab: textSchema().default('geral'),
  base: textSchema().default('acervo'),
  paginaAtiva: z.coerce.number().int().min(1).max(10000).default(SEARCH_DEFAULTS.paginaAtiva),
  quantPag: z.coerce.number().int().min(1).max(100).default(SEARCH_DEFAULTS.quantPag),
  ordenacao: z.enum(ORDERINGS).default(SEARCH_DEFAULTS.ordenacao),
  /** Applied result filters, `TIPO:valor`, repeated (SPEC §4: different types AND, same type OR). */
  filtro: repeated(
    textSchema().refine((raw) => parseFilter(raw) !== undefined, 'search.filter.invalid'),
    50,
  ).transform((raws) => raws.map((raw) => parseFilter(raw) as AppliedFilter)),
  /**
   * Options of the tab's own form (archive, normative acts, jurisprudence, new acquisitions),
   * `chave:valor`, repeated; docs/search.md lists each tab's keys.
   */
  opcao: repeated(
    textSchema()
      .regex(/^[a-zA-Z_]+:.+$/, 'search.option.invalid')
      .max(300),
    20,
  ).transform((raws) => {
    const options: Record<string, string[]> = {};
    for (const raw of raws) {
      const at = raw.indexOf(':');
      (options[raw.slice(0, at)] ??= []).push(raw.slice(at + 1));
    }
    return options;
  }),
  /** Advanced-search rows after the first, `OPERADOR|campo|termo`, repeated in order. */
  linha: repeated(
    textSchema().refine((raw) => parseAdvancedRow(raw) !== undefined, 'search.advanced.invalidRow'),
    10,
  ).transform((raws) => raws.map((raw) => parseAdvancedRow(raw) as AdvancedRow)),
});

/** GET /consulta query. */
export const SearchQuerySchema = SearchQueryFields.superRefine((query, ctx) => {
  if (query.termo === '' && searchNeedsTerm(query.search_tab, query.opcao))
    ctx.addIssue({ code: 'custom', path: ['termo'], message: 'search.field.required' });
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;
export type ParsedSearchQuery = z.output<typeof SearchQuerySchema>;

/** One title in a result list. */
const TitleHitSchema = z.object({
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
  /** Set on hits of the network tab (NETWORK_TAB): the institution that catalogued the record. */
  instituicao: NetworkInstitutionSchema.optional(),
});

/**
 * One result: a title, or (grouped works, decision 0071) the best-ranked title of a work with
 * `edicoes`, every matched edition or format of the work, that one first; absent when the work
 * has one matched title or grouping is off.
 */
export const SearchHitSchema = TitleHitSchema.extend({ edicoes: z.array(TitleHitSchema).optional() });
export type SearchHit = z.infer<typeof SearchHitSchema>;
/** One edition of a grouped work. */
export type EditionHit = z.infer<typeof TitleHitSchema>;

/** One value of a filter group with the number of results it holds. */
export const FilterValueSchema = z.object({
  valor: z.string(),
  /** Display text in the request's language, or a translation key (search.…) the web translates. */
  descricao: z.string(),
  /**
   * Results of the whole search (not just the page) that have this value, counted with every
   * applied filter of the other types (so within a type the counts show what OR-ing would add).
   */
  quantidade: z.number().int(),
  selecionado: z.boolean(),
});
export type FilterValue = z.infer<typeof FilterValueSchema>;

export const FilterGroupSchema = z.object({
  tipo: z.enum(FILTER_TYPES),
  /** Translation key of the group label. */
  descricao: z.string(),
  valores: z.array(FilterValueSchema),
});
export type FilterGroup = z.infer<typeof FilterGroupSchema>;

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
  /** The filter groups of the tab with counts over the whole result set; empty groups left out. */
  filtros: z.array(FilterGroupSchema),
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
export const FiltersQuerySchema = z.object({ search_tab: textSchema().default('geral') });
export const FiltersResponseSchema = z.array(FilterTypeSchema);
