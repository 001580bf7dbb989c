-- The patron's interest profile and the selective dissemination of what the library catalogues
-- (SPEC §7 api/perfil-interesse; decision 0052). A profile has three parts, each item with its own
-- validity (the last library day it is matched): knowledge areas, authors and subjects (the
-- authorities); periodicals, with what to be told of (a new issue, its articles, its contents) and
-- in which libraries; and work types, in some libraries and languages. Empty library or language
-- lists mean "any".

CREATE TABLE interest_topic (
  id serial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  -- SPEC's tipoDSI: a knowledge area, an author or a subject.
  kind text NOT NULL CHECK (kind IN ('area', 'autor', 'assunto')),
  knowledge_area_id integer REFERENCES knowledge_area (id) ON DELETE CASCADE,
  authority_id integer REFERENCES authority (id) ON DELETE CASCADE,
  valid_until date NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK ((kind = 'area') = (knowledge_area_id IS NOT NULL) AND (kind = 'area') = (authority_id IS NULL))
);
CREATE UNIQUE INDEX interest_topic_area ON interest_topic (patron_id, knowledge_area_id) WHERE kind = 'area';
CREATE UNIQUE INDEX interest_topic_authority ON interest_topic (patron_id, kind, authority_id) WHERE kind <> 'area';
CREATE INDEX interest_topic_authority_id ON interest_topic (authority_id);

CREATE TABLE interest_periodical (
  id serial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
  valid_until date NOT NULL,
  -- SPEC's fasciculo, artigo, sumario: at least one (SPEC §5 "at least one journal type to save").
  issues boolean NOT NULL,
  articles boolean NOT NULL,
  contents boolean NOT NULL,
  library_ids integer[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  UNIQUE (patron_id, title_id),
  CHECK (issues OR articles OR contents)
);

CREATE TABLE interest_work_type (
  id serial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  work_type text NOT NULL REFERENCES work_type (code),
  valid_until date NOT NULL,
  library_ids integer[] NOT NULL DEFAULT '{}',
  languages text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  UNIQUE (patron_id, work_type)
);

-- When a periodical's issue was recorded, so the dissemination finds the issues new since its
-- last run. Issues already there get the migration's time, which is also the first mark below:
-- they are not new.
ALTER TABLE serial_issue ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

-- One row per thing told to a patron: a new title (issue_key '') or a periodical's new issue
-- ('<holding>:<seq>'). Written with its alert and the run's mark in one transaction, so a run
-- that dies before its commit leaves nothing and the next one finds the same matches; unique, so
-- no match is told twice. `mail` follows the e-mail digest: pending (to send), sending (claimed
-- by a run before it talks to the SMTP server), sent, none (the patron receives no e-mail).
CREATE TABLE interest_match (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
  issue_key text NOT NULL DEFAULT '',
  -- What of the profile it matched ("Assunto: Gatos"), in the words the e-mail uses.
  reasons text[] NOT NULL,
  label text NOT NULL,
  alert_id integer REFERENCES alert (id) ON DELETE SET NULL,
  matched_at timestamptz NOT NULL,
  mail text NOT NULL DEFAULT 'pending' CHECK (mail IN ('pending', 'sending', 'sent', 'none')),
  mail_at timestamptz,
  UNIQUE (patron_id, title_id, issue_key)
);
CREATE INDEX interest_match_mail ON interest_match (patron_id) WHERE mail = 'pending';

-- The last run's mark: what was catalogued up to this instant has been matched.
INSERT INTO institution_setting (key, value)
VALUES ('__dsi_ultima_execucao', to_jsonb(now()))
ON CONFLICT (key) DO NOTHING;
