import type { Ordering, SearchType, TermType } from '@estante/contract';

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
}

/** The ids of one result page, best first, and the number of matches. */
export interface SearchResult {
  ids: number[];
  total: number;
}

/** The search seam (DESIGN "Data"): PostgreSQL full-text search first; Solr/OpenSearch could follow. */
export interface SearchEngine {
  search(request: SearchRequest): Promise<SearchResult>;
  /** True when the engine answers. */
  ping(): Promise<boolean>;
}
