-- Captcha on sign-in (ALTCHA, activity 1120) and SAML single sign-on (issue 5; SPEC §6, §7
-- /saml/login and /saml/validar; decision 0014). Runs on PostgreSQL 15 and PGlite.

-- ALTCHA challenges already used: a solved challenge is accepted once. Only the SHA-256 of its
-- signature is kept, until the challenge would have expired anyway.
CREATE TABLE captcha_spent (
  challenge_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_spent_expires ON captcha_spent (expires_at);

-- SAML sign-ons in progress: the ID of each AuthnRequest sent to the identity provider. Its answer
-- must name it (InResponseTo), before expires_at, and is accepted once (consumed_at).
-- browser_hash binds it to the browser that started it (a cookie), so an answer obtained by
-- someone else cannot be posted from a victim's browser to sign them in (login CSRF).
CREATE TABLE saml_sign_on (
  request_id text PRIMARY KEY,
  browser_hash text NOT NULL,
  redirect text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX saml_sign_on_expires ON saml_sign_on (expires_at);
