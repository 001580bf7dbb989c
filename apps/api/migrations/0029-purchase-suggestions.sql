-- What becomes of a purchase suggestion (SPEC §3 fields, §4 statuses; decision 0050): the library's
-- quote (items, day, expected delivery), what was delivered, whether the work is foreign, the title
-- it became once catalogued, and each change of status as history. Purchase orders group suggestions.
ALTER TABLE purchase_suggestion
  ADD COLUMN item_count integer CHECK (item_count > 0),
  ADD COLUMN quoted_on date,
  ADD COLUMN total_delivered integer NOT NULL DEFAULT 0 CHECK (total_delivered >= 0),
  ADD COLUMN expected_on date,
  ADD COLUMN is_foreign boolean NOT NULL DEFAULT false,
  ADD COLUMN catalogued_title_id integer REFERENCES title (id) ON DELETE SET NULL,
  ADD COLUMN catalogued_at timestamptz,
  -- The ISBN-13 or the ISSN (NNNN-NNNN) as the catalogue keeps them (title.isbn, title.issn), so a
  -- MARC import finds the suggestions its records answer.
  ADD COLUMN match_key text;

ALTER TABLE purchase_suggestion ADD CONSTRAINT purchase_suggestion_status_check CHECK (
  status IN ('pre-sugestao', 'sugestao-compra', 'em-cotacao', 'negociacao', 'aguardando-entrega',
             'parcialmente-atendida', 'atendida', 'finalizada-incompleta', 'cancelada', 'duplicada',
             'esgotada', 'ja-existe', 'nao-atendida', 'nao-encontrada')
);

-- Suggestions sent before: ISBN-13s and ISSNs written with or without hyphens get their key.
UPDATE purchase_suggestion SET match_key = CASE
    WHEN upper(regexp_replace(isbn_issn, '[^0-9Xx]', '', 'g')) ~ '^97[89][0-9]{10}$'
      THEN regexp_replace(isbn_issn, '[^0-9]', '', 'g')
    WHEN upper(regexp_replace(isbn_issn, '[^0-9Xx]', '', 'g')) ~ '^[0-9]{7}[0-9X]$'
      THEN substr(upper(regexp_replace(isbn_issn, '[^0-9Xx]', '', 'g')), 1, 4) || '-' ||
           substr(upper(regexp_replace(isbn_issn, '[^0-9Xx]', '', 'g')), 5, 4)
  END
WHERE isbn_issn IS NOT NULL;

CREATE INDEX purchase_suggestion_match ON purchase_suggestion (match_key)
  WHERE match_key IS NOT NULL AND catalogued_title_id IS NULL;

-- Each status a suggestion entered (the first: pre-sugestao, when sent), with the library's note and
-- who moved it (null: the patron, on sending); `title_id` marks the step "catalogued as this title".
CREATE TABLE purchase_suggestion_event (
  id bigserial PRIMARY KEY,
  suggestion_id bigint NOT NULL REFERENCES purchase_suggestion (id) ON DELETE CASCADE,
  status text NOT NULL,
  note text,
  staff text,
  title_id integer REFERENCES title (id) ON DELETE SET NULL,
  at timestamptz NOT NULL
);
CREATE INDEX purchase_suggestion_event_suggestion ON purchase_suggestion_event (suggestion_id, at, id);

INSERT INTO purchase_suggestion_event (suggestion_id, status, at)
SELECT id, status, created_at FROM purchase_suggestion;

-- A purchase order to a supplier, grouping suggestions; its state as SPEC names none (decision 0050).
CREATE TABLE purchase_order (
  id serial PRIMARY KEY,
  supplier text,
  status text NOT NULL DEFAULT 'aberto'
    CHECK (status IN ('aberto', 'enviado', 'parcialmente-recebido', 'recebido', 'cancelado')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE purchase_order_suggestion (
  order_id integer NOT NULL REFERENCES purchase_order (id) ON DELETE CASCADE,
  suggestion_id bigint NOT NULL REFERENCES purchase_suggestion (id) ON DELETE CASCADE,
  PRIMARY KEY (order_id, suggestion_id)
);
CREATE INDEX purchase_order_suggestion_suggestion ON purchase_order_suggestion (suggestion_id);
