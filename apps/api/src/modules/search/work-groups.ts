import type { SearchHit } from '@estante/contract';
import type { Db, Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { findTitleSummaries, presentHit } from '../catalogue/index.ts';
import { readSettings } from '../institution/index.ts';
import type { SearchEngine, SearchRequest } from './engine.ts';
import { filterTypesForTab, groupFilterCounts, type FilterCounts } from './filters.ts';
import { buildFilterCountSql, buildMatchedTitlesSql, buildSearchSql, FULL_RANK_LIMIT } from './query.ts';

/**
 * Grouped works (decision 0071): the editions and formats of one work (titles sharing a work key,
 * migration 0041) shown as one result. This unit answers the count and the page of works of a
 * search after the engine has answered its titles, and the filter counts in works when they differ.
 * It is apart from the engine on purpose: it adds one statement (the count of works) to a search
 * of a grouped tab, and three more when two of its matches share a work.
 */

/** The institution setting that turns grouping off (INSTITUTION_SETTINGS); unset is on. */
export const GROUP_WORKS_SETTING = 'agrupar_obras';

/**
 * Tabs whose results are grouped: the whole catalogue, searched simply or advanced. The e-book and accessibility tabs already
 * choose one format, new acquisitions lists each arrival, the archive, normative acts and case law
 * hold documents rather than editions, and the network tab lists other institutions' records.
 */
const GROUPED_TABS: ReadonlySet<string> = new Set(['geral', 'avancada']);

/** Whether the results of a search in this tab are grouped by work. */
export async function groupsWorks(db: Queryable, tab: string): Promise<boolean> {
  if (!GROUPED_TABS.has(tab)) return false;
  return (await readSettings(db))[GROUP_WORKS_SETTING] !== false;
}

/** How many works a search matches (a title without a work key is a work of its own). */
export async function countWorks(db: Queryable, request: SearchRequest): Promise<number> {
  const counting = buildMatchedTitlesSql(
    request,
    `count(DISTINCT coalesce(t.work_key, '#' || t.id))::int AS works`,
  );
  return (await db.query<{ works: number }>(counting.sql, counting.params)).rows[0]!.works;
}

/** How many results a search shows: its works where they are grouped, else its titles. */
export async function resultTotal(
  db: Queryable,
  engine: SearchEngine,
  request: SearchRequest,
): Promise<number> {
  return (await groupsWorks(db, request.tab))
    ? countWorks(db, request)
    : (await engine.search(request)).total;
}

/**
 * One page of works: how many works match, each work's matched title ids, best-ranked first, and
 * the filter counts in works.
 */
export interface WorkPage {
  total: number;
  works: number[][];
  filters: FilterCounts[];
}

/** The page of works reads one snapshot, as the engine does. */
const SNAPSHOT = { settings: 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY' };

/**
 * The works a search matches and its page of works, in one snapshot; null when no two matched
 * titles share a work (the engine's page of titles is then the page of works).
 *
 * A work takes the place of its best-ranked title in the engine's order, so the first
 * `offset + pageSize` works lie within the first `offset + pageSize + repeats` titles, where
 * `repeats` is the number of matched titles that are not the first of their work: those are read
 * in order and each work kept at its first title. A work's other titles are its matched ones
 * (search and filters), newest first.
 *
 * `known`: the titles and works the engine counted for this search under the same catalogue
 * version (decision 0085); without them they are counted here. `engine`: counts the filters in
 * works when it can without reading every matched title (SearchEngine.countByWork).
 */
export async function pageOfWorks(
  db: Db,
  request: SearchRequest,
  known?: { titles: number; works: number },
  engine?: Pick<SearchEngine, 'countByWork'>,
): Promise<WorkPage | null> {
  return db.transaction(async (tx) => {
    const counted = async () => {
      const counting = buildMatchedTitlesSql(
        request,
        `count(*)::int AS titles, count(DISTINCT coalesce(t.work_key, '#' || t.id))::int AS works`,
      );
      return (await tx.query<{ titles: number; works: number }>(counting.sql, counting.params)).rows[0]!;
    };
    const { titles, works } = known ?? (await counted());
    const repeats = titles - works;
    if (repeats === 0) return null;
    // Each filter value counts the works holding it (under the other types' filters, as ever).
    const countedByWork = async () => {
      const filterCounting = buildFilterCountSql(request, { byWork: true });
      return (await tx.query<{ key: string; count: number }>(filterCounting.sql, filterCounting.params)).rows;
    };
    const counts = new Map(
      ((await engine?.countByWork?.(tx, request)) ?? (await countedByWork())).map((r) => [r.key, r.count]),
    );
    const filters = groupFilterCounts(filterTypesForTab(request.tab), counts, request.filters);
    const offset = (request.page - 1) * request.pageSize;
    if (offset >= works) return { total: works, works: [], filters };

    const ordered = buildSearchSql(
      { ...request, page: 1, pageSize: offset + request.pageSize + repeats },
      { fullRank: titles <= FULL_RANK_LIMIT },
    );
    const { rows } = await tx.query<{ id: number; work: string | null }>(
      `SELECT p.id, t.work_key AS work
         FROM unnest(ARRAY(${ordered.sql})) WITH ORDINALITY AS p(id, place)
         JOIN title t ON t.id = p.id
        ORDER BY p.place`,
      ordered.params,
    );
    // Each work at its first (best-ranked) title.
    const seen = new Set<string>();
    const firsts: typeof rows = [];
    for (const row of rows) {
      if (row.work !== null && seen.has(row.work)) continue;
      if (row.work !== null) seen.add(row.work);
      firsts.push(row);
    }
    const shown = firsts.slice(offset, offset + request.pageSize);

    const keys = shown.flatMap((row) => (row.work === null ? [] : [row.work]));
    const others = new Map<string, number[]>();
    if (keys.length > 0) {
      const members = buildMatchedTitlesSql(request, 't.id, t.work_key AS work', keys);
      const found = await tx.query<{ id: number; work: string }>(
        `${members.sql} ORDER BY t.year DESC NULLS LAST, t.id`,
        members.params,
      );
      for (const row of found.rows) others.set(row.work, [...(others.get(row.work) ?? []), row.id]);
    }
    return {
      total: works,
      filters,
      works: shown.map((row) => [
        row.id,
        ...(row.work === null ? [] : (others.get(row.work) ?? []).filter((id) => id !== row.id)),
      ]),
    };
  }, SNAPSHOT);
}

/** The result lines of a page of works: each work's first title, with its editions when it has several. */
export async function presentWorks(
  db: Queryable,
  works: number[][],
  language: ServerLanguage,
): Promise<SearchHit[]> {
  const rows = await findTitleSummaries(db, works.flat(), language);
  const hits = new Map(rows.map((row) => [row.id, presentHit(row)]));
  return works.flatMap((ids) => {
    const editions = ids.flatMap((id) => hits.get(id) ?? []);
    const [first] = editions;
    if (!first) return [];
    return [editions.length > 1 ? { ...first, edicoes: editions } : first];
  });
}
