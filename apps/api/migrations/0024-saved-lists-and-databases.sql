-- Saved lists (decision 0043): the patron's permanent basket (SPEC §7 /acervo/cesta-permanente) is
-- their first list; named lists beside it, each private or shared by an unguessable link.
CREATE TABLE saved_list (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  name text NOT NULL,
  is_basket boolean NOT NULL DEFAULT false,
  -- Set while the list is shared: whoever has the link reads it, nobody else; null when private.
  share_token text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One permanent basket per patron, made the first time it is used.
CREATE UNIQUE INDEX saved_list_one_basket ON saved_list (patron_id) WHERE is_basket;
-- A patron's named lists have different names (case and spaces aside).
CREATE UNIQUE INDEX saved_list_name ON saved_list (patron_id, lower(name)) WHERE NOT is_basket;

CREATE TABLE saved_list_title (
  list_id bigint NOT NULL REFERENCES saved_list (id) ON DELETE CASCADE,
  title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL,
  -- Ties of added_at (several titles added at once) keep the order they were given in.
  seq bigserial,
  PRIMARY KEY (list_id, title_id)
);
CREATE INDEX saved_list_title_added ON saved_list_title (list_id, added_at, seq);

-- The library's research databases (SPEC §7 GET /acervo/meu-pergamum/bases-dados), edited with
-- `estante databases`: subscribed ones go through the institution's proxy prefix when set.
CREATE TABLE research_database (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  areas text[] NOT NULL DEFAULT '{}',
  url text NOT NULL,
  is_subscribed boolean NOT NULL DEFAULT false
);
