import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

/** Row of a network institution with its number of records. */
export interface NetworkInstitutionRow {
  code: number;
  name: string;
  total: number;
}

/** Every institution of the network, by name, with how many records it has. */
export async function listNetworkInstitutions(db: Queryable): Promise<NetworkInstitutionRow[]> {
  const { rows } = await db.query<NetworkInstitutionRow>(
    `SELECT i.code, i.name, (SELECT count(*)::int FROM network_record r WHERE r.institution_id = i.id) AS total
       FROM network_institution i
      ORDER BY public.f_norm(i.name), i.code`,
  );
  return rows;
}

/** Row of a network record in a result list. */
export interface NetworkSummaryRow {
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
  has_links: boolean;
  is_accessible: boolean;
  institution_code: number;
  institution_name: string;
}

const label = (table: string, column: string) =>
  `CASE $2::text WHEN 'en' THEN ${table}.${column}_en WHEN 'es' THEN ${table}.${column}_es ELSE ${table}.${column}_pt END`;

const SUMMARY_COLUMNS = `r.id, r.title, r.main_author, r.year, r.work_type, ${label('wt', 'label')} AS work_type_label,
  r.language, ${label('l', 'name')} AS language_name, r.call_number, r.cover_url,
  jsonb_array_length(r.online_links) > 0 AS has_links, r.is_accessible,
  i.code AS institution_code, i.name AS institution_name`;

const FROM = `FROM network_record r
  JOIN network_institution i ON i.id = r.institution_id
  LEFT JOIN work_type wt ON wt.code = r.work_type
  LEFT JOIN language l ON l.code = r.language`;

/** Result-list rows for the ids, in the order given. */
export async function findNetworkSummaries(
  db: Queryable,
  ids: number[],
  language: ServerLanguage,
): Promise<NetworkSummaryRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<NetworkSummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} ${FROM} WHERE r.id = ANY($1::int[])`,
    [ids, language],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Full row of one network record. */
export interface NetworkRecordRow extends NetworkSummaryRow {
  control_number: string;
  title_statement: string | null;
  vernacular_title: string | null;
  authors: string[];
  subjects: string[];
  edition: string | null;
  publication_place: string | null;
  publisher: string | null;
  publication_date: string | null;
  physical_description: string | null;
  series: string | null;
  notes: string[];
  isbn: string[];
  issn: string[];
  online_links: { url: string; description: string | null }[];
  marc: unknown;
}

export async function findNetworkRecord(
  db: Queryable,
  id: number,
  language: ServerLanguage,
): Promise<NetworkRecordRow | null> {
  const { rows } = await db.query<NetworkRecordRow>(
    `SELECT ${SUMMARY_COLUMNS}, r.control_number, r.title_statement, r.vernacular_title, r.authors, r.subjects,
            r.edition, r.publication_place, r.publisher, r.publication_date, r.physical_description, r.series,
            r.notes, r.isbn, r.issn, r.online_links, r.marc
       ${FROM} WHERE r.id = $1`,
    [id, language],
  );
  return rows[0] ?? null;
}
