import type { CatalogueSheetInput, RequestStatus } from '@estante/contract';
import type { Queryable } from '../../lib/db/index.ts';
import { insertEvent, insertRequest } from '../requests/repository.ts';

/** The request type of a catalogue sheet in `library_request` (SPEC §7 path segment). */
const TYPE = 'ficha-catalografica';

/** A catalogue sheet as stored: the patron's fields and what the library added. */
export interface SheetRow {
  id: number;
  patron_id: number;
  status: RequestStatus;
  fields: CatalogueSheetInput;
  library_data: { classificacao?: string | null; cutter?: string | null; assuntos?: string[] };
  answer_text: string | null;
  has_file: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, patron_id, status, fields, library_data, answer_text, answer_file IS NOT NULL AS has_file,
       created_at, updated_at`;

/** Stores a sheet the patron sent, waiting, with its first event, in the caller's transaction. */
export function insertSheet(
  tx: Queryable,
  input: { patronId: number; fields: CatalogueSheetInput; at: Date },
): Promise<number> {
  return insertRequest(tx, {
    patronId: input.patronId,
    type: TYPE,
    subtype: null,
    libraryId: null,
    fields: input.fields,
    at: input.at,
  });
}

// A sheet's history is the requests' own (library_request_event).
export { insertEvent };

/** One sheet; only the patron's own when patronId is given (another's is as unknown). */
export async function findSheet(db: Queryable, id: number, patronId?: number): Promise<SheetRow | null> {
  const { rows } = await db.query<SheetRow>(
    `SELECT ${COLUMNS} FROM library_request
      WHERE id = $1 AND type = '${TYPE}' AND ($2::int IS NULL OR patron_id = $2)`,
    [id, patronId ?? null],
  );
  return rows[0] ?? null;
}

/** The sheet locked for a librarian's change (in a transaction). */
export async function lockSheet(tx: Queryable, id: number): Promise<SheetRow | null> {
  const { rows } = await tx.query<SheetRow>(
    `SELECT ${COLUMNS} FROM library_request WHERE id = $1 AND type = '${TYPE}' FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** The patron's sheets, newest first. */
export async function listOwnSheets(db: Queryable, patronId: number): Promise<SheetRow[]> {
  const { rows } = await db.query<SheetRow>(
    `SELECT ${COLUMNS} FROM library_request WHERE patron_id = $1 AND type = '${TYPE}'
      ORDER BY created_at DESC, id DESC`,
    [patronId],
  );
  return rows;
}

/** The issued sheet's file, when there is one. */
export async function findSheetFile(
  db: Queryable,
  id: number,
  patronId: number,
): Promise<{ data: Buffer; name: string; type: string } | null> {
  const { rows } = await db.query<{
    answer_file: Uint8Array;
    answer_file_name: string;
    answer_file_type: string;
  }>(
    `SELECT answer_file, answer_file_name, answer_file_type FROM library_request
      WHERE id = $1 AND patron_id = $2 AND type = '${TYPE}' AND answer_file IS NOT NULL`,
    [id, patronId],
  );
  const row = rows[0];
  return row
    ? { data: Buffer.from(row.answer_file), name: row.answer_file_name, type: row.answer_file_type }
    : null;
}

/** Replaces what the library added (classification, Cutter, subjects). */
export async function updateLibraryData(
  tx: Queryable,
  id: number,
  data: SheetRow['library_data'],
  at: Date,
): Promise<void> {
  await tx.query(`UPDATE library_request SET library_data = $2::jsonb, updated_at = $3 WHERE id = $1`, [
    id,
    JSON.stringify(data),
    at,
  ]);
}

/** Stores the final sheet as the request's answer file and closes it as answered. */
export async function issueSheet(
  tx: Queryable,
  id: number,
  file: { data: Buffer; name: string; type: string },
  at: Date,
): Promise<void> {
  await tx.query(
    `UPDATE library_request
        SET answer_file = $2, answer_file_name = $3, answer_file_type = $4, status = 'atendida', updated_at = $5
      WHERE id = $1`,
    [id, file.data, file.name, file.type, at],
  );
}
