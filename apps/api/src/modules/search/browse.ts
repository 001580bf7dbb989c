import type { IndexType } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import { compactIdentifier, toIsbn13 } from './isbn.ts';

/** One row of browse_entry (migration 0011). */
export interface IndexEntryRow {
  norm: string;
  display: string;
  title_count: number;
  /** 0 for entries that are not authorities. */
  authority_id: number;
}

/** One page of an index and whether there are entries on either side of it. */
export interface IndexPage {
  entries: IndexEntryRow[];
  hasBefore: boolean;
  hasAfter: boolean;
}

/**
 * The filing key of a typed starting term, as browse_entry keys that index: ISBN and ISSN keep
 * digits and X (a whole ISBN-10 becomes its ISBN-13, the form stored), the rest go through
 * f_filing in the query itself.
 */
function identifierKey(type: 'isbn' | 'issn', term: string): string {
  const compact = compactIdentifier(term);
  if (type === 'isbn' && compact?.length === 10) return toIsbn13(compact);
  return term.toUpperCase().replace(/[^0-9X]/g, '');
}

/** The SQL expression of the starting key ($2) for an index type. */
function startSql(type: IndexType): string {
  return type === 'isbn' || type === 'issn' ? '$2::text' : "coalesce(public.f_filing($2), '')";
}

/**
 * One page of an index in filing order. Page 1 starts at the first entry not before the term,
 * page 2 follows it; page 0 ends just before the term, page -1 precedes page 0.
 */
export async function browseIndex(
  db: Queryable,
  options: { type: IndexType; term: string; page: number; pageSize: number },
): Promise<IndexPage> {
  const { type, page, pageSize } = options;
  const term = type === 'isbn' || type === 'issn' ? identifierKey(type, options.term) : options.term;
  const start = startSql(type);
  const forward = page >= 1;
  const offset = (forward ? page - 1 : -page) * pageSize;
  // One row more than the page tells whether another page follows in the direction read.
  const { rows } = await db.query<IndexEntryRow>(
    forward
      ? `SELECT norm, display, title_count, authority_id FROM browse_entry
          WHERE kind = $1 AND norm >= ${start}
          ORDER BY norm, authority_id LIMIT $3 OFFSET $4`
      : `SELECT norm, display, title_count, authority_id FROM browse_entry
          WHERE kind = $1 AND norm < ${start}
          ORDER BY norm DESC, authority_id DESC LIMIT $3 OFFSET $4`,
    [type, term, pageSize + 1, offset],
  );
  const more = rows.length > pageSize;
  const entries = rows.slice(0, pageSize);
  // The nearest entry on each side, read in index order: a bare EXISTS may be planned as a scan of
  // the whole table when the statistics of all index types mislead about this one.
  const { rows: sides } = await db.query<{ before: boolean; after: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM (SELECT norm FROM browse_entry WHERE kind = $1 AND norm < ${start}
                                    ORDER BY norm DESC LIMIT 1) nearest) AS before,
            EXISTS (SELECT 1 FROM (SELECT norm FROM browse_entry WHERE kind = $1 AND norm >= ${start}
                                    ORDER BY norm LIMIT 1) nearest) AS after`,
    [type, term],
  );
  const { before, after } = sides[0] ?? { before: false, after: false };
  if (forward) {
    return { entries, hasBefore: before || (page > 1 && after), hasAfter: more };
  }
  return { entries: entries.reverse(), hasBefore: more, hasAfter: page < 0 || after };
}

/** What the titles of an indexed-titles call are under. */
export type IndexedTitlesFilter =
  | { kind: 'entry'; type: IndexType; key: string; authorityId?: number }
  | { kind: 'authority'; authorityId: number }
  | { kind: 'ids'; ids: number[] };

const ROLE: Partial<Record<IndexType, 'author' | 'subject'>> = { autor: 'author', assunto: 'subject' };

/** The SQL condition (over `title t`) of a filter; `p` binds a parameter and answers its placeholder. */
function titleCondition(filter: IndexedTitlesFilter, p: (value: unknown) => string): string {
  if (filter.kind === 'ids') return `t.id = ANY(${p(filter.ids)}::int[])`;
  if (filter.kind === 'authority')
    return `t.id IN (SELECT title_id FROM title_authority WHERE authority_id = ${p(filter.authorityId)})`;
  // The key is a filing form already when it comes from a browse; filing it again changes nothing
  // and lets a typed heading find its entry too.
  const key = filter.key;
  switch (filter.type) {
    case 'titulo':
      return `public.f_filing(t.title) = public.f_filing(${p(key)})`;
    case 'serie':
      return `public.f_filing(t.series) = public.f_filing(${p(key)})`;
    case 'numero_chamada':
      return `public.f_filing(t.call_number) = public.f_filing(${p(key)})`;
    case 'isbn':
      return `t.isbn @> ARRAY[${p(identifierKey('isbn', key))}::text]`;
    case 'issn': {
      const issn = identifierKey('issn', key);
      return `t.issn @> ARRAY[${p(`${issn.slice(0, 4)}-${issn.slice(4)}`)}::text]`;
    }
    case 'autor':
    case 'assunto': {
      // The entry's authorities come from the index itself (one key may name several).
      const authority =
        filter.authorityId === undefined ? '' : ` AND authority_id = ${p(filter.authorityId)}`;
      return `t.id IN (SELECT ta.title_id FROM title_authority ta
        WHERE ta.role = ${p(ROLE[filter.type])} AND ta.authority_id IN (
          SELECT authority_id FROM browse_entry
           WHERE kind = ${p(filter.type)} AND norm = public.f_filing(${p(key)})${authority}))`;
    }
  }
}

/** One page of the ids of the titles under a filter, in title order, and their number. */
export async function findIndexedTitleIds(
  db: Queryable,
  filter: IndexedTitlesFilter,
  options: { page: number; pageSize: number },
): Promise<{ ids: number[]; total: number }> {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const condition = titleCondition(filter, p);
  const { rows } = await db.query<{ id: number; total: number }>(
    `SELECT t.id, count(*) OVER ()::int AS total FROM title t WHERE ${condition}
      ORDER BY t.title_norm, t.id LIMIT ${p(options.pageSize)} OFFSET ${p((options.page - 1) * options.pageSize)}`,
    params,
  );
  if (rows.length === 0 && options.page > 1) {
    // Past the last page: the total still tells how many there are.
    const counted = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM title t WHERE ${condition}`,
      params.slice(0, -2),
    );
    return { ids: [], total: counted.rows[0]?.total ?? 0 };
  }
  return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
}
