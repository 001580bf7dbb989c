-- Institution pages (SPEC §7 /parametros/secao_1, secao_2, faq, informacoes_gerais, atendimento,
-- eventos_institucionais, eventos_eventum) and what patrons send from the footer: general comments
-- and purchase suggestions (/unidade-informacao/comentario, /unidade-informacao/sugestao-aquisicao).
-- Texts that can be translated have a column per language; pt is required, en and es fall back to it.

-- The two home-page sections and the general information: a title and HTML content.
CREATE TABLE institution_page (
  key text PRIMARY KEY CHECK (key IN ('secao_1', 'secao_2', 'informacoes_gerais')),
  title_pt text NOT NULL,
  title_en text,
  title_es text,
  body_pt text NOT NULL,
  body_en text,
  body_es text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Frequently asked questions, in the order given by position; answers are HTML.
CREATE TABLE faq_entry (
  id serial PRIMARY KEY,
  position integer NOT NULL,
  question_pt text NOT NULL,
  question_en text,
  question_es text,
  answer_pt text NOT NULL,
  answer_en text,
  answer_es text
);
CREATE INDEX faq_entry_position ON faq_entry (position, id);

-- Opening hours: one row per open interval of a library on a weekday (1 Monday … 7 Sunday, SPEC §9).
-- A weekday without rows is closed.
CREATE TABLE opening_hours (
  id serial PRIMARY KEY,
  library_id integer NOT NULL REFERENCES library (id) ON DELETE CASCADE,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  opens time NOT NULL,
  closes time NOT NULL,
  CHECK (closes > opens)
);
CREATE INDEX opening_hours_library ON opening_hours (library_id, weekday, opens);

-- Institutional events ('institucional') and the events calendar ('eventum').
CREATE TABLE institution_event (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('institucional', 'eventum')),
  title_pt text NOT NULL,
  title_en text,
  title_es text,
  description_pt text,
  description_en text,
  description_es text,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  location text,
  link text,
  CHECK (ends_at IS NULL OR ends_at >= starts_at)
);
CREATE INDEX institution_event_kind_start ON institution_event (kind, starts_at);

-- General comments to a library (SPEC §3 payload {content, b}); shown only after approval (SPEC §4).
CREATE TABLE library_comment (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  library_id integer NOT NULL REFERENCES library (id),
  content text NOT NULL CHECK (length(content) > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_comment_patron_created ON library_comment (patron_id, created_at);

-- Purchase suggestions (SPEC §3); they start as pre-suggestions (SPEC §4 statuses).
CREATE TABLE purchase_suggestion (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  campus_id integer NOT NULL REFERENCES campus (id),
  library_id integer NOT NULL REFERENCES library (id),
  author text,
  title text NOT NULL CHECK (length(title) > 0),
  edition text,
  publisher text NOT NULL CHECK (length(publisher) > 0),
  isbn_issn text,
  is_periodical boolean NOT NULL DEFAULT false,
  other_info text,
  status text NOT NULL DEFAULT 'pre-sugestao',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purchase_suggestion_patron_created ON purchase_suggestion (patron_id, created_at);
