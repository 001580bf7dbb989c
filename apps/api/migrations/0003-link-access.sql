-- Access statistics of online links (SPEC §7 POST /vinculos/estatistica-acesso):
-- one row per click, with what the browser said about itself.
CREATE TABLE link_access (
  id bigserial PRIMARY KEY,
  title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  url text NOT NULL,
  user_id text,
  browser text,
  device text,
  os text,
  accessed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX link_access_title ON link_access (title_id, accessed_at);
