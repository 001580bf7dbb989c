import type { SearchRequest } from './engine.ts';

/**
 * The SQL condition (over `title t`) restricting a search to the records of its tab, or null
 * when the tab searches the whole catalogue. `param` adds a bound parameter and answers its
 * placeholder.
 */
export function tabCondition(request: SearchRequest, param: (value: unknown) => string): string | null {
  void request;
  void param;
  return null;
}
