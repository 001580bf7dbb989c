import { z } from 'zod';
import { textSchema } from './input.ts';
import { NetworkInstitutionSchema } from './network.ts';
import { searchNeedsTerm } from './search-tab-rules.ts';

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

/**
 * Result display modes (SPEC §3 `exibicao`): D the detailed result lines, C compact covers. D is
 * the default (SPEC §9); the new-acquisitions tab opens in C (NEW_ACQUISITIONS_DEFAULTS). The
 * display only changes how a page of results is drawn, so the API does not read it.
 */
export const RESULT_DISPLAYS = ['D', 'C'] as const;
export type ResultDisplay = (typeof RESULT_DISPLAYS)[number];

/**
 * Bases a search may name (`base`): the library's catalogue (the default), and Target GEDWeb, an
 * external standards catalogue whose searches must name the column of their first row (SPEC §4).
 */
export const SEARCH_BASES = { catalogue: 'acervo', targetGedweb: 'target_gedweb' } as const;
export type SearchBase = (typeof SEARCH_BASES)[keyof typeof SEARCH_BASES];

/**
 * Advanced-search operators (SPEC §3) joining a row to what comes before it: and, or, not,
 * next (adjacent, in order), before and after (near, in order). docs/search.md gives each its
 * precise meaning.
 */
export const SEARCH_OPERATORS = ['E', 'OU', 'NAO', 'PROX', 'ANTES', 'DEPOIS'] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/** ANTES / DEPOIS: the two rows' words are at most this many words apart. */
export const NEAR_WORDS = 5;

/** ANTES / DEPOIS rows one run of positional rows may hold; more is refused (422, TOO_MANY_NEAR_MESSAGE). */
export const MAX_NEAR_ROWS = 3;
export const TOO_MANY_NEAR_MESSAGE = 'search.advanced.tooManyNear';

/**
 * Result filter types (SPEC §4): B … M additional data, T work type, Y year, X only-with,
 * I language, R knowledge area, K classification, NA_C / NA_A new-acquisition course and area,
 * Z network (OAI) institution.
 */
export const FILTER_TYPES = [
  'B',
  'C',
  'P',
  'A',
  'E',
  'S',
  'U',
  'F',
  'N',
  'O',
  'D',
  'L',
  'G',
  'M',
  'T',
  'Y',
  'X',
  'I',
  'R',
  'K',
  'NA_C',
  'NA_A',
  'Z',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/** Only-with values of filter X (SPEC §4): C cover, O online (acesso_remoto cr), A accessibility. */
export const ONLY_WITH_VALUES = ['C', 'O', 'A'] as const;

/** Filter value of Y for titles without a publication year (shown as "no date"). */
export const NO_YEAR = 'sem-data';

/** Separator between a filter's type and value on the wire: `filtro=T:LIVRO`. */
export const FILTER_SEPARATOR = ':';

/** One applied result filter. */
export interface AppliedFilter {
  tipo: FilterType;
  valor: string;
}

/** Reads `TIPO:valor`; undefined when the type is unknown or the value empty. */
export function parseFilter(raw: string): AppliedFilter | undefined {
  const at = raw.indexOf(FILTER_SEPARATOR);
  if (at <= 0) return undefined;
  const tipo = raw.slice(0, at);
  const valor = raw.slice(at + 1);
  if (!valor || !(FILTER_TYPES as readonly string[]).includes(tipo)) return undefined;
  return { tipo: tipo as FilterType, valor };
}

export function formatFilter(filter: AppliedFilter): string {
  return `${filter.tipo}${FILTER_SEPARATOR}${filter.valor}`;
}

/** A query parameter that may be given once or repeated, read as a list. */
const repeated = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(max),
  );

/**
 * One more advanced-search row after the first (the first is termo/tipoBusca/tipoTermo):
 * `OPERADOR|campo|termo` on the wire, the term last so it may hold any character.
 */
export const AdvancedRowSchema = z.object({
  operador: z.enum(SEARCH_OPERATORS),
  campo: z.enum(SEARCH_TYPES),
  termo: z.string().trim().min(1, 'search.field.required').max(500),
});
export type AdvancedRow = z.infer<typeof AdvancedRowSchema>;

export const ADVANCED_ROW_SEPARATOR = '|';

export function formatAdvancedRow(row: AdvancedRow): string {
  return [row.operador, row.campo, row.termo].join(ADVANCED_ROW_SEPARATOR);
}

export function parseAdvancedRow(raw: string): AdvancedRow | undefined {
  const [operador, campo, ...rest] = raw.split(ADVANCED_ROW_SEPARATOR);
  const parsed = AdvancedRowSchema.safeParse({ operador, campo, termo: rest.join(ADVANCED_ROW_SEPARATOR) });
  return parsed.success ? parsed.data : undefined;
}

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
