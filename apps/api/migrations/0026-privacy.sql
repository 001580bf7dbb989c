-- Privacy (LGPD; decision 0045): loans a patron chose not to keep in their history, and the
-- patron's requests to delete or anonymise their account.

-- A returned loan of a patron who does not keep their loan history no longer names them
-- (patron.keeps_loan_history, 0021). Open loans always name their borrower.
ALTER TABLE loan ALTER COLUMN patron_id DROP NOT NULL;
ALTER TABLE loan ADD CONSTRAINT loan_open_has_patron CHECK (returned_at IS NOT NULL OR patron_id IS NOT NULL);
-- The hold and the loan request a loan fulfilled say what was borrowed, so they go with it.
ALTER TABLE hold ALTER COLUMN patron_id DROP NOT NULL;
ALTER TABLE hold ADD CONSTRAINT hold_open_has_patron CHECK (status IN ('cancelada', 'atendida') OR patron_id IS NOT NULL);
ALTER TABLE loan_request ALTER COLUMN patron_id DROP NOT NULL;
ALTER TABLE loan_request ADD CONSTRAINT loan_request_open_has_patron
  CHECK (status IN ('finalizada', 'nao_finalizada') OR patron_id IS NOT NULL);

-- The circulation log stays append-only, with one exception: a row may lose the patron it names
-- (patron_id to null, an actor 'patron:<id>' to 'patron'), everything else unchanged. That is how
-- an anonymised loan's log rows stop saying who borrowed it.
CREATE OR REPLACE FUNCTION public.circulation_log_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    anonymised_actor text;
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      anonymised_actor := CASE WHEN OLD.actor = 'patron:' || OLD.patron_id THEN 'patron' ELSE OLD.actor END;
      IF OLD.patron_id IS NOT NULL AND NEW.patron_id IS NULL AND NEW.actor = anonymised_actor
         AND (NEW.id, NEW.at, NEW.action, NEW.title_id, NEW.copy_id, NEW.loan_id, NEW.hold_id, NEW.request_id,
              NEW.debt_id, NEW.details)
             IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.action, OLD.title_id, OLD.copy_id, OLD.loan_id, OLD.hold_id,
              OLD.request_id, OLD.debt_id, OLD.details) THEN
        RETURN NEW;
      END IF;
    END IF;
    RAISE EXCEPTION 'circulation_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
  END
  $$;

-- A patron's request to delete or anonymise their account, for the library to carry out. Open
-- (aberto) until staff close it as done (concluido) or refused (recusado); refused at once when
-- loans, holds, requests or debts block it, with what blocked it. One open request per patron.
CREATE TABLE privacy_request (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('exclusao', 'anonimizacao')),
  note text,
  status text NOT NULL DEFAULT 'aberto' CHECK (status IN ('aberto', 'concluido', 'recusado')),
  -- What blocked it when refused at once: [{tipo, titulo, ...}] (decision 0045).
  blockers jsonb NOT NULL DEFAULT '[]',
  requested_at timestamptz NOT NULL,
  closed_at timestamptz,
  closed_by text,
  staff_note text,
  CHECK ((status = 'aberto') = (closed_at IS NULL))
);
CREATE UNIQUE INDEX privacy_request_one_open ON privacy_request (patron_id) WHERE status = 'aberto';
CREATE INDEX privacy_request_status ON privacy_request (status, requested_at);
