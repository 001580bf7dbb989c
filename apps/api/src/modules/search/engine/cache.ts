// What the engine keeps of a search, and for how long: the total, the filter counts and the ids of
// the first pages asked for, under the catalogue version they were read at. A kept search answers
// again only while the catalogue has that version (search_catalogue_version(), migration 0016);
// the hits' own columns (copies on the shelf) are always read afresh.
import type { SearchRequest, SearchResult } from '../engine.ts';

/** Searches whose counts are kept by default. */
export const COUNT_CACHE_SIZE = 2_000;

/** Pages kept per search (the first pages in a few orders). */
const PAGES_KEPT = 8;

/** What a search counted: the total, the filter groups, and how many titles the text matches when kept counts told. */
export interface Counts {
  total: number;
  filters: SearchResult['filters'];
  /** How many titles the text matches, when kept counts told. */
  matched?: number;
  /** How many works the results hold, when counted (SearchRequest `countWorks`). */
  works?: number;
}

/** What is kept of one search, under the catalogue version it was read at. */
export interface Counted extends Counts {
  version: number;
  /** The ids of the pages asked for, by order, page and page size. */
  pages: Map<string, number[]>;
}

/**
 * What makes two searches count alike: everything but the page, its size and the order; the
 * day too, since the new-acquisitions tab counts back from today.
 */
export function countKey(request: SearchRequest, today: string): string {
  const options = Object.keys(request.options)
    .sort()
    .map((key) => [key, request.options[key]]);
  const filters = [...new Set(request.filters.map((f) => `${f.tipo}:${f.valor}`))].sort();
  return JSON.stringify([
    request.text,
    request.type,
    request.termType,
    request.similar,
    request.tab,
    options,
    filters,
    request.rows.map((r) => [r.operador, r.campo, r.termo]),
    today,
  ]);
}

/** The page of a search as kept: its order, number and size. */
export function pageKey(request: SearchRequest): string {
  return `${request.ordering} ${request.page} ${request.pageSize}`;
}

/** The searches kept, least recently used going first once `size` are kept (0 keeps none). */
export class CountCache {
  private readonly kept = new Map<string, Counted>();

  constructor(private readonly size: number) {}

  /** The search kept under `key` at this version (now the most recently used), or undefined. */
  get(key: string, version: number): Counted | undefined {
    const kept = this.kept.get(key);
    if (kept?.version !== version) return undefined;
    this.kept.delete(key);
    this.kept.set(key, kept);
    return kept;
  }

  /**
   * Keeps a page of a search: into `hit` when the search was kept already, else as a new entry
   * with its counts at `version`.
   */
  keep(
    key: string,
    page: string,
    ids: number[],
    { hit, version, counts }: { hit: Counted | undefined; version: number; counts: Counts },
  ): void {
    if (this.size <= 0) return;
    const entry = hit ?? { version, ...counts, pages: new Map<string, number[]>() };
    entry.pages.set(page, ids);
    if (entry.pages.size > PAGES_KEPT) entry.pages.delete(entry.pages.keys().next().value!);
    if (hit) return;
    this.kept.delete(key);
    this.kept.set(key, entry);
    if (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value!);
  }
}
