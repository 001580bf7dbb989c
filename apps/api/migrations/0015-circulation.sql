-- Circulation (decision 0025): rules per patron category and loan type, loans (table of 0012,
-- extended here), holds with their queue, loan requests, inter-library requests, debts,
-- suspensions, payment slips, no-debts declarations, self-service loan tokens, and the
-- append-only circulation log. Money is kept in cents (integers), dates as library days.

-- Rules. '*' matches any category or loan type; the most specific row wins, in this order:
-- (category, type) > ('*', type) > (category, '*') > ('*', '*'). A row holds every value (no
-- inheritance between rows), so what applies can be read off one row.
CREATE TABLE circulation_rule (
  category_code text NOT NULL DEFAULT '*',
  loan_type text NOT NULL DEFAULT '*',
  is_loanable boolean NOT NULL DEFAULT true,
  loan_days integer NOT NULL DEFAULT 7 CHECK (loan_days BETWEEN 0 AND 3650),
  renewal_limit integer NOT NULL DEFAULT 2 CHECK (renewal_limit BETWEEN 0 AND 100),
  -- Patron-wide limits are read from the category's row (category, '*') or ('*', '*').
  max_loans integer NOT NULL DEFAULT 5 CHECK (max_loans >= 0),
  max_holds integer NOT NULL DEFAULT 3 CHECK (max_holds >= 0),
  max_requests integer NOT NULL DEFAULT 3 CHECK (max_requests >= 0),
  allows_holds boolean NOT NULL DEFAULT true,
  allows_requests boolean NOT NULL DEFAULT true,
  -- Days a released hold (or an arrived loan request) waits at the desk.
  pickup_days integer NOT NULL DEFAULT 2 CHECK (pickup_days BETWEEN 1 AND 60),
  fine_per_day_cents integer NOT NULL DEFAULT 100 CHECK (fine_per_day_cents >= 0),
  -- Most one late return may cost; null: no ceiling.
  max_fine_cents integer CHECK (max_fine_cents IS NULL OR max_fine_cents >= 0),
  suspension_days_per_late_day integer NOT NULL DEFAULT 0 CHECK (suspension_days_per_late_day BETWEEN 0 AND 30),
  quarantine_days integer NOT NULL DEFAULT 0 CHECK (quarantine_days BETWEEN 0 AND 60),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (category_code, loan_type)
);
-- Every installation starts with one rule for everything; `estante desk rule set` refines it.
INSERT INTO circulation_rule (category_code, loan_type) VALUES ('*', '*');

-- What circulation keeps per patron.
ALTER TABLE patron ADD COLUMN auto_renew boolean NOT NULL DEFAULT true;
-- SPEC §4: the no-debts declaration may be disabled per user.
ALTER TABLE patron ADD COLUMN no_debts_declaration_enabled boolean NOT NULL DEFAULT true;
-- SPEC §4: issuing the declaration removes the patron from the library (unlinked).
ALTER TABLE patron ADD COLUMN unlinked_at timestamptz;
-- Language of the e-mails a job sends the patron: the one of their last circulation call.
ALTER TABLE patron ADD COLUMN mail_language text NOT NULL DEFAULT 'pt' CHECK (mail_language IN ('pt', 'en', 'es'));

-- SPEC §7 material_adicional: what goes with a copy (a CD, a map…), one of the hold choices.
ALTER TABLE copy ADD COLUMN additional_material text;

-- Loans (table of 0012).
ALTER TABLE loan ADD COLUMN loan_type text;
ALTER TABLE loan ADD COLUMN library_id integer REFERENCES library (id);
-- How the loan was made: at the desk, at the self-service machine (loan token), or imported.
ALTER TABLE loan ADD COLUMN channel text NOT NULL DEFAULT 'balcao'
  CHECK (channel IN ('balcao', 'autoatendimento', 'importacao'));
ALTER TABLE loan ADD COLUMN last_renewed_at timestamptz;
-- Set on return: days late and the fine charged for them.
ALTER TABLE loan ADD COLUMN late_days integer NOT NULL DEFAULT 0 CHECK (late_days >= 0);
ALTER TABLE loan ADD COLUMN fine_cents integer NOT NULL DEFAULT 0 CHECK (fine_cents >= 0);
-- Last day the returned copy stays in quarantine (SPEC §3 loan state quarantine).
ALTER TABLE loan ADD COLUMN quarantine_until date;
-- One copy, one borrower: at most one open loan per copy, whatever the callers do.
CREATE UNIQUE INDEX loan_one_open_per_copy ON loan (copy_id) WHERE returned_at IS NULL;
CREATE INDEX loan_open_patron ON loan (patron_id) WHERE returned_at IS NULL;
CREATE INDEX loan_open_due ON loan (due_on) WHERE returned_at IS NULL;
CREATE INDEX loan_quarantine ON loan (quarantine_until) WHERE quarantine_until IS NOT NULL;

-- Holds (SPEC §3, §4): in queue (fila), released (liberada, a copy waits at the desk), cancelled
-- (cancelada), and fulfilled (atendida: the patron took the copy; beyond the spec's three states).
CREATE TABLE hold (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id),
  title_id integer NOT NULL REFERENCES title (id),
  -- The choices of SPEC §7 POST /reserva: pickup library, volume, tome, part, material, location.
  library_id integer NOT NULL REFERENCES library (id),
  volume text,
  tome text,
  part text,
  additional_material text,
  location text,
  status text NOT NULL CHECK (status IN ('fila', 'liberada', 'cancelada', 'atendida')),
  queue_position integer CHECK (queue_position >= 1),
  placed_at timestamptz NOT NULL,
  copy_id integer REFERENCES copy (id),
  released_at timestamptz,
  pickup_deadline date,
  ended_at timestamptz,
  cancel_reason text CHECK (cancel_reason IN ('leitor', 'prazo', 'sem_exemplar', 'balcao', 'desvinculado')),
  loan_id bigint REFERENCES loan (id),
  CHECK ((status = 'fila') = (queue_position IS NOT NULL)),
  CHECK (status <> 'liberada' OR (copy_id IS NOT NULL AND pickup_deadline IS NOT NULL)),
  CHECK ((status IN ('cancelada', 'atendida')) = (ended_at IS NOT NULL)),
  -- A queue has no two holds in one place; checked at commit, so a queue can close up in steps.
  CONSTRAINT hold_queue_place EXCLUDE USING btree (title_id WITH =, queue_position WITH =)
    WHERE (status = 'fila') DEFERRABLE INITIALLY DEFERRED
);
CREATE UNIQUE INDEX hold_one_per_released_copy ON hold (copy_id) WHERE status = 'liberada';
CREATE UNIQUE INDEX hold_one_open_per_patron_title ON hold (patron_id, title_id) WHERE status IN ('fila', 'liberada');
CREATE INDEX hold_patron ON hold (patron_id, placed_at);
CREATE INDEX hold_title_open ON hold (title_id, queue_position) WHERE status IN ('fila', 'liberada');

-- Where a requested copy can be received: a desk of the receiving library, or home delivery.
CREATE TABLE receiving_location (
  id serial PRIMARY KEY,
  library_id integer NOT NULL REFERENCES library (id) ON DELETE CASCADE,
  name text NOT NULL,
  is_home_delivery boolean NOT NULL DEFAULT false,
  UNIQUE (library_id, name)
);
-- Every library receives at its loan desk and delivers home; staff may add other desks.
CREATE FUNCTION public.receiving_locations_for_library() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO receiving_location (library_id, name, is_home_delivery)
    VALUES (NEW.id, 'Balcão de empréstimo', false), (NEW.id, 'Entrega em domicílio', true)
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;
CREATE TRIGGER library_receiving_locations AFTER INSERT ON library
  FOR EACH ROW EXECUTE FUNCTION public.receiving_locations_for_library();
INSERT INTO receiving_location (library_id, name, is_home_delivery)
SELECT l.id, v.name, v.home FROM library l
  CROSS JOIN (VALUES ('Balcão de empréstimo', false), ('Entrega em domicílio', true)) AS v (name, home)
ON CONFLICT DO NOTHING;

-- Loan requests (SPEC §3, §4): a copy on the shelf set aside and sent to the patron. Waiting
-- (aguardando), in transit (em_transito), available at the receiving desk (disponivel), finished
-- (finalizada: lent) or not finished (nao_finalizada: cancelled or not collected).
CREATE TABLE loan_request (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id),
  title_id integer NOT NULL REFERENCES title (id),
  copy_id integer NOT NULL REFERENCES copy (id),
  origin_library_id integer NOT NULL REFERENCES library (id),
  receiving_library_id integer NOT NULL REFERENCES library (id),
  receiving_location_id integer NOT NULL REFERENCES receiving_location (id),
  volume text,
  tome text,
  part text,
  additional_material text,
  phone text,
  email text NOT NULL,
  authorised_person text,
  home_delivery boolean NOT NULL DEFAULT false,
  delivery_address text,
  status text NOT NULL CHECK (status IN ('aguardando', 'em_transito', 'disponivel', 'finalizada', 'nao_finalizada')),
  requested_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  pickup_deadline date,
  ended_at timestamptz,
  loan_id bigint REFERENCES loan (id),
  observation text,
  CHECK (NOT home_delivery OR delivery_address IS NOT NULL),
  CHECK ((status IN ('finalizada', 'nao_finalizada')) = (ended_at IS NOT NULL))
);
CREATE UNIQUE INDEX loan_request_one_open_per_copy ON loan_request (copy_id)
  WHERE status IN ('aguardando', 'em_transito', 'disponivel');
CREATE UNIQUE INDEX loan_request_one_open_per_patron_title ON loan_request (patron_id, title_id)
  WHERE status IN ('aguardando', 'em_transito', 'disponivel');
CREATE INDEX loan_request_patron ON loan_request (patron_id, requested_at);

-- Inter-library loan requests (SPEC §7 api/solicitacoes/emprestimo-inter-bibliotecas): a work
-- another institution of the network holds, asked for through the receiving library.
CREATE TABLE interlibrary_request (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id),
  institution_id integer REFERENCES network_institution (id),
  network_record_id integer REFERENCES network_record (id) ON DELETE SET NULL,
  receiving_library_id integer NOT NULL REFERENCES library (id),
  title text NOT NULL,
  author text,
  publication text,
  notes text,
  email text NOT NULL,
  phone text,
  status text NOT NULL DEFAULT 'aguardando'
    CHECK (status IN ('aguardando', 'em_transito', 'disponivel', 'finalizada', 'nao_finalizada')),
  requested_at timestamptz NOT NULL
);
CREATE INDEX interlibrary_request_patron ON interlibrary_request (patron_id, requested_at);

-- Debts (SPEC §3): a late-return fine or another fee, what was discounted and what was paid.
CREATE TABLE debt (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id),
  loan_id bigint REFERENCES loan (id),
  library_id integer REFERENCES library (id),
  service_type text NOT NULL CHECK (service_type IN ('multa_atraso', 'taxa')),
  reason text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  paid_cents integer NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
  paid_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK (discount_cents + paid_cents <= amount_cents)
);
CREATE INDEX debt_patron ON debt (patron_id, created_at);

-- Suspensions (SPEC §3 afastamentos): no loans, renewals, holds or requests from starts_on to
-- ends_on, both included.
CREATE TABLE suspension (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id),
  loan_id bigint REFERENCES loan (id),
  library_id integer REFERENCES library (id),
  origin text NOT NULL CHECK (origin IN ('atraso', 'balcao')),
  reason text NOT NULL,
  days integer NOT NULL CHECK (days >= 1),
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK (ends_on >= starts_on)
);
CREATE INDEX suspension_patron ON suspension (patron_id, ends_on);

-- Payment slips (SPEC §7 POST /unidade-informacao/gru): what a patron asked to pay, and where.
CREATE TABLE payment_slip (
  id bigserial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  patron_id integer NOT NULL REFERENCES patron (id),
  library_id integer NOT NULL REFERENCES library (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  issued_at timestamptz NOT NULL,
  due_on date NOT NULL
);

-- No-debts declarations (SPEC §4): one per patron, with the PDF as issued.
CREATE TABLE no_debts_declaration (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL UNIQUE REFERENCES patron (id),
  verification_code text NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL,
  pdf bytea NOT NULL,
  pdf_sha256 text NOT NULL
);

-- Self-service loan token (SPEC §3 loan token): one live token per patron.
CREATE TABLE loan_token (
  patron_id integer PRIMARY KEY REFERENCES patron (id) ON DELETE CASCADE,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Every change of circulation state: who, when, what. Append-only (the triggers refuse UPDATE,
-- DELETE and TRUNCATE); no foreign keys, so the record outlives what it names.
CREATE TABLE circulation_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  -- 'patron:<id>', 'staff:<name>', 'job:<name>', 'seed'.
  actor text NOT NULL,
  action text NOT NULL,
  patron_id integer,
  title_id integer,
  copy_id integer,
  loan_id bigint,
  hold_id bigint,
  request_id bigint,
  debt_id bigint,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX circulation_log_patron ON circulation_log (patron_id, at);
CREATE INDEX circulation_log_copy ON circulation_log (copy_id, at);

CREATE FUNCTION public.circulation_log_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    RAISE EXCEPTION 'circulation_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
  END
  $$;
CREATE TRIGGER circulation_log_no_update BEFORE UPDATE OR DELETE ON circulation_log
  FOR EACH ROW EXECUTE FUNCTION public.circulation_log_refuse_change();
CREATE TRIGGER circulation_log_no_truncate BEFORE TRUNCATE ON circulation_log
  FOR EACH STATEMENT EXECUTE FUNCTION public.circulation_log_refuse_change();
