-- The patron's alerts (SPEC §3 Alert: id, lido; decision 0044): written by events (a hold ready, a
-- loan due soon or late, an automatic renewal, a request that moved, a comment answered…), read
-- and deleted by the patron. The text is not stored: it is built from the kind and its parameters
-- in the reader's language.
CREATE TABLE alert (
  id serial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  kind text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  -- A deleted alert keeps its row (without its parameters) while it has a once_key, so a job that
  -- writes "due soon" each run does not bring it back.
  deleted_at timestamptz,
  -- Events a job may see more than once (a loan due on a day) are written once per key.
  once_key text
);

CREATE UNIQUE INDEX alert_once ON alert (patron_id, once_key) WHERE once_key IS NOT NULL;
CREATE INDEX alert_patron_created ON alert (patron_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX alert_patron_unread ON alert (patron_id) WHERE read_at IS NULL AND deleted_at IS NULL;
