import type { Queryable } from '../../lib/db/index.ts';

const iso = (date: Date) => date.toISOString();

/** A sign-on in progress. */
export interface OidcSignOnRow {
  handle_hash: string;
  browser_hash: string;
  state: string;
  oidc_nonce: string;
  code_verifier: string;
  redirect: string | null;
  expires_at: Date;
  returned_at: Date | null;
  patron_id: number | null;
  error_code: string | null;
  consumed_at: Date | null;
}

export async function insertSignOn(
  db: Queryable,
  row: {
    handleHash: string;
    browserHash: string;
    state: string;
    nonce: string;
    codeVerifier: string;
    redirect: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO oidc_sign_on (handle_hash, browser_hash, state, oidc_nonce, code_verifier, redirect, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz)`,
    [
      row.handleHash,
      row.browserHash,
      row.state,
      row.nonce,
      row.codeVerifier,
      row.redirect,
      iso(row.createdAt),
      iso(row.expiresAt),
    ],
  );
  // Sign-ons nobody finished are of no further use.
  await db.query(`DELETE FROM oidc_sign_on WHERE expires_at < $1::timestamptz - interval '1 day'`, [
    iso(row.createdAt),
  ]);
}

/** The sign-on a provider return names by its state, if it has not returned yet and has not expired. */
export async function findOpenSignOnByState(
  db: Queryable,
  state: string,
  at: Date,
): Promise<OidcSignOnRow | null> {
  const { rows } = await db.query<OidcSignOnRow>(
    `SELECT handle_hash, browser_hash, state, oidc_nonce, code_verifier, redirect, expires_at, returned_at,
            patron_id, error_code, consumed_at
       FROM oidc_sign_on WHERE state = $1 AND returned_at IS NULL AND expires_at > $2::timestamptz`,
    [state, iso(at)],
  );
  return rows[0] ?? null;
}

/** Records the outcome of the provider's return: the patron, or why it failed. */
export async function recordReturn(
  db: Queryable,
  handleHash: string,
  outcome: { patronId: number } | { errorCode: string },
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE oidc_sign_on SET returned_at = $2::timestamptz, patron_id = $3, error_code = $4
      WHERE handle_hash = $1 AND returned_at IS NULL`,
    [
      handleHash,
      iso(at),
      'patronId' in outcome ? outcome.patronId : null,
      'errorCode' in outcome ? outcome.errorCode : null,
    ],
  );
}

/**
 * Hands out a returned, unexpired sign-on once: marks it consumed and answers its outcome; null
 * when it is unknown, expired, not returned yet or already consumed.
 */
export async function consumeSignOn(
  db: Queryable,
  handleHash: string,
  at: Date,
): Promise<{ patron_id: number | null; error_code: string | null; redirect: string | null } | null> {
  const { rows } = await db.query<{
    patron_id: number | null;
    error_code: string | null;
    redirect: string | null;
  }>(
    `UPDATE oidc_sign_on SET consumed_at = $2::timestamptz
      WHERE handle_hash = $1 AND consumed_at IS NULL AND returned_at IS NOT NULL AND expires_at > $2::timestamptz
     RETURNING patron_id, error_code, redirect`,
    [handleHash, iso(at)],
  );
  return rows[0] ?? null;
}

/**
 * Patrons an identity-provider value names: by login or alias first; when none, by e-mail (a field
 * may hold several addresses separated by semicolons).
 */
export async function findPatronIdsForSignOn(db: Queryable, value: string): Promise<number[]> {
  const byLogin = await db.query<{ id: number }>(
    `SELECT p.id FROM patron p WHERE lower(p.login) = lower($1)
     UNION
     SELECT a.patron_id AS id FROM patron_alias a WHERE a.alias = lower($1)
     ORDER BY id`,
    [value],
  );
  if (byLogin.rows.length > 0) return byLogin.rows.map((r) => r.id);
  const byEmail = await db.query<{ id: number }>(
    `SELECT p.id FROM patron p
      WHERE p.email IS NOT NULL
        AND lower($1) = ANY (SELECT lower(trim(e)) FROM unnest(string_to_array(p.email, ';')) AS e)
      ORDER BY p.id`,
    [value],
  );
  return byEmail.rows.map((r) => r.id);
}
