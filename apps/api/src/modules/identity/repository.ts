import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

/** A patron as sign-in needs it. */
export interface PatronRow {
  id: number;
  login: string;
  name: string;
  email: string | null;
  category_code: string;
  password_hash: string;
  /** A password not set yet, or the library's block (decision 0062): either refuses sign-in. */
  is_blocked: boolean;
  person_key: string | null;
}

const PATRON_COLUMNS = `p.id, p.login, p.name, p.email, p.category_code, p.password_hash,
  (p.is_blocked OR p.block_reason IS NOT NULL) AS is_blocked, p.person_key`;

const iso = (date: Date) => date.toISOString();

/** Patrons a username names: the login itself (any case) or an alias shared by several people. */
export async function findPatronsByUsername(db: Queryable, username: string): Promise<PatronRow[]> {
  const { rows } = await db.query<PatronRow>(
    `SELECT ${PATRON_COLUMNS} FROM patron p WHERE lower(p.login) = lower($1)
     UNION
     SELECT ${PATRON_COLUMNS} FROM patron p JOIN patron_alias a ON a.patron_id = p.id WHERE a.alias = lower($1)
     ORDER BY id`,
    [username],
  );
  return rows;
}

export async function findPatron(db: Queryable, id: number): Promise<PatronRow | null> {
  const { rows } = await db.query<PatronRow>(`SELECT ${PATRON_COLUMNS} FROM patron p WHERE p.id = $1`, [id]);
  return rows[0] ?? null;
}

/** A login of the same person, with its category label. */
export interface LinkedLoginRow {
  id: number;
  login: string;
  name: string;
  category_code: string;
  category_label: string;
  is_blocked: boolean;
}

/** The patron's own login and every login sharing its person key, in login order. */
export async function findLinkedLogins(
  db: Queryable,
  patronId: number,
  language: ServerLanguage,
): Promise<LinkedLoginRow[]> {
  const { rows } = await db.query<LinkedLoginRow>(
    `SELECT p.id, p.login, p.name, p.category_code, (p.is_blocked OR p.block_reason IS NOT NULL) AS is_blocked,
            CASE $2::text WHEN 'en' THEN c.label_en WHEN 'es' THEN c.label_es ELSE c.label_pt END AS category_label
       FROM patron me
       JOIN patron p ON p.id = me.id OR (me.person_key IS NOT NULL AND p.person_key = me.person_key)
       JOIN patron_category c ON c.code = p.category_code
      WHERE me.id = $1
      ORDER BY p.login`,
    [patronId, language],
  );
  return rows;
}

/** Module permissions of the patron's category, with the activity description in the language. */
export async function findPermissions(
  db: Queryable,
  patronId: number,
  language: ServerLanguage,
): Promise<{ module_code: number; activity_code: number; description: string }[]> {
  const { rows } = await db.query<{ module_code: number; activity_code: number; description: string }>(
    `SELECT cp.module_code, cp.activity_code,
            CASE $2::text WHEN 'en' THEN a.description_en WHEN 'es' THEN a.description_es ELSE a.description_pt END AS description
       FROM patron p
       JOIN category_permission cp ON cp.category_code = p.category_code
       JOIN activity a ON a.code = cp.activity_code
      WHERE p.id = $1
      ORDER BY cp.module_code, cp.activity_code`,
    [patronId, language],
  );
  return rows;
}

/** Codes of the activities the institution has turned on. */
export async function findEnabledActivities(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ code: number }>('SELECT code FROM activity WHERE enabled');
  return rows.map((r) => r.code);
}

/**
 * Sets a new password hash, keeping the old one in the history; unblocks the password (the
 * library's own block, block_reason, stays: only staff lift it, decision 0062).
 */
export async function updatePassword(
  tx: Queryable,
  patronId: number,
  newHash: string,
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO password_history (patron_id, password_hash, set_at)
     SELECT id, password_hash, password_changed_at FROM patron WHERE id = $1`,
    [patronId],
  );
  await tx.query(
    `UPDATE patron SET password_hash = $2, password_changed_at = $3::timestamptz, is_blocked = false WHERE id = $1`,
    [patronId, newHash, iso(at)],
  );
}

/** The most recent earlier password hashes of a patron, newest first. */
export async function findPasswordHistory(db: Queryable, patronId: number, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const { rows } = await db.query<{ password_hash: string }>(
    `SELECT password_hash FROM password_history WHERE patron_id = $1 ORDER BY set_at DESC, id DESC LIMIT $2`,
    [patronId, limit],
  );
  return rows.map((r) => r.password_hash);
}

// Sessions and refresh tokens.

export async function insertSession(
  tx: Queryable,
  session: { id: string; patronId: number; clientId: string; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO sign_in_session (id, patron_id, client_id, created_at) VALUES ($1::uuid, $2, $3, $4::timestamptz)`,
    [session.id, session.patronId, session.clientId, iso(session.at)],
  );
}

export async function insertRefreshToken(
  tx: Queryable,
  token: { hash: string; sessionId: string; issuedAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO refresh_token (token_hash, session_id, issued_at, expires_at)
     VALUES ($1, $2::uuid, $3::timestamptz, $4::timestamptz)`,
    [token.hash, token.sessionId, iso(token.issuedAt), iso(token.expiresAt)],
  );
}

/** The session a refresh token belongs to, with the token's state. */
export interface RefreshTokenRow {
  session_id: string;
  patron_id: number;
  client_id: string;
  used_at: Date | null;
  revoked_at: Date | null;
  expires_at: Date;
  session_revoked_at: Date | null;
}

/**
 * Marks an unused, unrevoked, unexpired refresh token as used and returns its session; null when
 * the token cannot be used (one statement, so two concurrent uses cannot both succeed).
 */
export async function consumeRefreshToken(
  tx: Queryable,
  hash: string,
  at: Date,
): Promise<{ session_id: string; patron_id: number; client_id: string } | null> {
  const { rows } = await tx.query<{ session_id: string; patron_id: number; client_id: string }>(
    `UPDATE refresh_token t SET used_at = $2::timestamptz
       FROM sign_in_session s
      WHERE t.token_hash = $1 AND s.id = t.session_id
        AND t.used_at IS NULL AND t.revoked_at IS NULL AND s.revoked_at IS NULL
        AND t.expires_at > $2::timestamptz
     RETURNING t.session_id::text AS session_id, s.patron_id, s.client_id`,
    [hash, iso(at)],
  );
  return rows[0] ?? null;
}

export async function findRefreshToken(tx: Queryable, hash: string): Promise<RefreshTokenRow | null> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `SELECT t.session_id::text AS session_id, s.patron_id, s.client_id, t.used_at, t.revoked_at, t.expires_at,
            s.revoked_at AS session_revoked_at
       FROM refresh_token t JOIN sign_in_session s ON s.id = t.session_id
      WHERE t.token_hash = $1`,
    [hash],
  );
  return rows[0] ?? null;
}

/** Ends a session and revokes every refresh token of its family. */
export async function revokeSession(
  tx: Queryable,
  sessionId: string,
  at: Date,
  reason: string,
): Promise<void> {
  await tx.query(
    `UPDATE sign_in_session SET revoked_at = $2::timestamptz, revoked_reason = $3
      WHERE id = $1::uuid AND revoked_at IS NULL`,
    [sessionId, iso(at), reason],
  );
  await tx.query(
    `UPDATE refresh_token SET revoked_at = $2::timestamptz WHERE session_id = $1::uuid AND revoked_at IS NULL`,
    [sessionId, iso(at)],
  );
}

/** Ends every open session of a patron but one (say, after a password change). */
export async function revokeOtherSessions(
  tx: Queryable,
  patronId: number,
  keepSessionId: string | null,
  at: Date,
  reason: string,
): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM sign_in_session
      WHERE patron_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR id::text <> $2::text)`,
    [patronId, keepSessionId],
  );
  for (const row of rows) await revokeSession(tx, row.id, at, reason);
}

export async function isSessionActive(db: Queryable, sessionId: string, patronId: number): Promise<boolean> {
  // A malformed id in a validly signed token cannot happen, but must not become a 500.
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const { rows } = await db.query<{ ok: number }>(
    `SELECT 1 AS ok FROM sign_in_session s JOIN patron p ON p.id = s.patron_id
      WHERE s.id = $1::uuid AND s.patron_id = $2 AND s.revoked_at IS NULL`,
    [sessionId, patronId],
  );
  return rows.length > 0;
}

// Throttling (decision 0034). A key ('account:<login>' or 'address:<ip>') holds `attempts`, its
// failures plus the checks under way, and `failures`. Every statement below is one atomic
// statement on one row, so processes sharing the database cannot miscount between them.

/** A key's limit: attempts per window, and the window (also the length of a lockout). */
export interface AttemptLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Takes one attempt slot for a key before a password is checked: answers false, taking nothing,
 * while the key is locked or its failures and checks under way already reach max. A count whose
 * last attempt is older than the window, or whose lockout has ended, starts afresh.
 */
export async function reserveAttempt(
  db: Queryable,
  key: string,
  at: Date,
  limit: AttemptLimit,
): Promise<boolean> {
  const stale = `(t.locked_until <= $2::timestamptz
     OR (t.locked_until IS NULL AND t.last_attempt_at <= $2::timestamptz - make_interval(secs => $4)))`;
  const { rows } = await db.query<{ attempts: number }>(
    `INSERT INTO login_throttle AS t (key, attempts, failures, last_attempt_at, locked_until)
     VALUES ($1, 1, 0, $2::timestamptz, NULL)
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN ${stale} THEN 1 ELSE t.attempts + 1 END,
       failures = CASE WHEN ${stale} THEN 0 ELSE t.failures END,
       locked_until = CASE WHEN ${stale} THEN NULL ELSE t.locked_until END,
       last_attempt_at = greatest(t.last_attempt_at, $2::timestamptz)
     WHERE ${stale} OR (t.locked_until IS NULL AND t.attempts < $3)
     RETURNING t.attempts`,
    [key, iso(at), limit.max, limit.windowSeconds],
  );
  return rows.length > 0;
}

/**
 * The checked attempt failed: its slot stays taken as a failure, and the key is locked for the
 * window once its failures reach max.
 */
export async function recordFailure(
  db: Queryable,
  key: string,
  at: Date,
  limit: AttemptLimit,
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const { rows } = await db.query<{ failures: number; locked_until: Date | null }>(
    `INSERT INTO login_throttle AS t (key, attempts, failures, last_attempt_at, locked_until)
     VALUES ($1, 1, 1, $2::timestamptz, CASE WHEN 1 >= $3 THEN $2::timestamptz + make_interval(secs => $4) END)
     ON CONFLICT (key) DO UPDATE SET
       failures = t.failures + 1,
       attempts = greatest(t.attempts, t.failures + 1),
       last_attempt_at = greatest(t.last_attempt_at, $2::timestamptz),
       locked_until = CASE WHEN t.failures + 1 >= $3
         THEN greatest(t.locked_until, $2::timestamptz + make_interval(secs => $4))
         ELSE t.locked_until END
     RETURNING t.failures, t.locked_until`,
    [key, iso(at), limit.max, limit.windowSeconds],
  );
  const row = rows[0]!;
  return { failures: row.failures, lockedUntil: row.locked_until };
}

/**
 * The checked attempt succeeded: the consecutive failures are forgotten, with any lockout, but
 * the checks still under way keep their slots, so a success cannot open room for more than max
 * checks at once.
 */
export async function recordSuccess(db: Queryable, key: string): Promise<void> {
  await db.query(
    `UPDATE login_throttle SET attempts = greatest(attempts - 1 - failures, 0), failures = 0, locked_until = NULL
      WHERE key = $1`,
    [key],
  );
}

/** Gives back a slot whose attempt neither failed nor forgets the failures (a right password from an address, a blocked patron). */
export async function releaseAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE login_throttle SET attempts = greatest(attempts - 1, failures) WHERE key = $1', [
    key,
  ]);
}

/**
 * Housekeeping: drops counts that no longer matter and refresh tokens past their expiry
 * (an expired token is refused whether or not its row remains).
 */
export async function pruneExpired(db: Queryable, at: Date, windowSeconds: number): Promise<void> {
  await db.query(
    `DELETE FROM login_throttle
      WHERE last_attempt_at <= $1::timestamptz - make_interval(secs => $2)
        AND (locked_until IS NULL OR locked_until <= $1::timestamptz)`,
    [iso(at), windowSeconds],
  );
  await db.query('DELETE FROM refresh_token WHERE expires_at <= $1::timestamptz', [iso(at)]);
}

// Audit.

/** Sign-in audit events. */
export type SignInEvent =
  | 'sign_in'
  | 'invalid_credentials'
  | 'invalid_second_factor'
  | 'two_factor_on'
  | 'two_factor_off'
  | 'locked_out'
  | 'blocked'
  | 'refresh'
  | 'refresh_reuse'
  | 'logout'
  | 'login_switched'
  | 'password_changed'
  | 'password_change_refused';

/** Appends one event to the sign-in audit. */
export async function recordEvent(
  db: Queryable,
  event: {
    at: Date;
    event: SignInEvent;
    username?: string | null;
    patronId?: number | null;
    address?: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO sign_in_event (occurred_at, event, username, patron_id, address) VALUES ($1::timestamptz, $2, $3, $4, $5)`,
    [iso(event.at), event.event, event.username ?? null, event.patronId ?? null, event.address ?? null],
  );
}

// Patrons created by staff (CLI).

/** Fields of a new patron. */
export interface NewPatron {
  login: string;
  name: string;
  email: string | null;
  categoryCode: string;
  passwordHash: string;
  isBlocked: boolean;
  personKey: string | null;
  aliases: string[];
}

/** Inserts a patron and its aliases; returns its id, or null when the login is taken. */
export async function insertPatron(tx: Queryable, patron: NewPatron): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO patron (login, name, email, category_code, password_hash, is_blocked, person_key)
     SELECT $1, $2, $3, $4, $5, $6, $7
      WHERE NOT EXISTS (SELECT 1 FROM patron WHERE lower(login) = lower($1))
     RETURNING id`,
    [
      patron.login,
      patron.name,
      patron.email,
      patron.categoryCode,
      patron.passwordHash,
      patron.isBlocked,
      patron.personKey,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) return null;
  for (const alias of new Set(patron.aliases.map((a) => a.toLowerCase()))) {
    await tx.query('INSERT INTO patron_alias (alias, patron_id) VALUES ($1, $2)', [alias, id]);
  }
  return id;
}

/** Codes of the patron categories. */
export async function findCategoryCodes(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ code: string }>('SELECT code FROM patron_category ORDER BY code');
  return rows.map((r) => r.code);
}

// Two-step verification.

/** A patron's authenticator secret; enabled_at is null until the patron confirms it. */
export interface TotpRow {
  secret: string;
  enabled_at: Date | null;
  last_used_step: number | null;
}

export async function findTotp(db: Queryable, patronId: number): Promise<TotpRow | null> {
  const { rows } = await db.query<TotpRow>(
    'SELECT secret, enabled_at, last_used_step FROM patron_totp WHERE patron_id = $1',
    [patronId],
  );
  const row = rows[0];
  // pg returns bigint as text unless told otherwise; keep a number either way.
  return row
    ? { ...row, last_used_step: row.last_used_step === null ? null : Number(row.last_used_step) }
    : null;
}

/** Starts (or restarts) an enrolment with a new secret, not yet in force. */
export async function savePendingTotp(
  db: Queryable,
  patronId: number,
  secret: string,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO patron_totp (patron_id, secret, created_at) VALUES ($1, $2, $3::timestamptz)
     ON CONFLICT (patron_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
       enabled_at = NULL, last_used_step = NULL`,
    [patronId, secret, iso(at)],
  );
}

/**
 * Records that the code of a step was used, if no later or equal step was; false when another
 * call used it first (so one code cannot sign in twice, even at the same moment).
 */
export async function useTotpStep(db: Queryable, patronId: number, step: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE patron_totp SET last_used_step = $2
      WHERE patron_id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING patron_id`,
    [patronId, step],
  );
  return rows.length > 0;
}

/** Puts the secret in force and replaces the recovery codes. */
export async function enableTotp(
  tx: Queryable,
  patronId: number,
  recoveryCodeHashes: string[],
  at: Date,
): Promise<void> {
  await tx.query('UPDATE patron_totp SET enabled_at = $2::timestamptz WHERE patron_id = $1', [
    patronId,
    iso(at),
  ]);
  await tx.query('DELETE FROM patron_recovery_code WHERE patron_id = $1', [patronId]);
  for (const hash of recoveryCodeHashes) {
    await tx.query('INSERT INTO patron_recovery_code (patron_id, code_hash) VALUES ($1, $2)', [
      patronId,
      hash,
    ]);
  }
}

/** Turns two-step verification off: the secret and the recovery codes go. */
export async function deleteTotp(tx: Queryable, patronId: number): Promise<void> {
  await tx.query('DELETE FROM patron_recovery_code WHERE patron_id = $1', [patronId]);
  await tx.query('DELETE FROM patron_totp WHERE patron_id = $1', [patronId]);
}

/** Spends an unused recovery code; false when there is none such. */
export async function useRecoveryCode(
  db: Queryable,
  patronId: number,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE patron_recovery_code SET used_at = $3::timestamptz
      WHERE patron_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [patronId, codeHash, iso(at)],
  );
  return rows.length > 0;
}
