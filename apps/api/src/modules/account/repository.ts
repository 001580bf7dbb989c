import type { Queryable } from '../../lib/db/index.ts';

/** The personal data of a patron as stored (days as YYYY-MM-DD text). */
export interface PersonalDataRow {
  id: number;
  login: string;
  name: string;
  email: string | null;
  other_emails: string[];
  phone: string | null;
  mobile_phone: string | null;
  receives_email: boolean;
  street: string | null;
  complement: string | null;
  district: string | null;
  postal_code: string | null;
  city: string | null;
  locality: string | null;
  id_number: string | null;
  tax_number: string | null;
  nationality: string | null;
  gender: string | null;
  birth_date: string | null;
  marital_status: string | null;
  education: string | null;
  job: string | null;
  registration_valid_until: string | null;
}

/** Stored columns of the personal data that a change writes (everything but id, login and name). */
export type PersonalDataColumns = Omit<PersonalDataRow, 'id' | 'login' | 'name'>;

const COLUMNS = `id, login, name, email, other_emails, phone, mobile_phone, receives_email, street, complement,
  district, postal_code, city, locality, id_number, tax_number, nationality, gender,
  to_char(birth_date, 'YYYY-MM-DD') AS birth_date, marital_status, education, job,
  to_char(registration_valid_until, 'YYYY-MM-DD') AS registration_valid_until`;

/** The patron's personal data; `forUpdate` locks the row until the transaction ends. */
export async function findPersonalData(
  db: Queryable,
  patronId: number,
  options: { forUpdate?: boolean } = {},
): Promise<PersonalDataRow | null> {
  const { rows } = await db.query<PersonalDataRow>(
    `SELECT ${COLUMNS} FROM patron WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [patronId],
  );
  const row = rows[0];
  // Some drivers hand an empty array column back as text.
  return row ? { ...row, other_emails: Array.isArray(row.other_emails) ? row.other_emails : [] } : null;
}

/** Writes the given columns of the patron's personal data. */
export async function updatePersonalData(
  tx: Queryable,
  patronId: number,
  changes: Partial<PersonalDataColumns>,
): Promise<void> {
  const entries = Object.entries(changes);
  if (entries.length === 0) return;
  // Column names come from PersonalDataColumns keys only (never from the request).
  const casts: Record<string, string> = {
    other_emails: '::text[]',
    birth_date: '::date',
    registration_valid_until: '::date',
    receives_email: '::boolean',
  };
  const sets = entries.map(([column], i) => `${column} = $${i + 2}${casts[column] ?? ''}`);
  await tx.query(`UPDATE patron SET ${sets.join(', ')} WHERE id = $1`, [
    patronId,
    ...entries.map(([, value]) => value),
  ]);
}

/** One change of one field, for the history. */
export interface DataChange {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

/** Appends changes to the patron's personal-data history. */
export async function insertDataChanges(
  tx: Queryable,
  patronId: number,
  at: Date,
  changedBy: string,
  changes: readonly DataChange[],
): Promise<void> {
  for (const change of changes) {
    await tx.query(
      `INSERT INTO patron_data_change (patron_id, changed_at, changed_by, field, old_value, new_value)
       VALUES ($1, $2::timestamptz, $3, $4, $5, $6)`,
      [patronId, at.toISOString(), changedBy, change.field, change.oldValue, change.newValue],
    );
  }
}

/** One line of the personal-data history, with the patron's login. */
export interface DataChangeRow {
  changed_at: Date;
  login: string;
  changed_by: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
}

/** The history of personal-data changes, oldest first: one patron's (by login) or everyone's, from a day on. */
export async function listDataChanges(
  db: Queryable,
  filter: { login?: string | undefined; since?: string | undefined },
): Promise<DataChangeRow[]> {
  const { rows } = await db.query<DataChangeRow>(
    `SELECT c.changed_at, p.login, c.changed_by, c.field, c.old_value, c.new_value
       FROM patron_data_change c JOIN patron p ON p.id = c.patron_id
      WHERE ($1::text IS NULL OR lower(p.login) = lower($1))
        AND ($2::date IS NULL OR c.changed_at >= $2::date)
      ORDER BY c.changed_at, c.id`,
    [filter.login ?? null, filter.since ?? null],
  );
  return rows;
}

/** The departments (the institution's courses), by name. */
export async function listDepartments(db: Queryable): Promise<{ id: number; name: string }[]> {
  return (await db.query<{ id: number; name: string }>('SELECT id, name FROM course ORDER BY name, id')).rows;
}

/** The id of the patron with this login (any case); null when there is none. */
export async function findPatronIdByLogin(db: Queryable, login: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM patron WHERE lower(login) = lower($1)', [
    login,
  ]);
  return rows[0]?.id ?? null;
}
