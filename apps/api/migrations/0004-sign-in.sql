-- Sign-in (issue 5): linked logins, duplicate persons, permissions per patron category,
-- sessions with rotating refresh tokens, login throttling, password history and an
-- append-only sign-in audit. Runs on PostgreSQL 15 and PGlite.

-- Logins are matched without regard to case.
CREATE UNIQUE INDEX patron_login_lower ON patron (lower(login));

-- Linked logins (SPEC §7 /pessoas/login): the logins of one person share a person key
-- (for example the tax number); a patron without one has only its own login.
ALTER TABLE patron ADD COLUMN person_key text;
CREATE INDEX patron_person_key ON patron (person_key) WHERE person_key IS NOT NULL;

-- When the password was last set; a blocked password (is_blocked) is reset by recovery.
ALTER TABLE patron ADD COLUMN password_changed_at timestamptz NOT NULL DEFAULT now();

-- Other names a patron may sign in with (e-mail, tax number, registration). One alias can
-- name several people: those are the duplicates of SPEC §7 /pessoas/duplicadas, and the
-- password grant then needs the person code suffix.
CREATE TABLE patron_alias (
  alias text NOT NULL CHECK (alias = lower(alias)),
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  PRIMARY KEY (alias, patron_id)
);
CREATE INDEX patron_alias_patron ON patron_alias (patron_id);

-- Authenticated permissions (SPEC §3/§6): which module activities each category may use.
CREATE TABLE category_permission (
  category_code text NOT NULL REFERENCES patron_category (code) ON DELETE CASCADE,
  module_code integer NOT NULL,
  activity_code integer NOT NULL REFERENCES activity (code),
  PRIMARY KEY (category_code, module_code, activity_code)
);

-- Every category may use the personal area (8), suggestions (12) and comments (13) in the
-- consultation module (1).
INSERT INTO category_permission (category_code, module_code, activity_code)
SELECT c.code, 1, a.code FROM patron_category c CROSS JOIN activity a WHERE a.code IN (8, 12, 13);

-- One signed-in session: a family of refresh tokens. Revoking it ends the session, and
-- user access tokens carry its id, so they stop working too.
CREATE TABLE sign_in_session (
  id uuid PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  client_id text NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX sign_in_session_patron ON sign_in_session (patron_id);

-- Refresh tokens are opaque; only their SHA-256 is stored. Each is used once: using it
-- issues the next one of the family; presenting a used one revokes the whole family.
CREATE TABLE refresh_token (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  session_id uuid NOT NULL REFERENCES sign_in_session (id) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_token_session ON refresh_token (session_id);

-- Consecutive failed sign-ins per account ('account:<login>') and per client address
-- ('address:<ip>'); locked_until is the end of a lockout.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);

-- Earlier password hashes, so a new password can be told apart from the last N.
CREATE TABLE password_history (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  set_at timestamptz NOT NULL
);
CREATE INDEX password_history_patron ON password_history (patron_id, set_at DESC);

-- Sign-in audit: who signed in, failed, was locked out, refreshed or logged out. Append-only.
CREATE TABLE sign_in_event (
  id bigserial PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  event text NOT NULL,
  username text,
  patron_id integer,
  address text
);
CREATE INDEX sign_in_event_patron ON sign_in_event (patron_id, occurred_at);

CREATE FUNCTION sign_in_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sign_in_event is append-only';
END
$$;
CREATE TRIGGER sign_in_event_no_change BEFORE UPDATE OR DELETE ON sign_in_event
  FOR EACH ROW EXECUTE FUNCTION sign_in_event_append_only();

-- Two-step verification (beyond SPEC; issue 5), offered when the institution sets dois_fatores:
-- an authenticator-app (TOTP) secret per patron, in force once confirmed (enabled_at), and
-- single-use recovery codes kept as SHA-256 only. last_used_step makes each code work once.
CREATE TABLE patron_totp (
  patron_id integer PRIMARY KEY REFERENCES patron (id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_at timestamptz NOT NULL,
  enabled_at timestamptz,
  last_used_step bigint
);

CREATE TABLE patron_recovery_code (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (patron_id, code_hash)
);
