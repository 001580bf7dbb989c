import type { Queryable } from '../../lib/db/index.ts';

const iso = (date: Date) => date.toISOString();

/** Stores a new recovery code for a patron; the codes sent before it stop working. */
export async function insertRecoveryCode(
  tx: Queryable,
  code: {
    patronId: number;
    hash: string;
    createdAt: Date;
    expiresAt: Date;
    maxAttempts: number;
    address: string | null;
  },
): Promise<void> {
  await tx.query(
    `UPDATE password_recovery_code SET superseded_at = $2::timestamptz
      WHERE patron_id = $1 AND used_at IS NULL AND superseded_at IS NULL`,
    [code.patronId, iso(code.createdAt)],
  );
  await tx.query(
    `INSERT INTO password_recovery_code (patron_id, code_hash, created_at, expires_at, max_attempts, requested_from)
     VALUES ($1, $2, $3::timestamptz, $4::timestamptz, $5, $6)`,
    [code.patronId, code.hash, iso(code.createdAt), iso(code.expiresAt), code.maxAttempts, code.address],
  );
}

/** How many codes were sent to a patron since a time (to limit sending). */
export async function countRecoveryCodesSince(db: Queryable, patronId: number, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM password_recovery_code WHERE patron_id = $1 AND created_at > $2::timestamptz`,
    [patronId, iso(since)],
  );
  return rows[0]?.n ?? 0;
}

/** How many codes a client address asked for since a time (all logins together). */
export async function countRecoveryCodesFromAddressSince(
  db: Queryable,
  address: string,
  since: Date,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM password_recovery_code WHERE requested_from = $1 AND created_at > $2::timestamptz`,
    [address, iso(since)],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Takes one attempt of the patron's current code (the latest one, unused, not replaced, not expired,
 * with attempts left) and answers its id and hash; null when there is no such code. Taking the
 * attempt before checking the code means parallel guesses cannot exceed the limit.
 */
export async function takeRecoveryAttempt(
  db: Queryable,
  patronId: number,
  at: Date,
): Promise<{ id: number; code_hash: string } | null> {
  const { rows } = await db.query<{ id: number; code_hash: string }>(
    `UPDATE password_recovery_code SET attempts = attempts + 1
      WHERE id = (SELECT id FROM password_recovery_code WHERE patron_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1)
        AND used_at IS NULL AND superseded_at IS NULL
        AND expires_at > $2::timestamptz AND attempts < max_attempts
     RETURNING id::int AS id, code_hash`,
    [patronId, iso(at)],
  );
  return rows[0] ?? null;
}

/** Gives back an attempt taken by the right code (only wrong guesses count). */
export async function returnRecoveryAttempt(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE password_recovery_code SET attempts = greatest(attempts - 1, 0) WHERE id = $1', [
    id,
  ]);
}

/** Marks a code used; false when it was used (or replaced) in the meantime. */
export async function useRecoveryCode(tx: Queryable, id: number, at: Date): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE password_recovery_code SET used_at = $2::timestamptz
      WHERE id = $1 AND used_at IS NULL AND superseded_at IS NULL RETURNING id`,
    [id, iso(at)],
  );
  return rows.length > 0;
}
