import type { Queryable } from '../../lib/db/index.ts';

/** A holdings line of a periodical: one library's run (the kardex codPar). */
export interface HoldingRow {
  id: number;
  library_id: number;
  library_name: string;
  description: string;
  is_current: boolean;
  years: number[];
}

/** The holdings lines of a title with the years each has issues of (newest first). */
export async function findHoldings(db: Queryable, titleId: number): Promise<HoldingRow[]> {
  const { rows } = await db.query<HoldingRow>(
    `SELECT h.id, h.library_id, l.name AS library_name, h.description, h.is_current,
            coalesce((SELECT array_agg(DISTINCT i.year ORDER BY i.year DESC) FROM serial_issue i WHERE i.holding_id = h.id),
                     '{}') AS years
       FROM serial_holding h JOIN library l ON l.id = h.library_id
      WHERE h.title_id = $1
      ORDER BY l.name, h.is_current DESC, h.description`,
    [titleId],
  );
  return rows;
}

/** One issue of a holdings line with its library. */
export interface IssueRow {
  holding_id: number;
  seq: number;
  library_id: number;
  library_name: string;
  year: number;
  volume: string | null;
  number: string | null;
  period: string | null;
  published_on: string | null;
  received_on: string | null;
  has_contents: boolean;
}

const ISSUE_COLUMNS = `i.holding_id, i.seq, h.library_id, l.name AS library_name, i.year, i.volume, i.number, i.period,
  to_char(i.published_on, 'YYYY-MM-DD') AS published_on, to_char(i.received_on, 'YYYY-MM-DD') AS received_on,
  EXISTS (SELECT 1 FROM serial_article a WHERE a.holding_id = i.holding_id AND a.issue_seq = i.seq) AS has_contents`;

/** The latest year with issues among the holdings chosen (library and line optional), or null. */
export async function findLatestIssueYear(
  db: Queryable,
  filter: { titleId: number; libraryId?: number; holdingId?: number },
): Promise<number | null> {
  const { rows } = await db.query<{ year: number | null }>(
    `SELECT max(i.year) AS year FROM serial_issue i JOIN serial_holding h ON h.id = i.holding_id
      WHERE h.title_id = $1 AND ($2::int IS NULL OR h.library_id = $2) AND ($3::int IS NULL OR h.id = $3)`,
    [filter.titleId, filter.libraryId ?? null, filter.holdingId ?? null],
  );
  return rows[0]?.year ?? null;
}

/** Issues of a title in one year, by library and line when given, in publication order. */
export async function findIssues(
  db: Queryable,
  filter: { titleId: number; year: number; libraryId?: number; holdingId?: number },
): Promise<IssueRow[]> {
  const { rows } = await db.query<IssueRow>(
    `SELECT ${ISSUE_COLUMNS}
       FROM serial_issue i JOIN serial_holding h ON h.id = i.holding_id JOIN library l ON l.id = h.library_id
      WHERE h.title_id = $1 AND i.year = $2 AND ($3::int IS NULL OR h.library_id = $3) AND ($4::int IS NULL OR h.id = $4)
      ORDER BY l.name, h.id, i.published_on NULLS LAST, i.seq`,
    [filter.titleId, filter.year, filter.libraryId ?? null, filter.holdingId ?? null],
  );
  return rows;
}

/** One issue of a title's holdings line, or null. */
export async function findIssue(
  db: Queryable,
  titleId: number,
  holdingId: number,
  seq: number,
): Promise<IssueRow | null> {
  const { rows } = await db.query<IssueRow>(
    `SELECT ${ISSUE_COLUMNS}
       FROM serial_issue i JOIN serial_holding h ON h.id = i.holding_id JOIN library l ON l.id = h.library_id
      WHERE h.title_id = $1 AND i.holding_id = $2 AND i.seq = $3`,
    [titleId, holdingId, seq],
  );
  return rows[0] ?? null;
}

/** Issues of a title whose contents were registered, newest first, at most `limit`. */
export async function findIssuesWithContents(
  db: Queryable,
  titleId: number,
  limit: number,
): Promise<IssueRow[]> {
  const { rows } = await db.query<IssueRow>(
    `SELECT ${ISSUE_COLUMNS}
       FROM serial_issue i JOIN serial_holding h ON h.id = i.holding_id JOIN library l ON l.id = h.library_id
      WHERE h.title_id = $1
        AND EXISTS (SELECT 1 FROM serial_article a WHERE a.holding_id = i.holding_id AND a.issue_seq = i.seq)
      ORDER BY i.published_on DESC NULLS LAST, i.year DESC, i.seq DESC
      LIMIT $2`,
    [titleId, limit],
  );
  return rows;
}

/** A section of an issue with its articles. */
export interface SectionRow {
  holding_id: number;
  issue_seq: number;
  seq: number;
  name: string;
  articles: { seq: number; title: string; authors: string | null; pages: string | null }[];
}

/** Sections of the given issues (one section when `sectionSeq` is given), articles in order. */
export async function findSections(
  db: Queryable,
  issues: { holdingId: number; seq: number }[],
  sectionSeq?: number,
): Promise<SectionRow[]> {
  if (issues.length === 0) return [];
  const { rows } = await db.query<SectionRow>(
    `SELECT s.holding_id, s.issue_seq, s.seq, s.name,
            coalesce((SELECT json_agg(json_build_object('seq', a.seq, 'title', a.title, 'authors', a.authors,
                                                        'pages', a.pages) ORDER BY a.seq)
                        FROM serial_article a
                       WHERE a.holding_id = s.holding_id AND a.issue_seq = s.issue_seq AND a.section_seq = s.seq),
                     '[]'::json) AS articles
       FROM serial_section s
       JOIN unnest($1::int[], $2::int[]) AS wanted(holding_id, seq)
         ON wanted.holding_id = s.holding_id AND wanted.seq = s.issue_seq
      WHERE $3::int IS NULL OR s.seq = $3
      ORDER BY s.holding_id, s.issue_seq, s.seq`,
    [issues.map((i) => i.holdingId), issues.map((i) => i.seq), sectionSeq ?? null],
  );
  return rows;
}
