-- The circulation half of the staff workspace's requests, and general comments moderated
-- (decision 0061).

-- Inter-library loans move at the library's hand: when they last moved, and the library's last
-- answer to the patron (required when one ends unserved).
ALTER TABLE interlibrary_request ADD COLUMN updated_at timestamptz;
ALTER TABLE interlibrary_request ADD COLUMN answer text;
CREATE INDEX interlibrary_request_queue ON interlibrary_request (status, requested_at);

-- A closed-stack protocol is attended (the items were fetched and wait at the desk) or refused,
-- with the library's answer to the patron (required for a refusal).
ALTER TABLE closed_stack_request DROP CONSTRAINT closed_stack_request_status_check;
ALTER TABLE closed_stack_request ADD CONSTRAINT closed_stack_request_status_check
  CHECK (status IN ('aguardando', 'atendida', 'recusada', 'cancelada'));
ALTER TABLE closed_stack_request ADD COLUMN answer text;
CREATE INDEX closed_stack_request_queue ON closed_stack_request (status, requested_at);

-- General comments are decided as title comments are: when, by which librarian, and why refused.
ALTER TABLE library_comment ADD COLUMN decided_at timestamptz;
ALTER TABLE library_comment ADD COLUMN decided_by text;
ALTER TABLE library_comment ADD COLUMN refusal_reason text;
UPDATE library_comment SET decided_at = created_at, decided_by = 'estante' WHERE status <> 'pending';
ALTER TABLE library_comment ADD CONSTRAINT library_comment_decision
  CHECK ((status = 'pending') = (decided_at IS NULL));
CREATE INDEX library_comment_pending ON library_comment (created_at) WHERE status = 'pending';
