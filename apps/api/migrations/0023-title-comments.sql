-- Title comments (SPEC §7 /comentarios/…, §3 Comment, §4 "sent, shown only after library approval";
-- decision 0042). A patron's comment on a record waits for a librarian: approved, it shows on the
-- record page; refused, only its author sees it, with the reason. Who decided and when is kept.
CREATE TABLE title_comment (
  id bigserial PRIMARY KEY,
  title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  content text NOT NULL CHECK (length(content) BETWEEN 1 AND 2000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text,
  refusal_reason text,
  -- A decision is whole: a pending comment has none, a decided one has its moment and its author,
  -- and only a refusal has (and must have) a reason.
  CHECK ((status = 'pending') = (decided_at IS NULL) AND (decided_at IS NULL) = (decided_by IS NULL)),
  CHECK ((status = 'refused') = (refusal_reason IS NOT NULL))
);
-- The record page: a title's approved comments, newest first.
CREATE INDEX title_comment_title_approved ON title_comment (title_id, created_at DESC, id DESC)
  WHERE status = 'approved';
-- The patron's own comments, and the count of those awaiting approval (the per-patron limit).
CREATE INDEX title_comment_patron ON title_comment (patron_id, created_at DESC);
-- The moderation queue (estante comments pending), oldest first.
CREATE INDEX title_comment_pending ON title_comment (created_at, id) WHERE status = 'pending';
