import type {
  AdvancedRow,
  AppliedFilter,
  Ordering,
  ParsedSearchQuery,
  SearchType,
  TermType,
} from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import type { TitleSummaryRow } from '../catalogue/index.ts';
import type { FilterCounts } from './filters.ts';

/** A catalogue search as the engine understands it, independent of the wire names. */
export interface SearchRequest {
  text: string;
  type: SearchType;
  termType: TermType;
  /** Similar-word variant: match stemmed forms in the record's language. */
  similar: boolean;
  ordering: Ordering;
  /** 1-based page number. */
  page: number;
  pageSize: number;
  /** The search tab (SPEC §2) the search runs in; it may restrict the records (tab-scope.ts). */
  tab: string;
  /** Options of the tab's own form, by key (contract SearchQuerySchema `opcao`). */
  options: Record<string, string[]>;
  /** Applied result filters (SPEC §4). */
  filters: AppliedFilter[];
  /** Advanced-search rows after the first. */
  rows: AdvancedRow[];
  /**
   * When given, the engine may also answer the result-list rows of the page (`hits`), labels in
   * this language, read with the page instead of by a query of their own.
   */
  hitsLanguage?: ServerLanguage;
  /**
   * Also count the works the results hold (grouped works, decision 0071), in the search's own
   * snapshot and, where the counts are read over the matched titles, in the same statement.
   */
  countWorks?: boolean;
}

/**
 * The ids of one result page, best first, the number of matches, and the counts of the tab's
 * result filters over every match (SPEC §4), types without values left out.
 */
export interface SearchResult {
  ids: number[];
  total: number;
  filters: FilterCounts[];
  /** The result-list rows of `ids`, in their order, when the request named `hitsLanguage`. */
  hits?: TitleSummaryRow[];
  /**
   * The catalogue version the search was answered under, when what is read from the catalogue
   * after it (filter descriptions) may be kept until the version changes. Absent when a change
   * was being written as the search began.
   */
  cacheVersion?: number;
  /** How many works the results hold, when the request asked (`countWorks`). */
  works?: number;
}

/** The search seam (DESIGN "Data"): PostgreSQL full-text search first; Solr/OpenSearch could follow. */
export interface SearchEngine {
  search(request: SearchRequest): Promise<SearchResult>;
  /** True when the engine answers. */
  ping(): Promise<boolean>;
  /** How this process's searches were answered since it started (the /metrics search cache counters). */
  cacheStats?(): SearchCacheStats;
  /**
   * The filter counts of a search in works (`key → count`, the works under '#'), read through `tx`
   * (grouped works, decision 0071), when the engine can count them without counting every matched
   * title in the database (decision 0085); null when it cannot.
   */
  countByWork?(tx: Queryable, request: SearchRequest): Promise<{ key: string; count: number }[] | null>;
}

/**
 * Searches by how they were answered: the page and counts kept from an earlier search, the counts
 * kept (the page read), the title keys kept in memory (decision 0032), or the database alone.
 */
export interface SearchCacheStats {
  keptPage: number;
  keptCounts: number;
  keysInMemory: number;
  database: number;
}

/** A search request with the SPEC §9 defaults for whatever is not given. */
/** The engine's request for a validated GET /consulta query (SPEC §3 search state). */
export function searchRequestFromQuery(q: ParsedSearchQuery): SearchRequest {
  return {
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
  };
}

export function searchRequest(fields: Pick<SearchRequest, 'text'> & Partial<SearchRequest>): SearchRequest {
  return {
    type: 'livre',
    termType: 'qualquer',
    similar: false,
    ordering: 'C',
    page: 1,
    pageSize: 20,
    tab: 'geral',
    options: {},
    filters: [],
    rows: [],
    ...fields,
  };
}
