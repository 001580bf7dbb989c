import type { Queryable } from '../../lib/db/index.ts';

/** One of the library's research databases as stored. */
export interface ResearchDatabaseRow {
  id: number;
  name: string;
  description: string;
  areas: string[];
  url: string;
  is_subscribed: boolean;
}

/** What is written for a database (the id is the store's). */
export type ResearchDatabaseInput = Omit<ResearchDatabaseRow, 'id'>;

/** The databases: subscribed ones first, then open ones, each by name. */
export async function findDatabases(db: Queryable): Promise<ResearchDatabaseRow[]> {
  const { rows } = await db.query<ResearchDatabaseRow>(
    `SELECT id, name, description, areas, url, is_subscribed FROM research_database
      ORDER BY is_subscribed DESC, lower(name), id`,
  );
  return rows;
}

/** Adds a database, or replaces the one of the same name; answers its id. */
export async function upsertDatabase(db: Queryable, input: ResearchDatabaseInput): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO research_database (name, description, areas, url, is_subscribed)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description, areas = EXCLUDED.areas,
       url = EXCLUDED.url, is_subscribed = EXCLUDED.is_subscribed
     RETURNING id`,
    [input.name, input.description, input.areas, input.url, input.is_subscribed],
  );
  return rows[0]!.id;
}

/** Removes a database by id or by name; false when there was none. */
export async function deleteDatabase(db: Queryable, idOrName: number | string): Promise<boolean> {
  const { rows } = await db.query(
    typeof idOrName === 'number'
      ? 'DELETE FROM research_database WHERE id = $1 RETURNING id'
      : 'DELETE FROM research_database WHERE name = $1 RETURNING id',
    [idOrName],
  );
  return rows.length > 0;
}

/** A database by id, locked until the transaction ends. */
export async function lockDatabase(tx: Queryable, id: number): Promise<ResearchDatabaseRow | null> {
  const { rows } = await tx.query<ResearchDatabaseRow>(
    'SELECT id, name, description, areas, url, is_subscribed FROM research_database WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

/** Whether another database already has this name. */
export async function isDatabaseNameTaken(
  tx: Queryable,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM research_database WHERE name = $1 AND id IS DISTINCT FROM $2',
    [name, exceptId],
  );
  return rows.length > 0;
}

/** Adds a database; returns it. */
export async function insertDatabase(
  tx: Queryable,
  input: ResearchDatabaseInput,
): Promise<ResearchDatabaseRow> {
  const { rows } = await tx.query<ResearchDatabaseRow>(
    `INSERT INTO research_database (name, description, areas, url, is_subscribed) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, name, description, areas, url, is_subscribed`,
    [input.name, input.description, input.areas, input.url, input.is_subscribed],
  );
  return rows[0]!;
}

/** Rewrites a database; returns it. */
export async function updateDatabase(
  tx: Queryable,
  id: number,
  input: ResearchDatabaseInput,
): Promise<ResearchDatabaseRow> {
  const { rows } = await tx.query<ResearchDatabaseRow>(
    `UPDATE research_database SET name = $2, description = $3, areas = $4, url = $5, is_subscribed = $6
      WHERE id = $1 RETURNING id, name, description, areas, url, is_subscribed`,
    [id, input.name, input.description, input.areas, input.url, input.is_subscribed],
  );
  return rows[0]!;
}
