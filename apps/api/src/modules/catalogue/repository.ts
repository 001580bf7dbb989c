import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

/** Row of a result-list title. */
export interface TitleSummaryRow {
  id: number;
  title: string;
  main_author: string | null;
  year: number | null;
  work_type: string;
  work_type_label: string | null;
  language: string | null;
  language_name: string | null;
  call_number: string | null;
  cover_url: string | null;
  remote_access: string | null;
  is_accessible: boolean;
  copies_available: number;
  copies_total: number;
}

/** A label column in the language bound at `lang` (a placeholder such as $2). */
const labelIn = (lang: string, table: string, column: string) =>
  `CASE ${lang}::text WHEN 'en' THEN ${table}.${column}_en WHEN 'es' THEN ${table}.${column}_es ELSE ${table}.${column}_pt END`;

const label = (table: string, column: string) => labelIn('$2', table, column);

/**
 * The result-list row of `title t` (TitleSummaryRow), labels in the language bound at `lang`:
 * the columns and the joins they need. findTitleSummaries reads it; the search engine reads it
 * in the page statement of a search.
 */
export function titleSummarySql(lang: string): { columns: string; joins: string } {
  return {
    columns: `t.id AS id, t.title, t.main_author, t.year, t.work_type, ${labelIn(lang, 'wt', 'label')} AS work_type_label,
            t.language, ${labelIn(lang, 'l', 'name')} AS language_name, t.call_number, t.cover_url, t.remote_access,
            t.is_accessible,
            (SELECT count(*)::int FROM copy c WHERE c.title_id = t.id AND c.status = 'disponivel') AS copies_available,
            (SELECT count(*)::int FROM copy c WHERE c.title_id = t.id) AS copies_total`,
    joins: `LEFT JOIN work_type wt ON wt.code = t.work_type
       LEFT JOIN language l ON l.code = t.language`,
  };
}

/** Result-list rows for the ids, in the order given. */
export async function findTitleSummaries(
  db: Queryable,
  ids: number[],
  language: ServerLanguage,
): Promise<TitleSummaryRow[]> {
  if (ids.length === 0) return [];
  const summary = titleSummarySql('$2');
  const { rows } = await db.query<TitleSummaryRow>(
    `SELECT ${summary.columns}
       FROM title t
       ${summary.joins}
      WHERE t.id = ANY($1::int[])`,
    [ids, language],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Full row of one title. */
export interface TitleRow extends TitleSummaryRow {
  control_number: string;
  title_statement: string | null;
  vernacular_title: string | null;
  authors_text: string;
  subjects_text: string;
  edition: string | null;
  publication_place: string | null;
  publisher: string | null;
  publication_date: string | null;
  physical_description: string | null;
  series: string | null;
  notes: string[];
  isbn: string[];
  issn: string[];
  classification: string | null;
  knowledge_area_id: number | null;
  knowledge_area: string | null;
  marc: unknown;
}

export async function findTitle(
  db: Queryable,
  id: number,
  language: ServerLanguage,
): Promise<TitleRow | null> {
  const { rows } = await db.query<TitleRow>(
    `SELECT t.id, t.title, t.main_author, t.year, t.work_type, ${label('wt', 'label')} AS work_type_label,
            t.language, ${label('l', 'name')} AS language_name, t.call_number, t.cover_url, t.remote_access,
            t.is_accessible, t.control_number, t.title_statement, t.vernacular_title, t.authors_text, t.subjects_text,
            t.edition, t.publication_place, t.publisher, t.publication_date, t.physical_description, t.series,
            t.notes, t.isbn, t.issn, t.classification, t.knowledge_area_id, ka.name AS knowledge_area, t.marc,
            (SELECT count(*)::int FROM copy c WHERE c.title_id = t.id AND c.status = 'disponivel') AS copies_available,
            (SELECT count(*)::int FROM copy c WHERE c.title_id = t.id) AS copies_total
       FROM title t
       LEFT JOIN work_type wt ON wt.code = t.work_type
       LEFT JOIN language l ON l.code = t.language
       LEFT JOIN knowledge_area ka ON ka.id = t.knowledge_area_id
      WHERE t.id = $1`,
    [id, language],
  );
  return rows[0] ?? null;
}

/** Authorities linked to a title, by role and position. */
export async function findTitleAuthorities(db: Queryable, titleId: number) {
  const { rows } = await db.query<{
    role: 'author' | 'subject';
    id: number;
    heading: string;
    relator: string | null;
  }>(
    `SELECT ta.role, a.id, a.heading, ta.relator FROM title_authority ta JOIN authority a ON a.id = ta.authority_id
      WHERE ta.title_id = $1 ORDER BY ta.role, ta.position`,
    [titleId],
  );
  return rows;
}

/** Row of one online link; `restricted` is null for an open link, else 'proxy' or the publisher's code. */
export interface OnlineLinkRow {
  seq: number;
  url: string;
  description: string | null;
  restricted: string | null;
}

export async function findOnlineLinks(db: Queryable, titleId: number): Promise<OnlineLinkRow[]> {
  return (
    await db.query<OnlineLinkRow>(
      'SELECT seq, url, description, restricted FROM online_link WHERE title_id = $1 ORDER BY seq',
      [titleId],
    )
  ).rows;
}

/** One online link of a title, or null. */
export async function findOnlineLink(
  db: Queryable,
  titleId: number,
  seq: number,
): Promise<OnlineLinkRow | null> {
  const { rows } = await db.query<OnlineLinkRow>(
    'SELECT seq, url, description, restricted FROM online_link WHERE title_id = $1 AND seq = $2',
    [titleId, seq],
  );
  return rows[0] ?? null;
}

/** Row of one copy with its library. */
export interface CopyRow {
  id: number;
  library_id: number;
  library_name: string;
  number: string;
  volume: string | null;
  tome: string | null;
  part: string | null;
  loan_type: string | null;
  location: string | null;
  status: string;
  expected_return: string | null;
}

export async function findCopies(db: Queryable, titleId: number, libraryId?: number): Promise<CopyRow[]> {
  const { rows } = await db.query<CopyRow>(
    `SELECT c.id, c.library_id, l.name AS library_name, c.number, c.volume, c.tome, c.part, c.loan_type,
            c.location, c.status, to_char(c.expected_return, 'YYYY-MM-DD') AS expected_return
       FROM copy c JOIN library l ON l.id = c.library_id
      WHERE c.title_id = $1 AND ($2::int IS NULL OR c.library_id = $2)
      ORDER BY l.name, c.volume NULLS FIRST, c.number`,
    [titleId, libraryId ?? null],
  );
  return rows;
}

/** Row of one authority. */
export interface AuthorityRow {
  id: number;
  type: string;
  heading: string;
  see_from: string[];
  see_also: string[];
  notes: string[];
  marc: unknown;
}

export async function findAuthority(db: Queryable, id: number): Promise<AuthorityRow | null> {
  const { rows } = await db.query<AuthorityRow>(
    'SELECT id, type, heading, see_from, see_also, notes, marc FROM authority WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Titles under an authority (most recent first) and their number. */
export async function findAuthorityTitles(db: Queryable, authorityId: number, limit: number) {
  const { rows } = await db.query<{ id: number; title: string; year: number | null; total: number }>(
    `SELECT t.id, t.title, t.year, count(*) OVER ()::int AS total
       FROM title t WHERE t.id IN (SELECT title_id FROM title_authority WHERE authority_id = $1)
      ORDER BY t.year DESC NULLS LAST, t.title_norm LIMIT $2`,
    [authorityId, limit],
  );
  return { titles: rows, total: rows[0]?.total ?? 0 };
}

/** Number of authorities of each type. */
export async function countAuthoritiesByType(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ type: string; total: number }>(
    'SELECT type, count(*)::int AS total FROM authority GROUP BY type',
  );
  return new Map(rows.map((r) => [r.type, r.total]));
}

/** Records one click on an online link; false when the title has no such link. */
export async function recordLinkAccess(
  db: Queryable,
  access: {
    titleId: number;
    seq: number;
    url: string;
    userId: string | null;
    browser: string | null;
    device: string | null;
    os: string | null;
  },
): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO link_access (title_id, seq, url, user_id, browser, device, os)
     SELECT title_id, seq, url, $4, $5, $6, $7 FROM online_link WHERE title_id = $1 AND seq = $2 AND url = $3
     RETURNING id`,
    [access.titleId, access.seq, access.url, access.userId, access.browser, access.device, access.os],
  );
  return rows.length > 0;
}
