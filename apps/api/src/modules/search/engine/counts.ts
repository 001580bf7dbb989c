// The filter counts of a search in the database: every filter type's values counted over the
// whole result (each type under the other types' filters, SPEC §4), and the total. A single
// frequent word reads its kept counts (search_term_count, migration 0016) instead of its titles;
// otherwise one statement counts over the matched titles (buildFilterCountSql).
import type { Queryable } from '../../../lib/db/index.ts';
import type { SearchRequest } from '../engine.ts';
import {
  catalogueFilterType,
  filterKeyGroups,
  filterTypesForTab,
  groupFilterCounts,
  keyPrefix,
} from '../filters.ts';
import {
  buildFilterCountSql,
  buildFilteredCountSql,
  buildTermCountSql,
  buildMatchedTitlesSql,
  termCountScope,
  TOTAL_KEY,
  WORKS_KEY,
} from '../query.ts';
import type { Counts } from './cache.ts';
import { mayBeFrequent, type Hints } from './hints.ts';

/** The key prefixes a tab shows, and the total. */
function prefixesOf(tab: string): string[] {
  return [...new Set([TOTAL_KEY, ...filterTypesForTab(tab).filter(catalogueFilterType).map(keyPrefix)])];
}

/** Counting rows (`key → count`, the total under '#') as the tab's filter groups. */
export function countsOf(
  request: SearchRequest,
  rows: readonly { key: string; count: number }[],
  matched?: number,
): Counts {
  const counts = new Map(rows.map((r) => [r.key, r.count]));
  const works = counts.get(WORKS_KEY);
  return {
    total: counts.get(TOTAL_KEY) ?? 0,
    filters: groupFilterCounts(filterTypesForTab(request.tab), counts, request.filters),
    ...(matched === undefined ? {} : { matched }),
    ...(works === undefined ? {} : { works }),
  };
}

/**
 * How many works the results of a search hold (grouped works, decision 0071), when the counts
 * did not tell: none or one result is as many works; else one statement over the matched titles.
 */
export async function countWorks(tx: Queryable, request: SearchRequest, total: number): Promise<number> {
  if (total <= 1) return total;
  const { sql, params } = buildMatchedTitlesSql(
    request,
    `count(DISTINCT coalesce(t.work_key, '#' || t.id))::int AS works`,
  );
  return (await tx.query<{ works: number }>(sql, params)).rows[0]!.works;
}

/**
 * The filter counts of a search, `key → count` with the total under '#' (and the works under
 * WORKS_KEY when `works` and the statement counts over the matched titles), and how many titles
 * the text matches when kept counts tell it.
 */
export async function countInDatabase(
  tx: Queryable,
  request: SearchRequest,
  { value: hint, words }: Hints,
  { cap, termCounts, works }: { cap: number; termCounts: boolean; works: boolean },
): Promise<{ rows: { key: string; count: number }[]; matched?: number }> {
  const run = async (statement: { sql: string; params: unknown[] }) =>
    (await tx.query<{ key: string; count: number }>(statement.sql, statement.params)).rows;
  const groups = filterKeyGroups(request.filters);
  const scope = termCounts && mayBeFrequent(request.text, words) ? termCountScope(request) : null;
  if (scope !== null) {
    // One frequent word: its kept counts, for every type (no filter) or for the filtered type
    // (one filter type); with more filter types only the number of titles it matches, which
    // chooses how the filters are checked.
    const [filtered] = groups;
    const one = groups.length === 1 ? filtered : undefined;
    const kept = await run(
      buildTermCountSql(request, {
        scope,
        prefixes: groups.length === 0 ? prefixesOf(request.tab) : one ? [one.prefix] : [],
        selected: one?.keys ?? [],
        cap,
      }),
    );
    const matched = kept.find((r) => r.key === TOTAL_KEY)?.count;
    if (matched !== undefined) {
      if (groups.length === 0) return { rows: kept, matched };
      if (!one)
        return { rows: await run(buildFilterCountSql(request, { cap, works, ...hint, matched })), matched };
      // The other types and the total under the filter; the word's total does not apply.
      const own = kept.filter((r) => r.key !== TOTAL_KEY);
      const others = await run(buildFilteredCountSql(request, { cap, ...hint, matched }));
      return { rows: [...own, ...others], matched };
    }
  }
  return { rows: await run(buildFilterCountSql(request, { cap, works, ...hint })) };
}
