-- Title sub-tabs of SPEC §2 that need data of their own (decision 0022): serial holdings (kardex,
-- tab 32) with the contents of each issue, loans (the statistics tab 74 counts them; circulation
-- extends the table), closed-stack copies and their requests (/acervo-fechado), and restricted
-- online links (/vinculos/acesso-restrito).

-- Serial holdings: one holdings line per periodical and library (the kardex "parágrafo", codPar).
CREATE TABLE serial_holding (
  id serial PRIMARY KEY,
  title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
  library_id integer NOT NULL REFERENCES library (id),
  -- What the library says about the run: "Assinatura corrente", "Coleção retrospectiva"…
  description text NOT NULL,
  is_current boolean NOT NULL DEFAULT true,
  UNIQUE (title_id, library_id, description)
);
CREATE INDEX serial_holding_title ON serial_holding (title_id);

-- The issues of a holdings line, numbered by seq (the kardex seqPar).
CREATE TABLE serial_issue (
  holding_id integer NOT NULL REFERENCES serial_holding (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  year integer NOT NULL CHECK (year BETWEEN 1000 AND 2999),
  volume text,
  number text,
  -- The months the issue covers, as printed ("jan./abr.").
  period text,
  published_on date,
  -- Null: expected but not received (a gap the library has claimed).
  received_on date,
  PRIMARY KEY (holding_id, seq)
);
CREATE INDEX serial_issue_year ON serial_issue (holding_id, year);

-- Sections of an issue (the kardex seqSec) and the articles in each.
CREATE TABLE serial_section (
  holding_id integer NOT NULL,
  issue_seq integer NOT NULL,
  seq integer NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (holding_id, issue_seq, seq),
  FOREIGN KEY (holding_id, issue_seq) REFERENCES serial_issue (holding_id, seq) ON DELETE CASCADE
);

CREATE TABLE serial_article (
  holding_id integer NOT NULL,
  issue_seq integer NOT NULL,
  section_seq integer NOT NULL,
  seq integer NOT NULL,
  title text NOT NULL,
  authors text,
  pages text,
  PRIMARY KEY (holding_id, issue_seq, section_seq, seq),
  FOREIGN KEY (holding_id, issue_seq, section_seq)
    REFERENCES serial_section (holding_id, issue_seq, seq) ON DELETE CASCADE
);

-- Loans of copies. The statistics tab counts them by month; the circulation engine adds its
-- columns (loan type, library of return, fines…) in its own migration.
CREATE TABLE loan (
  id bigserial PRIMARY KEY,
  -- A copy with loan history is not deleted; its history is the library's record.
  copy_id integer NOT NULL REFERENCES copy (id),
  patron_id integer NOT NULL REFERENCES patron (id),
  loaned_at timestamptz NOT NULL,
  due_on date NOT NULL,
  returned_at timestamptz,
  renewals integer NOT NULL DEFAULT 0 CHECK (renewals >= 0),
  CHECK (returned_at IS NULL OR returned_at >= loaned_at)
);
CREATE INDEX loan_copy ON loan (copy_id, loaned_at);
CREATE INDEX loan_patron ON loan (patron_id, loaned_at);
-- Open loans, for "is this copy out" and "what does this patron have".
CREATE INDEX loan_open ON loan (copy_id) WHERE returned_at IS NULL;

-- Copies kept in closed stacks: patrons cannot take them from the shelf and ask for them instead.
ALTER TABLE copy ADD COLUMN is_closed_stacks boolean NOT NULL DEFAULT false;
CREATE INDEX copy_closed_stacks ON copy (title_id) WHERE is_closed_stacks;

-- A request for closed-stack copies (SPEC §4: it produces a protocol number).
CREATE TABLE closed_stack_request (
  id serial PRIMARY KEY,
  -- Year + sequence within the year, shown to the patron as AAAA-NNNNNN.
  protocol text NOT NULL UNIQUE,
  patron_id integer NOT NULL REFERENCES patron (id),
  library_id integer NOT NULL REFERENCES library (id),
  requested_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'aguardando' CHECK (status IN ('aguardando', 'atendida', 'cancelada')),
  closed_at timestamptz
);
CREATE INDEX closed_stack_request_patron ON closed_stack_request (patron_id, requested_at);

CREATE TABLE closed_stack_request_item (
  request_id integer NOT NULL REFERENCES closed_stack_request (id) ON DELETE CASCADE,
  copy_id integer NOT NULL REFERENCES copy (id),
  PRIMARY KEY (request_id, copy_id)
);
CREATE INDEX closed_stack_request_item_copy ON closed_stack_request_item (copy_id);

-- The last protocol number given in each year; the upsert on it serialises concurrent requests.
CREATE TABLE protocol_counter (
  year integer PRIMARY KEY,
  last integer NOT NULL
);

-- Online links behind a publisher's or the institution's access control (856 $x, decision 0022):
-- null for an open link, 'proxy' through the institution's proxy, else the publisher's code.
ALTER TABLE online_link ADD COLUMN restricted text;

-- Tabs an institution may turn off (SPEC §2 tab codes used as activities, SPEC §6).
INSERT INTO activity (code, description_pt, description_en, description_es, enabled) VALUES
  (32, 'Coleção (kardex)', 'Serial holdings (kardex)', 'Colección (kardex)', true),
  (74, 'Dados estatísticos', 'Statistics', 'Datos estadísticos', true)
ON CONFLICT (code) DO NOTHING;
