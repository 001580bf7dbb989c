import type { Queryable } from '../../lib/db/index.ts';

const iso = (date: Date) => date.toISOString();

/** Records an AuthnRequest sent to the identity provider. */
export async function insertSamlSignOn(
  db: Queryable,
  row: { requestId: string; browserHash: string; redirect: string | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO saml_sign_on (request_id, browser_hash, redirect, created_at, expires_at)
     VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz)`,
    [row.requestId, row.browserHash, row.redirect, iso(row.createdAt), iso(row.expiresAt)],
  );
  // Sign-ons nobody finished are of no further use.
  await db.query(`DELETE FROM saml_sign_on WHERE expires_at < $1::timestamptz - interval '1 day'`, [
    iso(row.createdAt),
  ]);
}

/** A request of ours that is neither used nor expired. */
export async function findOpenSamlSignOn(
  db: Queryable,
  requestId: string,
  at: Date,
): Promise<{ created_at: Date } | null> {
  const { rows } = await db.query<{ created_at: Date | string }>(
    `SELECT created_at FROM saml_sign_on
      WHERE request_id = $1 AND consumed_at IS NULL AND expires_at > $2::timestamptz`,
    [requestId, iso(at)],
  );
  const row = rows[0];
  return row ? { created_at: new Date(row.created_at) } : null;
}

/** Uses a request up, once, from the browser that started it; null when unknown, expired, used or another browser. */
export async function consumeSamlSignOn(
  db: Queryable,
  requestId: string,
  browserHash: string,
  at: Date,
): Promise<{ redirect: string | null } | null> {
  const { rows } = await db.query<{ redirect: string | null }>(
    `UPDATE saml_sign_on SET consumed_at = $2::timestamptz
      WHERE request_id = $1 AND browser_hash = $3 AND consumed_at IS NULL AND expires_at > $2::timestamptz
     RETURNING redirect`,
    [requestId, iso(at), browserHash],
  );
  return rows[0] ?? null;
}
