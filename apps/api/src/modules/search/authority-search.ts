import type { AuthorityType } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';

/** One authority found, with the number of titles linked to it. */
export interface AuthorityHitRow {
  id: number;
  type: AuthorityType;
  heading: string;
  see_from: string[];
  title_count: number;
}

/**
 * The typed words as a prefix query: every word must occur in the heading or a see-from
 * reference, as a word or the start of one ("mach assis" finds "Assis, Machado de"). Built from
 * the lexemes PostgreSQL itself parses out of the text, each quoted, so no typed character can
 * change the query's syntax.
 */
const PREFIX_QUERY = `to_tsquery('simple', (
  SELECT string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')
    FROM unnest(to_tsvector('simple', public.f_unaccent($1)))))`;

/**
 * One page of the authorities matching the typed words, of the given types (all when none): a
 * heading equal to the text first, then those whose heading holds the words, then those matched
 * by a see-from reference only; each group in filing order (as the index files headings).
 */
export async function searchAuthorities(
  db: Queryable,
  options: { text: string; types?: AuthorityType[]; page: number; pageSize: number },
): Promise<{ rows: AuthorityHitRow[]; total: number }> {
  const types = options.types && options.types.length > 0 ? options.types : null;
  // The page is chosen first; the title counts are made only for its rows.
  const { rows } = await db.query<AuthorityHitRow & { total: number }>(
    `WITH q AS (SELECT ${PREFIX_QUERY} AS query),
     page AS (
       SELECT a.id, a.type, a.heading, a.see_from, public.f_filing(a.heading) COLLATE "C" AS filing,
              (a.heading_norm = public.f_norm($1)) AS exact,
              (ts_filter(a.search_vector, '{a}') @@ q.query) AS in_heading,
              count(*) OVER ()::int AS total
         FROM authority a, q
        WHERE a.search_vector @@ q.query AND ($2::text[] IS NULL OR a.type = ANY($2::text[]))
        ORDER BY exact DESC, in_heading DESC, filing, a.id
        LIMIT $3 OFFSET $4
     )
     SELECT p.id, p.type, p.heading, p.see_from, p.total,
            (SELECT count(DISTINCT ta.title_id)::int FROM title_authority ta WHERE ta.authority_id = p.id) AS title_count
       FROM page p
      ORDER BY p.exact DESC, p.in_heading DESC, p.filing, p.id`,
    [options.text, types, options.pageSize, (options.page - 1) * options.pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && options.page > 1) {
    const counted = await db.query<{ total: number }>(
      `WITH q AS (SELECT ${PREFIX_QUERY} AS query)
       SELECT count(*)::int AS total FROM authority a, q
        WHERE a.search_vector @@ q.query AND ($2::text[] IS NULL OR a.type = ANY($2::text[]))`,
      [options.text, types],
    );
    total = counted.rows[0]?.total ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}
