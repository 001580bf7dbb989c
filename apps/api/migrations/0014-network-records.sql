-- The library network (SPEC §3 Network (OAI) record, §7 /rede-pergamum/*): records catalogued by
-- other institutions of the network, loaded per institution with `estante import --network CODE`
-- and searched in the rede-oai tab. They are kept apart from the local catalogue: no copies, no
-- authority links, never in the general search.

CREATE TABLE network_institution (
  id serial PRIMARY KEY,
  -- cod_empresa: the institution's code in the network, given by staff on import.
  code integer NOT NULL UNIQUE CHECK (code > 0),
  -- desc_empresa.
  name text NOT NULL CHECK (btrim(name) <> ''),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Parsed like a local title (migration 0001) by the same MARC mapping; the raw MARC is kept.
CREATE TABLE network_record (
  id serial PRIMARY KEY,
  institution_id integer NOT NULL REFERENCES network_institution (id) ON DELETE CASCADE,
  control_number text NOT NULL,
  control_source text NOT NULL DEFAULT '',
  title text NOT NULL,
  title_statement text,
  vernacular_title text,
  main_author text,
  authors text[] NOT NULL DEFAULT '{}',
  subjects text[] NOT NULL DEFAULT '{}',
  edition text,
  publication_place text,
  publisher text,
  publication_date text,
  year integer,
  physical_description text,
  series text,
  notes text[] NOT NULL DEFAULT '{}',
  isbn text[] NOT NULL DEFAULT '{}',
  issn text[] NOT NULL DEFAULT '{}',
  language text,
  languages text[] NOT NULL DEFAULT '{}',
  call_number text,
  work_type text NOT NULL,
  -- 856 links as [{ "url": …, "description": … }]; a network record has no link statistics.
  online_links jsonb NOT NULL DEFAULT '[]',
  cover_url text,
  is_accessible boolean NOT NULL DEFAULT false,
  extra_search text NOT NULL DEFAULT '',
  ts_config regconfig NOT NULL DEFAULT 'simple',
  marc jsonb NOT NULL,
  source_format text NOT NULL DEFAULT 'marc21',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  title_norm text GENERATED ALWAYS AS (public.f_norm(title)) STORED,
  main_author_norm text GENERATED ALWAYS AS (public.f_norm(main_author)) STORED,
  call_number_norm text GENERATED ALWAYS AS (public.f_norm(call_number)) STORED,
  -- The same weights as title.search_vector: title A > author B > subject C > the rest D.
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', public.f_unaccent(title || ' ' || coalesce(vernacular_title, ''))), 'A') ||
    setweight(to_tsvector('simple', public.f_unaccent(public.f_join(authors))), 'B') ||
    setweight(to_tsvector('simple', public.f_unaccent(public.f_join(subjects))), 'C') ||
    setweight(to_tsvector('simple', public.f_unaccent(
      coalesce(series, '') || ' ' || coalesce(publisher, '') || ' ' || coalesce(publication_place, '') || ' ' ||
      extra_search)), 'D')
  ) STORED,
  stem_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(ts_config, public.f_unaccent(title)), 'A') ||
    setweight(to_tsvector(ts_config, public.f_unaccent(public.f_join(authors))), 'B') ||
    setweight(to_tsvector(ts_config, public.f_unaccent(public.f_join(subjects))), 'C') ||
    setweight(to_tsvector(ts_config, public.f_unaccent(extra_search)), 'D')
  ) STORED
);
-- A re-import of the same file updates the institution's records instead of duplicating them.
CREATE UNIQUE INDEX network_record_control_key ON network_record (institution_id, control_number, control_source);
CREATE INDEX network_record_search_gin ON network_record USING gin (search_vector);
CREATE INDEX network_record_stem_gin ON network_record USING gin (stem_vector);
CREATE INDEX network_record_title_prefix ON network_record (title_norm text_pattern_ops);
CREATE INDEX network_record_author_prefix ON network_record (main_author_norm text_pattern_ops);
CREATE INDEX network_record_isbn_gin ON network_record USING gin (isbn);
CREATE INDEX network_record_issn_gin ON network_record USING gin (issn);
