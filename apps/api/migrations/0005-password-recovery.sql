-- Password recovery by e-mail and OIDC single sign-on (issue 5; SPEC §3 password rules, §4 forgot
-- password, §5 recovery validation, §7 /pessoas/{login}/recuperar-senha and /oidc/*).
-- The password history the "differ from the last N" rule reads is password_history (0004-sign-in).
-- Runs on PostgreSQL 15 and PGlite.

-- Recovery codes sent by e-mail. Only an Argon2id hash of the code is kept. A code lives until
-- expires_at, allows max_attempts wrong tries, is used once (used_at) and is replaced when a new
-- one is sent (superseded_at).
CREATE TABLE password_recovery_code (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL CHECK (max_attempts > 0),
  used_at timestamptz,
  superseded_at timestamptz,
  -- The client address that asked for it (a cap per address stops sweeps over many logins).
  requested_from text,
  CHECK (expires_at > created_at)
);
CREATE INDEX password_recovery_code_patron ON password_recovery_code (patron_id, created_at DESC);
CREATE INDEX password_recovery_code_address ON password_recovery_code (requested_from, created_at);

-- OIDC sign-ons in progress. handle_hash is the SHA-256 of the handle the web gets as "nonce" and
-- posts to /oidc/validar; browser_hash binds the provider's return to the browser that started the
-- sign-on (a cookie), so a link started by someone else cannot sign them in as the victim.
-- state, oidc_nonce and code_verifier are the authorization-code flow's own checks (PKCE).
CREATE TABLE oidc_sign_on (
  handle_hash text PRIMARY KEY,
  browser_hash text NOT NULL,
  state text NOT NULL UNIQUE,
  oidc_nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Set when the provider returns: the patron signed in, or why it failed.
  returned_at timestamptz,
  patron_id integer REFERENCES patron (id) ON DELETE CASCADE,
  error_code text,
  -- Set when /oidc/validar hands out the tokens (once).
  consumed_at timestamptz
);
CREATE INDEX oidc_sign_on_expires ON oidc_sign_on (expires_at);

-- Institution password rules (SPEC §3), read by the password change and by recovery; staff change
-- them with `estante settings set regras_senha '{…}'`. These are the defaults.
INSERT INTO institution_setting (key, value) VALUES
  ('regras_senha', '{"length": {"min": 6, "max": 64}, "has_numbers": false, "only_numbers": false,
    "diff_case": false, "special_char": false, "diff_name": false, "last_pw": 0}'::jsonb),
  -- Recovery codes: digits, lifetime in minutes, wrong tries allowed, codes per login and per
  -- client address per hour.
  ('recuperacao_senha', '{"tamanho_codigo": 6, "validade_minutos": 15, "tentativas": 5, "codigos_por_hora": 5,
    "codigos_por_endereco_hora": 30}'::jsonb)
ON CONFLICT (key) DO NOTHING;
