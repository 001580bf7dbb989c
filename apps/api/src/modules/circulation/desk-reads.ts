import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import type { Day } from './local/rules.ts';

// Reads of the circulation desk (decision 0058): who stands at the desk, which copy was scanned,
// the holds shelf, and the lines of a receipt. The desk's changes go through the engine.

/** A patron found at the desk. */
export interface DeskPatronRecord {
  id: number;
  login: string;
  name: string;
  categoryLabel: string;
}

/** How a desk lookup ended: one match, none, or several (a card number shared by two people). */
export type Lookup<T> = { found: T } | { missing: 'NOT_FOUND' | 'AMBIGUOUS' };

/**
 * The patron by login (any case), else by card number or another sign-in alias (registration,
 * e-mail, tax number). An alias naming several people is not guessed at.
 */
export async function findDeskPatron(
  db: Queryable,
  key: string,
  language: ServerLanguage,
): Promise<Lookup<DeskPatronRecord>> {
  const label = `label_${language}`;
  const select = `SELECT p.id, p.login, p.name, c.${label} AS "categoryLabel"
    FROM patron p JOIN patron_category c ON c.code = p.category_code`;
  const byLogin = await db.query<DeskPatronRecord>(`${select} WHERE lower(p.login) = lower($1)`, [key]);
  if (byLogin.rows[0]) return { found: byLogin.rows[0] };
  const byAlias = await db.query<DeskPatronRecord>(
    `${select} JOIN patron_alias a ON a.patron_id = p.id WHERE a.alias = lower($1) ORDER BY p.id LIMIT 2`,
    [key],
  );
  if (byAlias.rows.length === 1) return { found: byAlias.rows[0]! };
  return { missing: byAlias.rows.length === 0 ? 'NOT_FOUND' : 'AMBIGUOUS' };
}

/**
 * The copy a scanner typed: LIBRARY:NUMBER, or the number alone when only one library uses it.
 */
export async function findDeskCopy(db: Queryable, key: string): Promise<Lookup<{ id: number }>> {
  const qualified = /^([^:]+):(.+)$/.exec(key);
  const { rows } = qualified
    ? await db.query<{ id: number }>(
        'SELECT c.id FROM copy c JOIN library l ON l.id = c.library_id WHERE l.code = $1 AND c.number = $2',
        [qualified[1]!, qualified[2]!],
      )
    : await db.query<{ id: number }>('SELECT id FROM copy WHERE number = $1 ORDER BY id LIMIT 2', [key]);
  if (rows.length === 1) return { found: rows[0]! };
  return { missing: rows.length === 0 ? 'NOT_FOUND' : 'AMBIGUOUS' };
}

/** A copy with its title and library, as a receipt names it. */
export interface DeskCopyRow {
  copyId: number;
  copyNumber: string;
  libraryId: number;
  libraryName: string;
  titleId: number;
  title: string;
  author: string | null;
}

const COPY_ROW = `c.id AS "copyId", c.number AS "copyNumber", l.id AS "libraryId", l.name AS "libraryName",
  t.id AS "titleId", t.title, t.main_author AS author`;

/** A loan as the receipt shows it: the copy, the patron, when it was lent and when it is due. */
export interface DeskLoanRow extends DeskCopyRow {
  loanId: number;
  loanedAt: Date;
  dueOn: Day;
  returnedAt: Date | null;
}

/** A loan by id (its patron is given by the engine: a returned loan may no longer name them). */
export async function deskLoan(db: Queryable, loanId: number): Promise<DeskLoanRow | null> {
  const { rows } = await db.query<DeskLoanRow>(
    `SELECT ln.id AS "loanId", ln.loaned_at AS "loanedAt", ln.due_on::text AS "dueOn",
            ln.returned_at AS "returnedAt", ${COPY_ROW}
       FROM loan ln JOIN copy c ON c.id = ln.copy_id JOIN library l ON l.id = c.library_id
       JOIN title t ON t.id = c.title_id
      WHERE ln.id = $1`,
    [loanId],
  );
  return rows[0] ?? null;
}

/** A patron's login and name, by id. */
export async function deskPerson(db: Queryable, patronId: number): Promise<{ login: string; name: string }> {
  const { rows } = await db.query<{ login: string; name: string }>(
    'SELECT login, name FROM patron WHERE id = $1',
    [patronId],
  );
  return rows[0] ?? { login: '', name: '' };
}

/** A hold's patron and pickup deadline. */
export async function deskHold(
  db: Queryable,
  holdId: number,
): Promise<{ login: string; name: string; pickupDeadline: Day | null } | null> {
  const { rows } = await db.query<{ login: string; name: string; pickupDeadline: Day | null }>(
    `SELECT p.login, p.name, h.pickup_deadline::text AS "pickupDeadline"
       FROM hold h JOIN patron p ON p.id = h.patron_id WHERE h.id = $1`,
    [holdId],
  );
  return rows[0] ?? null;
}

/** One copy on the holds shelf. */
export interface ShelfHoldRow extends DeskCopyRow {
  holdId: number;
  login: string;
  name: string;
  releasedAt: Date | null;
  pickupDeadline: Day;
}

/** The holds shelf: every released hold with its copy, nearest pickup deadline first. */
export async function holdsShelf(db: Queryable): Promise<ShelfHoldRow[]> {
  const { rows } = await db.query<ShelfHoldRow>(
    `SELECT h.id AS "holdId", p.login, p.name, h.released_at AS "releasedAt",
            h.pickup_deadline::text AS "pickupDeadline", ${COPY_ROW}
       FROM hold h JOIN patron p ON p.id = h.patron_id JOIN copy c ON c.id = h.copy_id
       JOIN library l ON l.id = c.library_id JOIN title t ON t.id = h.title_id
      WHERE h.status = 'liberada' AND h.pickup_deadline IS NOT NULL
      ORDER BY h.pickup_deadline, l.name, t.title, h.id`,
  );
  return rows;
}

/** What is left to pay of one debt of the patron, in cents; null when the patron has no such debt. */
export async function pendingOfDebt(db: Queryable, patronId: number, debtId: number): Promise<number | null> {
  const { rows } = await db.query<{ pending: number }>(
    'SELECT amount_cents - discount_cents - paid_cents AS pending FROM debt WHERE id = $1 AND patron_id = $2',
    [debtId, patronId],
  );
  return rows[0]?.pending ?? null;
}
