-- Search tabs that search part of the catalogue (SPEC §2): normative acts, jurisprudence and
-- archive keep what their own forms search by in one side table each, filled on import from the
-- MARC fields docs/marc-mapping.md lists ("Special materials"). A title is in the archive tab when
-- it has a title_archive row; normative acts and case law also have a work type of their own.
-- Titles imported before this migration get their rows when they are imported again (the import
-- updates titles by control number).

INSERT INTO work_type (code, label_pt, label_en, label_es) VALUES
  ('ATO_NORMATIVO', 'Ato normativo', 'Normative act', 'Acto normativo'),
  ('JURISPRUDENCIA', 'Jurisprudência', 'Case law', 'Jurisprudencia')
ON CONFLICT (code) DO NOTHING;

-- Laws, decrees, ordinances… (work type ATO_NORMATIVO).
CREATE TABLE title_normative_act (
  title_id integer PRIMARY KEY REFERENCES title (id) ON DELETE CASCADE,
  -- NORMATIVE_ACT_KINDS of packages/marc: LEI, DECRETO, PORTARIA…, OUTRO.
  kind text NOT NULL,
  -- As written ("9.610", "8.666/93"); number_norm keeps the letters and digits before a "/year",
  -- so "9610" finds "9.610" and "8666" finds "8.666/93" (tab-scope.ts normalises the typed number alike).
  number text,
  number_norm text GENERATED ALWAYS AS
    (lower(regexp_replace(split_part(number, '/', 1), '[^0-9A-Za-z]', '', 'g'))) STORED,
  signed_on date,
  year integer,
  -- The jurisdiction main entry with its subordinate units ("Brasil. Ministério da Educação").
  issuer text,
  issuer_norm text GENERATED ALWAYS AS (public.f_norm(issuer)) STORED,
  jurisdiction text
);
CREATE INDEX title_normative_act_kind ON title_normative_act (kind);
CREATE INDEX title_normative_act_number ON title_normative_act (number_norm);

-- Court decisions (work type JURISPRUDENCIA).
CREATE TABLE title_case_law (
  title_id integer PRIMARY KEY REFERENCES title (id) ON DELETE CASCADE,
  court text,
  court_norm text GENERATED ALWAYS AS (public.f_norm(court)) STORED,
  -- Kind of decision or procedural class ("Recurso extraordinário").
  decision_kind text,
  decision_kind_norm text GENERATED ALWAYS AS (public.f_norm(decision_kind)) STORED,
  case_number text,
  case_number_norm text GENERATED ALWAYS AS
    (lower(regexp_replace(split_part(case_number, '/', 1), '[^0-9A-Za-z]', '', 'g'))) STORED,
  rapporteur text,
  rapporteur_norm text GENERATED ALWAYS AS (public.f_norm(rapporteur)) STORED,
  judged_on date,
  year integer
);

-- Archival material: fonds, series, level, date range of the material.
CREATE TABLE title_archive (
  title_id integer PRIMARY KEY REFERENCES title (id) ON DELETE CASCADE,
  fonds text,
  fonds_norm text GENERATED ALWAYS AS (public.f_norm(fonds)) STORED,
  series text,
  series_norm text GENERATED ALWAYS AS (public.f_norm(series)) STORED,
  level text,
  start_year integer,
  end_year integer
);

-- New acquisitions list the titles acquired in a period, newest first.
CREATE INDEX title_acquired_on ON title (acquired_on);
CREATE INDEX title_accessible ON title (id) WHERE is_accessible;
