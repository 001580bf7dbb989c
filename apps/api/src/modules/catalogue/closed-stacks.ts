import { CLOSED_STACKS_ERROR } from '@estante/contract';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';

/** Copy statuses a closed-stack copy can be fetched in: on the shelf, or for reading in the library. */
const FETCHABLE_STATUSES = ['disponivel', 'consulta_local'];

/** A closed-stack copy of a title, with whether it can be asked for now. */
export interface ClosedStackCopyRow {
  id: number;
  title_id: number;
  library_id: number;
  library_name: string;
  number: string;
  volume: string | null;
  tome: string | null;
  part: string | null;
  location: string | null;
  status: string;
  is_requestable: boolean;
}

// A copy can be asked for when it is on the shelf ($2: the statuses), not lent, and nobody's request for it is open.
const REQUESTABLE = `c.status = ANY($2::text[])
  AND NOT EXISTS (SELECT 1 FROM loan ln WHERE ln.copy_id = c.id AND ln.returned_at IS NULL)
  AND NOT EXISTS (SELECT 1 FROM closed_stack_request_item ri JOIN closed_stack_request r ON r.id = ri.request_id
                   WHERE ri.copy_id = c.id AND r.status = 'aguardando')`;

/** Every closed-stack copy of a title, by library, volume and number. */
export async function findClosedStackCopies(db: Queryable, titleId: number): Promise<ClosedStackCopyRow[]> {
  const { rows } = await db.query<ClosedStackCopyRow>(
    `SELECT c.id, c.title_id, c.library_id, l.name AS library_name, c.number, c.volume, c.tome, c.part,
            c.location, c.status, (${REQUESTABLE}) AS is_requestable
       FROM copy c JOIN library l ON l.id = c.library_id
      WHERE c.title_id = $1 AND c.is_closed_stacks
      ORDER BY l.name, c.volume NULLS FIRST, c.tome NULLS FIRST, c.part NULLS FIRST, c.number`,
    [titleId, FETCHABLE_STATUSES],
  );
  return rows;
}

/** Whether a title has any copy in closed stacks. */
export async function hasClosedStackCopies(db: Queryable, titleId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM copy WHERE title_id = $1 AND is_closed_stacks LIMIT 1', [
    titleId,
  ]);
  return rows.length > 0;
}

/** A request that was recorded: its protocol and the copies in it. */
export interface RecordedRequest {
  protocol: string;
  requestedAt: Date;
  libraryId: number;
  libraryName: string;
  items: { titleId: number; copyId: number; title: string; number: string }[];
}

/** "2026-000042": the year and the request's number within it. */
export function formatProtocol(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Records a patron's request for closed-stack copies of one library and gives it the next protocol
 * number of the year. Refusals (SPEC §8 texts) are 422s; a copy or library that does not exist is a 404.
 */
export async function requestClosedStackCopies(
  db: Db,
  request: { patronId: number; libraryId: number; items: { titleId: number; copyId: number }[]; at: Date },
): Promise<RecordedRequest> {
  // The same copy twice in one basket counts once.
  const wanted = [...new Map(request.items.map((i) => [i.copyId, i])).values()];
  return db.transaction(async (tx) => {
    const library = (
      await tx.query<{ name: string }>('SELECT name FROM library WHERE id = $1', [request.libraryId])
    ).rows[0];
    if (!library) throw ERRORS.notFound();
    // Locking the copies makes two patrons asking for the same copy at once take turns.
    const { rows: copies } = await tx.query<{
      id: number;
      title_id: number;
      library_id: number;
      is_closed_stacks: boolean;
      number: string;
      title: string;
      is_requestable: boolean;
      is_mine: boolean;
    }>(
      `SELECT c.id, c.title_id, c.library_id, c.is_closed_stacks, c.number, t.title, (${REQUESTABLE}) AS is_requestable,
              EXISTS (SELECT 1 FROM closed_stack_request_item ri JOIN closed_stack_request r ON r.id = ri.request_id
                       WHERE ri.copy_id = c.id AND r.status = 'aguardando' AND r.patron_id = $3) AS is_mine
         FROM copy c JOIN title t ON t.id = c.title_id
        WHERE c.id = ANY($1::int[])
        ORDER BY c.id
          FOR UPDATE OF c`,
      [wanted.map((i) => i.copyId), FETCHABLE_STATUSES, request.patronId],
    );
    const byId = new Map(copies.map((c) => [c.id, c]));
    const found = wanted.map((item) => {
      const copy = byId.get(item.copyId);
      if (!copy || copy.title_id !== item.titleId) throw ERRORS.notFound();
      return copy;
    });
    const refuse = (error: { code: string; key: string }) => ERRORS.rule(error.code, error.key);
    if (found.some((c) => !c.is_closed_stacks)) throw refuse(CLOSED_STACKS_ERROR.NOT_CLOSED_STACKS);
    if (found.some((c) => c.library_id !== request.libraryId))
      throw refuse(CLOSED_STACKS_ERROR.OTHER_LIBRARY);
    if (found.some((c) => c.is_mine)) throw refuse(CLOSED_STACKS_ERROR.DUPLICATE);
    if (found.some((c) => !c.is_requestable)) throw refuse(CLOSED_STACKS_ERROR.UNAVAILABLE);

    const year = request.at.getUTCFullYear();
    // The upsert locks the year's counter row, so concurrent requests get consecutive numbers.
    const counter = await tx.query<{ last: number }>(
      `INSERT INTO protocol_counter (year, last) VALUES ($1, 1)
       ON CONFLICT (year) DO UPDATE SET last = protocol_counter.last + 1 RETURNING last`,
      [year],
    );
    const protocol = formatProtocol(year, counter.rows[0]!.last);
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO closed_stack_request (protocol, patron_id, library_id, requested_at)
       VALUES ($1, $2, $3, $4::timestamptz) RETURNING id`,
      [protocol, request.patronId, request.libraryId, request.at.toISOString()],
    );
    await tx.query(
      'INSERT INTO closed_stack_request_item (request_id, copy_id) SELECT $1, unnest($2::int[])',
      [inserted.rows[0]!.id, found.map((c) => c.id)],
    );
    return {
      protocol,
      requestedAt: request.at,
      libraryId: request.libraryId,
      libraryName: library.name,
      items: found.map((c) => ({ titleId: c.title_id, copyId: c.id, title: c.title, number: c.number })),
    };
  });
}
