-- The staff audit log (issue "staff workspace"; decision 0056): every change a member of staff
-- makes from the workspace (a role given, a comment approved, a suggestion moved, a loan at the
-- desk, a patron blocked…) — who, when, what, and the thing before and after. Append-only: a
-- trigger refuses every UPDATE and DELETE, so not even a bug of ours can rewrite history.
-- The actor is kept by id and by login at the time, without a foreign key: the log outlives the
-- account (a staff member who leaves, a patron deleted at their request) and is never rewritten.
CREATE TABLE staff_action (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  -- The signed-in staff member; null for an operator's command.
  actor_id integer,
  actor_login text NOT NULL,
  -- What was done, e.g. 'comment.approve' (STAFF_ACTIONS in the contract).
  action text NOT NULL,
  -- What it was done to: a kind ('comment', 'suggestion', 'patron', 'loan'…) and its id or login.
  target_kind text NOT NULL,
  target_id text NOT NULL,
  -- The thing as it was before and as it is after (null: did not exist / no longer exists).
  before jsonb,
  after jsonb
);
CREATE INDEX staff_action_at ON staff_action (at DESC, id DESC);
CREATE INDEX staff_action_actor ON staff_action (lower(actor_login), at DESC);
CREATE INDEX staff_action_target ON staff_action (target_kind, target_id);

CREATE OR REPLACE FUNCTION public.staff_action_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    RAISE EXCEPTION 'staff_action is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
  END
  $$;
CREATE TRIGGER staff_action_append_only BEFORE UPDATE OR DELETE ON staff_action
  FOR EACH ROW EXECUTE FUNCTION public.staff_action_refuse_change();
CREATE TRIGGER staff_action_no_truncate BEFORE TRUNCATE ON staff_action
  FOR EACH STATEMENT EXECUTE FUNCTION public.staff_action_refuse_change();
