// The page of a search: its ids in order and, when the request names a language, their
// result-list rows (titleSummarySql) read in the same statement, so a search reads its page in
// one round trip. A page kept from an earlier search reads only the rows of its ids.
import type { Queryable } from '../../../lib/db/index.ts';
import { titleSummarySql, type TitleSummaryRow } from '../../catalogue/index.ts';
import type { SearchRequest } from '../engine.ts';

/** The result-list rows of the ids, in their order (a deleted title would be left out). */
export async function hitsOf(
  via: Queryable,
  ids: number[],
  language: NonNullable<SearchRequest['hitsLanguage']>,
): Promise<TitleSummaryRow[]> {
  if (ids.length === 0) return [];
  const summary = titleSummarySql('$2');
  const { rows } = await via.query<TitleSummaryRow>(
    `SELECT ${summary.columns}
       FROM unnest($1::int[]) WITH ORDINALITY AS p(id, place)
       JOIN title t ON t.id = p.id
       ${summary.joins}
      ORDER BY p.place`,
    [ids, language],
  );
  return rows;
}

/**
 * The ids of a page statement (buildSearchSql), and their result-list rows when `language` is
 * given, in one statement.
 */
export async function readPage(
  tx: Queryable,
  page: { sql: string; params: unknown[] },
  language: SearchRequest['hitsLanguage'],
): Promise<{ ids: number[]; hits: TitleSummaryRow[] | undefined }> {
  if (!language) {
    const { rows } = await tx.query<{ id: number }>(page.sql, page.params);
    return { ids: rows.map((r) => r.id), hits: undefined };
  }
  const summary = titleSummarySql(`$${page.params.length + 1}`);
  const { rows } = await tx.query<TitleSummaryRow>(
    `SELECT ${summary.columns}
       FROM unnest(ARRAY(${page.sql})) WITH ORDINALITY AS p(id, place)
       JOIN title t ON t.id = p.id
       ${summary.joins}
      ORDER BY p.place`,
    [...page.params, language],
  );
  return { ids: rows.map((h) => h.id), hits: rows };
}
