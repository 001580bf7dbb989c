import type { MarcField } from '@estante/marc';
import type { Queryable } from '../../lib/db/index.ts';
import type { OnlineLinkRow } from './repository.ts';

/** Some MARC fields of a title, with its cover link. */
export interface TitleFieldsRow {
  id: number;
  cover_url: string | null;
  isbn: string[];
  fields: MarcField[];
}

/**
 * The stored MARC fields with the given tags of each title that exists (in id order); only those
 * fields leave the database, not the whole record.
 */
export async function findTitleFields(
  db: Queryable,
  ids: number[],
  tags: string[],
): Promise<TitleFieldsRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<TitleFieldsRow>(
    `SELECT t.id, t.cover_url, t.isbn,
            coalesce((SELECT jsonb_agg(f ORDER BY n) FROM jsonb_array_elements(t.marc->'fields') WITH ORDINALITY AS e(f, n)
                       WHERE f->>'tag' = ANY($2::text[])), '[]'::jsonb) AS fields
       FROM title t WHERE t.id = ANY($1::int[]) ORDER BY t.id`,
    [ids, tags],
  );
  return rows;
}

/** Online links (856) of several titles, by title and position. */
export async function findOnlineLinksOfTitles(
  db: Queryable,
  ids: number[],
): Promise<(OnlineLinkRow & { title_id: number })[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<OnlineLinkRow & { title_id: number }>(
    `SELECT title_id, seq, url, description, restricted
       FROM online_link WHERE title_id = ANY($1::int[]) ORDER BY title_id, seq`,
    [ids],
  );
  return rows;
}

/** Copies on the shelf of several titles, counted by library and location. */
export interface ShelfPlaceRow {
  title_id: number;
  library_id: number;
  library_name: string;
  location: string | null;
  call_number: string | null;
  copies: number;
}

/**
 * Where the copies of several titles are on the shelf, in one query for a whole result page: the
 * place with most copies first, then by library and location name.
 */
export async function findShelfPlacesOfTitles(db: Queryable, ids: number[]): Promise<ShelfPlaceRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ShelfPlaceRow>(
    `SELECT c.title_id, l.id AS library_id, l.name AS library_name, nullif(c.location, '') AS location,
            t.call_number, count(*)::int AS copies
       FROM copy c
       JOIN library l ON l.id = c.library_id
       JOIN title t ON t.id = c.title_id
      WHERE c.title_id = ANY($1::int[]) AND c.status = 'disponivel'
      GROUP BY c.title_id, l.id, l.name, nullif(c.location, ''), t.call_number
      ORDER BY c.title_id, count(*) DESC, l.name, nullif(c.location, '') NULLS LAST`,
    [ids],
  );
  return rows;
}
