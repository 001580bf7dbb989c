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

/** Most characters of an advanced-search row's term, after trimming. */
export const ADVANCED_ROW_TERM_MAX = 500;

/**
 * One more advanced-search row after the first (the first is termo/tipoBusca/tipoTermo):
 * `OPERADOR|campo|termo` on the wire, the term last so it may hold any character.
 */
export interface AdvancedRow {
  operador: SearchOperator;
  campo: SearchType;
  termo: string;
}

export const ADVANCED_ROW_SEPARATOR = '|';

export function formatAdvancedRow(row: AdvancedRow): string {
  return [row.operador, row.campo, row.termo].join(ADVANCED_ROW_SEPARATOR);
}

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  list.includes(value as T);

/**
 * A row read back from `OPERADOR|campo|termo`, as AdvancedRowSchema reads it, undefined when it is
 * not one. Written without the schema: the web reads the rows of the address on its first screen,
 * which loads no schema (decision 0069).
 */
export function parseAdvancedRow(raw: string): AdvancedRow | undefined {
  const [operador, campo, ...rest] = raw.split(ADVANCED_ROW_SEPARATOR);
  const termo = rest.join(ADVANCED_ROW_SEPARATOR).trim();
  if (!isOneOf(SEARCH_OPERATORS, operador) || !isOneOf(SEARCH_TYPES, campo)) return undefined;
  if (termo.length < 1 || termo.length > ADVANCED_ROW_TERM_MAX) return undefined;
  return { operador, campo, termo };
}
