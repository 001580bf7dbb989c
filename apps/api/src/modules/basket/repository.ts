import type { Queryable } from '../../lib/db/index.ts';

/** What an export needs of a stored title. */
export interface ExportTitleRow {
  id: number;
  title: string;
  main_author: string | null;
  year: number | null;
  edition: string | null;
  publication_place: string | null;
  publisher: string | null;
  isbn: string[];
  issn: string[];
  call_number: string | null;
  marc: unknown;
}

/** The titles with these ids, in no particular order (missing ids are simply absent). */
export async function findExportTitles(db: Queryable, ids: readonly number[]): Promise<ExportTitleRow[]> {
  const { rows } = await db.query<ExportTitleRow>(
    `SELECT id, title, main_author, year, edition, publication_place, publisher, isbn, issn, call_number, marc
       FROM title
      WHERE id = ANY($1::int[])`,
    [ids],
  );
  return rows;
}
