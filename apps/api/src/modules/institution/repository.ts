import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

/** All institution settings as one key → value object. */
export async function readSettings(db: Queryable): Promise<Record<string, unknown>> {
  const { rows } = await db.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM institution_setting',
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Stores one institution setting (value as JSON). */
export async function writeSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO institution_setting (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [key, JSON.stringify(value)],
  );
}

/** Enabled activities with their description in the language. */
export async function listActivities(db: Queryable, language: ServerLanguage) {
  const { rows } = await db.query<{ code: number; description: string }>(
    `SELECT code, CASE $1::text WHEN 'en' THEN description_en WHEN 'es' THEN description_es ELSE description_pt END AS description
       FROM activity WHERE enabled ORDER BY code`,
    [language],
  );
  return rows;
}

/** Turns an activity on or off. */
export async function setActivity(db: Queryable, code: number, enabled: boolean): Promise<boolean> {
  const { rows } = await db.query('UPDATE activity SET enabled = $2 WHERE code = $1 RETURNING code', [
    code,
    enabled,
  ]);
  return rows.length > 0;
}

export async function listCampuses(db: Queryable) {
  return (await db.query<{ id: number; name: string }>('SELECT id, name FROM campus ORDER BY name')).rows;
}

export async function listLibraries(db: Queryable, campusId?: number) {
  return (
    await db.query<{ id: number; name: string; campus_id: number }>(
      `SELECT id, name, campus_id FROM library WHERE ($1::int IS NULL OR campus_id = $1) ORDER BY name`,
      [campusId ?? null],
    )
  ).rows;
}
